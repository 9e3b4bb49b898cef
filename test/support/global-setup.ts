import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { databaseUrl, templateName, withServer } from './test-database';

/** Builds the migrated template database once per run (skipped when it already exists for these migrations). */
export default async function globalSetup(): Promise<void> {
  process.env.DTE_TEST_RUN ??= `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const template = templateName();
  const exists = await withServer(async (c) => (await c.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1);
  if (exists) return;
  const building = `${template}_building_${process.pid}`;
  await withServer(async (c) => {
    await c.query(`drop database if exists "${building}"`);
    await c.query(`create database "${building}"`);
  });
  execFileSync(process.execPath, ['-r', '@swc-node/register', join(__dirname, 'migrate-database.ts'), databaseUrl(building)], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await withServer(async (c) => {
    try {
      await c.query(`alter database "${building}" rename to "${template}"`);
    } catch (err) {
      // A parallel run won the race: keep theirs.
      await c.query(`drop database if exists "${building}"`);
      if (!/already exists/.test(String((err as Error).message))) throw err;
    }
    await c.query(`alter database "${template}" with is_template true`).catch(() => undefined);
    // Old templates from earlier migration sets.
    const old = await c.query<{ datname: string }>("select datname from pg_database where datname like 'dte_template_%' and datname <> $1", [template]);
    for (const r of old.rows) {
      await c.query(`alter database "${r.datname}" with is_template false`).catch(() => undefined);
      await c.query(`drop database if exists "${r.datname}" with (force)`).catch(() => undefined);
    }
  });
}
