import { createOrm, type Orm } from '../../../src/persistence/orm';
import { preparedSql, sql } from '../../../src/services/shared/sql';
import { TEST_SERVER_URL } from '../../support/test-database';

// Runs on the server's own database and only reads pg_prepared_statements: nothing is written.
const STATEMENTS = 'select statement from pg_prepared_statements order by prepare_time';

async function preparedOnOneConnection(orm: Orm, run: (em: Orm['em']) => Promise<unknown>): Promise<string[]> {
  return orm.em.fork().transactional(async (tx) => {
    await run(tx);
    await run(tx);
    return (await sql<{ statement: string }>(tx, STATEMENTS)).map((r) => r.statement);
  });
}

describe('preparedSql and sql', () => {
  let named: Orm;
  let unnamed: Orm;
  beforeAll(async () => {
    named = await createOrm({ pool: { connectionString: TEST_SERVER_URL }, poolMax: 2 });
    unnamed = await createOrm({ pool: { connectionString: TEST_SERVER_URL }, poolMax: 2, namedStatements: false });
  });
  afterAll(async () => {
    await named.close(true);
    await unnamed.close(true);
  });

  it('preparedSql prepares its text once per connection and returns the rows', async () => {
    const seen: number[] = [];
    const statements = await preparedOnOneConnection(named, async (tx) => {
      const [row] = await preparedSql<{ v: number }>(tx, 'select ?::int + 40 as v /* prepared-sql test a */', [2]);
      seen.push(row.v);
    });
    expect(seen).toEqual([42, 42]);
    expect(statements.filter((s) => s.includes('prepared-sql test a'))).toEqual(['select $1::int + 40 as v /* prepared-sql test a */']);
  });

  it('sql is never prepared: it is planned for its parameters on every call', async () => {
    const statements = await preparedOnOneConnection(named, (tx) => sql(tx, 'select ?::int as v /* prepared-sql test b */', [1]));
    expect(statements.filter((s) => s.includes('prepared-sql test b'))).toEqual([]);
  });

  it('an ORM with namedStatements: false (the embedded database) never prepares, even the same text', async () => {
    const statements = await preparedOnOneConnection(unnamed, (tx) => preparedSql(tx, 'select ?::int + 40 as v /* prepared-sql test a */', [2]));
    expect(statements).toEqual([]);
  });
});
