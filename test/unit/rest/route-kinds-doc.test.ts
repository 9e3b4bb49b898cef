/**
 * ADR 0001 and the README say how each REST route runs its use case: a direct `call` of the
 * resolver's service (the JSON routes), or a `handler` (binary, multipart, cookies…). No route runs a
 * GraphQL operation in-process any more. This holds them to the route table: the
 * counts they give, and the ADR's list of every `call` and `handler` route.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../../../rest-adapter/route-table';

const root = join(__dirname, '../../..');
const adr = readFileSync(join(root, 'docs/adr/0001-rest-adapter-over-graphql.md'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

const handlers = ROUTES.filter((r) => r.handler).map((r) => r.id);
const calls = ROUTES.filter((r) => !r.handler && r.call).map((r) => r.id);

describe('how the REST routes run, as the docs say', () => {
  it('every route is exactly one kind', () => {
    expect(ROUTES.filter((r) => [r.handler, r.call].filter(Boolean).length !== 1).map((r) => r.id)).toEqual([]);
  });

  it('ADR 0001 gives the counts of the route table', () => {
    expect(adr).toContain(`Of the ${ROUTES.length} routes of the table, **${calls.length} call the resolver's service directly** (\`call\`)
and **${handlers.length} have a \`handler\`**`);
  });

  it('ADR 0001 lists every handler in its table, and names every direct call', () => {
    const table = adr.slice(adr.indexOf('| Why a handler | Routes |'));
    const listed = [...table.slice(0, table.indexOf('\n\n')).matchAll(/`(\w+)`/g)].map((m) => m[1]).filter((id) => ROUTES.some((r) => r.id === id));
    expect([...listed].sort()).toEqual([...handlers].sort());
    for (const id of calls) expect(adr).toContain(`\`${id}\``);
  });

  it('the README gives the same counts', () => {
    expect(readme).toContain(`${calls.length} routes call the resolver's service directly and ${handlers.length} handlers`);
  });
});
