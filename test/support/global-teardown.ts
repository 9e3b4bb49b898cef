import { testRunId, withServer } from './test-database';

/** Drops the per-file databases a crashed file may have left behind (the template stays for the next run). */
export default async function globalTeardown(): Promise<void> {
  await withServer(async (c) => {
    const rows = await c.query<{ datname: string }>('select datname from pg_database where datname like $1', [`dte_t_${testRunId()}_%`]);
    for (const r of rows.rows) await c.query(`drop database if exists "${r.datname}" with (force)`).catch(() => undefined);
  });
}
