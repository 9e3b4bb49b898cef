import { Pool } from 'pg';
import { quietAfterEnd } from '../../../jobs/agenda-queue';

const URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

describe('quietAfterEnd', () => {
  it('queries work before end; after end a promise query answers an empty result instead of rejecting', async () => {
    const pool = new Pool({ connectionString: URL, max: 1 });
    quietAfterEnd(pool as never);
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
    await expect(pool.query('select 1')).resolves.toEqual({ rows: [], rowCount: 0 });
  });

  it('without it, the same late query rejects (the failure it prevents)', async () => {
    const pool = new Pool({ connectionString: URL, max: 1 });
    await pool.end();
    await expect(pool.query('select 1')).rejects.toThrow('Cannot use a pool after calling end on the pool');
  });
});
