/**
 * The entities are the schema truth migrations are generated from: on a database with every migration
 * applied, `npm run migration:create` must find nothing to write. An index made in raw SQL (partial,
 * expression, GIN) and left off its entity would otherwise come out of the next migration as a
 * `drop index`, and a column default set in SQL as an `alter column`.
 */
import { createOrm, type Orm } from '../../../src/persistence/orm';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let db: TestDatabase;
let orm: Orm;

beforeAll(async () => {
  db = await createTestDatabase();
  orm = await createOrm({ pool: { connectionString: db.url }, poolMax: 2 });
});
afterAll(async () => {
  await orm.close(true);
  await db.drop();
});

describe('entities and migrations', () => {
  it('a migrated database has nothing left for migration:create to write', async () => {
    const migrator = orm.getMigrator();
    // The statements migration:create would write (the migrator's own diff), for a readable failure.
    const diff = await (migrator as unknown as { getSchemaDiff(blank: boolean, initial: boolean): Promise<{ up: string[] }> }).getSchemaDiff(false, false);
    expect(diff.up.filter((s) => s.trim() !== '')).toEqual([]);
    expect(await migrator.checkMigrationNeeded()).toBe(false);
  });

  it('still sees an index that exists in the database only (the check can fail)', async () => {
    const conn = orm.em.getConnection();
    await conn.execute('create index "documents_drift_probe_idx" on "documents" ("created_at")');
    try {
      expect(await orm.getMigrator().checkMigrationNeeded()).toBe(true);
    } finally {
      await conn.execute('drop index "documents_drift_probe_idx"');
    }
  });
});
