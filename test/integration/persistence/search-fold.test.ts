/**
 * dte_search_text, the receiver search's fold (ADR 0040), answers the same on both databases the
 * service runs on: real PostgreSQL and the embedded PGlite (whose unaccent comes from its contrib;
 * PGlite runs in a child process, see test/support/embedded-query.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

jest.setTimeout(180_000);

const ROWS: [label: string, text: string, folded: string][] = [
  ['accents and capitals', 'María José LÓPEZ', 'maria jose lopez'],
  ['ñ and ü', 'Muñoz Güell', 'munoz guell'],
  ['a NIT with dashes', '0614-010190-101-9', '06140101901019'],
  ['a DUI with its dash', '04567890-1', '045678901'],
  ['LIKE wildcards kept', '%ana\\_%', '%ana\\_%'],
  ['other punctuation kept', 'S.A. de C.V.', 's.a. de c.v.'],
];
const FOLD = 'select dte_search_text($1) as f';
const INDEX = `select indexdef from pg_indexes where indexname = 'documents_receiver_search_idx'`;
const COLUMN = `select generation_expression from information_schema.columns where table_name = 'documents' and column_name = 'receiver_search'`;

describe('dte_search_text', () => {
  let pg: TestDatabase;
  beforeAll(async () => {
    pg = await createTestDatabase();
  });
  afterAll(async () => {
    await pg.drop();
  });

  it('folds case, accents and dashes the same on PostgreSQL and on the embedded database, both with the generated column and its index', async () => {
    const expected = ROWS.map((r) => r[2]);
    const pool = new Pool({ connectionString: pg.url, max: 1 });
    let real: string[];
    let realIndex: string;
    let realColumn: string;
    try {
      real = [];
      for (const [, text] of ROWS) real.push((await pool.query<{ f: string }>(FOLD, [text])).rows[0].f);
      realIndex = (await pool.query<{ indexdef: string }>(INDEX)).rows[0].indexdef;
      realColumn = (await pool.query<{ generation_expression: string }>(COLUMN)).rows[0].generation_expression;
    } finally {
      await pool.end();
    }
    expect(real).toEqual(expected);

    const dataDir = mkdtempSync(join(tmpdir(), 'dte-fold-'));
    try {
      const out = execFileSync(process.execPath, ['-r', '@swc-node/register', 'test/support/embedded-query.ts', dataDir, JSON.stringify([...ROWS.map(([, text]) => [FOLD, [text]]), [INDEX, []], [COLUMN, []]])], {
        cwd: join(__dirname, '..', '..', '..'),
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      });
      const rows = JSON.parse(out) as { f?: string; indexdef?: string; generation_expression?: string }[][];
      expect(rows.slice(0, ROWS.length).map((r) => r[0].f)).toEqual(expected);
      expect(rows[ROWS.length][0].indexdef).toBe(realIndex);
      expect(rows[ROWS.length + 1][0].generation_expression).toBe(realColumn);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
