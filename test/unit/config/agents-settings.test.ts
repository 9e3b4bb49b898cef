import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { envSchema } from '../../../src/config/env.schema';

/** Every setting the service and the simulator read is a row of AGENTS.md's settings table, and every row is read. */
const root = join(__dirname, '..', '..', '..');
const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
const documented = new Set([...agents.matchAll(/^\| `([A-Z][A-Z0-9_]+)`(?: \/ `([A-Z][A-Z0-9_]+)`)? \|/gm)].flatMap((m) => [m[1], m[2]].filter(Boolean)));
const simulatorSource = readFileSync(join(root, 'src', 'mh-simulator', 'main.ts'), 'utf8');
const simulatorSettings = [...new Set([...simulatorSource.matchAll(/(?:process\.env\.|\(')([A-Z][A-Z0-9_]{3,})/g)].map((m) => m[1]))].filter((n) => n.startsWith('MH_SIMULATOR_') || n === 'LOG_LEVEL');

describe('AGENTS.md settings table', () => {
  it.each(Object.keys(envSchema.shape))('documents the service setting %s', (name) => {
    expect(documented.has(name)).toBe(true);
  });
  it.each(simulatorSettings)('documents the simulator setting %s', (name) => {
    expect(documented.has(name)).toBe(true);
  });
});
