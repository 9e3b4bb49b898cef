/**
 * README.md's REST table lists every route of the route table with its scope and its success
 * statuses, and its scopes table lists every scope; a route or scope added without its README row
 * fails here with the row to add.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeResponses } from '../../../rest-adapter/route-responses';
import { ROUTES } from '../../../rest-adapter/route-table';
import { ALL_SCOPES } from '../../../src/domain/identity/scopes';
import { DOCUMENT_STATUSES } from '../../../src/domain/documents';

const readme = readFileSync(join(__dirname, '../../../README.md'), 'utf8');
const section = (title: string) => {
  const start = readme.indexOf(`\n${title}\n`);
  if (start < 0) throw new Error(`README.md has no section "${title}"`);
  const next = readme.slice(start + title.length + 2).search(/\n#{2,3} /);
  return readme.slice(start, next < 0 ? undefined : start + title.length + 2 + next);
};
const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim());
const readmePath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
const scopeCell = (scope: string | null, isPublic: boolean) => (scope ? `\`${scope}\`` : isPublic ? 'none' : 'any key');

const restRows = section('### REST endpoints')
  .split('\n')
  .filter((l) => /^\| (GET|POST|PUT|PATCH|DELETE) \|/.test(l))
  .map(cells)
  .map(([method, path, scope, success]) => ({ method, path: path.replace(/`/g, ''), scope, success }));

describe('README quick start', () => {
  it('starts with exactly the two quick-start lines, followed by the walk-through', () => {
    expect(readme.split('\n').slice(0, 6)).toEqual([
      '# Servicio DTE — electronic invoicing for El Salvador',
      '',
      '```',
      'npm install --no-audit --no-fund && npm start',
      'npm install --no-audit --no-fund && npm test',
      '```',
    ]);
    expect(readme.indexOf('<!-- walk-through')).toBeLessThan(readme.indexOf('## What `npm start` gives you'));
  });
});

describe('README REST table', () => {
  it('has one row per route of the route table, and no row for a route that does not exist', () => {
    const routes = ROUTES.map((r) => `${r.method} ${readmePath(r.path)}`);
    const rows = restRows.map((r) => `${r.method} ${r.path}`);
    const missing = ROUTES.filter((r) => !rows.includes(`${r.method} ${readmePath(r.path)}`)).map(
      (r) => `README.md lacks a row for ${r.id}: | ${r.method} | \`${readmePath(r.path)}\` | ${scopeCell(r.scope, !!r.public)} | ${r.status} … |`,
    );
    expect(missing).toEqual([]);
    expect(rows.filter((r) => !routes.includes(r))).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${readmePath(r.path)}`, r] as const))('%s: the row names its scope and exactly its success statuses', (key, route) => {
    const row = restRows.find((r) => `${r.method} ${r.path}` === key);
    if (!row) return; // reported by the test above, with the row to add
    expect(row.scope.startsWith(scopeCell(route.scope, !!route.public))).toBe(true);
    const named = [...new Set([...row.success.matchAll(/(?<![\w.`/-])([1-5]\d\d)(?![\w`])/g)].map((m) => Number(m[1])))].sort();
    const documented = routeResponses(route).successes.map((s) => s.status).sort();
    expect(named).toEqual(documented);
  });
});

describe('README scopes table', () => {
  it('lists every scope of the service, and none that does not exist', () => {
    const table = section('### Scopes').split('\n').filter((l) => l.startsWith('| `'));
    const listed = table.map((l) => /^\| `([a-z]+:[a-z]+)`/.exec(l)?.[1]).filter(Boolean);
    expect([...listed].sort()).toEqual([...ALL_SCOPES].sort());
  });
});

describe('README statuses', () => {
  it('names only document statuses that exist in the lifecycle line', () => {
    const line = readme.slice(readme.indexOf('- Lifecycle'), readme.indexOf('Every transmission is recorded'));
    const named = [...line.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(4);
    expect(named.filter((w) => !(DOCUMENT_STATUSES as readonly string[]).includes(w))).toEqual([]);
  });
});
