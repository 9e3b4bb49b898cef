import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPORT_TYPES, RESOURCE_KEYS } from '../../../src/domain/fiscal/index';

const README = readFileSync(join(__dirname, '../../../src/domain/fiscal/README.md'), 'utf8');

describe('src/domain/fiscal/README.md', () => {
  const keys = Object.entries(RESOURCE_KEYS).flatMap(([resource, k]) => [
    ...k.amounts.map((s) => [resource, 'amounts', s.key, s.column] as const),
    ...k.attributes.map((s) => [resource, 'attributes', s.key, s.column] as const),
  ]);
  it.each(keys)('%s %s key %s is documented with its column', (_resource, map, key, column) => {
    expect(README).toContain(`| ${map} | \`${key}\` | ${column} |`);
  });

  it.each(REPORT_TYPES.map((t) => t.type))('report type %s is documented', (type) => {
    expect(README).toContain(`\`${type}\``);
  });
});
