import { SEALED_COLUMNS } from '../../../src/services/secrets/sealed-values';
import { dbRows } from '../../support/db-rows';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * A master-key rotation re-seals the columns SEALED_COLUMNS lists: every column of the schema whose
 * name says it is sealed must be there, or a rotation would leave it readable only with the old key.
 */
describe('the list of sealed columns', () => {
  let db: TestDatabase;
  beforeAll(async () => (db = await createTestDatabase()));
  afterAll(async () => db.drop());

  it('names every sealed column of the schema, and only columns that exist', async () => {
    const columns = await dbRows<{ t: string; c: string }>(db.url, `select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`);
    // `sealed` as a word of the name (sealed_private_key, secret_sealed, totp_sealed_secret), not a seal's time (event_sealed_at).
    const sealed = columns.filter((x) => /(^|_)sealed(_|$)/.test(x.c) && !x.c.endsWith('_at')).map((x) => `${x.t}.${x.c}`).sort();
    const listed = SEALED_COLUMNS.map((s) => `${s.table}.${s.column}`);
    expect(sealed.filter((c) => !listed.includes(c))).toEqual([]);
    const existing = new Set(columns.map((x) => `${x.t}.${x.c}`));
    expect(listed.filter((c) => !existing.has(c))).toEqual([]);
  });
});
