import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '../../../src/domain/shared/error-codes';

describe('error taxonomy', () => {
  const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'errors.md'), 'utf8');
  const documented = new Map([...doc.matchAll(/^\| `([a-z_0-9]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));

  it('docs/errors.md lists every code with its HTTP status, and nothing else', () => {
    expect([...documented.keys()].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const [code, meta] of Object.entries(ERROR_CODES)) expect([code, documented.get(code)]).toEqual([code, meta.status]);
  });

  it('every code has a Spanish title and a 4xx/5xx status', () => {
    for (const meta of Object.values(ERROR_CODES)) {
      expect(meta.status).toBeGreaterThanOrEqual(400);
      expect(meta.title).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
  });
});
