import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { databaseUrl, templateName, withServer } from './test-database';

/**
 * Builds the browser panel when its sources changed (its tests open it in Chromium), and the migrated
 * template database once per run (skipped when it already exists for these migrations).
 */
export default async function globalSetup(): Promise<void> {
  process.env.DTE_TEST_RUN ??= `${Date.now().toString(36)}${process.pid.toString(36)}`;
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'build-panel.mjs'), '--if-stale'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const template = templateName();
  const exists = await withServer(async (c) => (await c.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1);
  if (exists) return markUsed(template);
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
    await c.query(`comment on database "${template}" is '${new Date().toISOString()}'`).catch(() => undefined);
    // Old templates from earlier migration sets, unused for a day: another checkout's run on the same
    // server may still be cloning a template of its own migration set, so a recent one is kept.
    const old = await c.query<{ datname: string; used: string | null }>(
      "select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like 'dte_template_%' and datname not like '%_building_%' and datname <> $1",
      [template],
    );
    for (const r of old.rows) {
      const usedAt = Date.parse(r.used ?? '');
      if (Number.isFinite(usedAt) && Date.now() - usedAt < 24 * 3_600_000) continue;
      await c.query(`alter database "${r.datname}" with is_template false`).catch(() => undefined);
      await c.query(`drop database if exists "${r.datname}" with (force)`).catch(() => undefined);
    }
  });
}

/** Records when a template was last used, so concurrent runs of other checkouts never drop it under each other. */
async function markUsed(template: string): Promise<void> {
  await withServer(async (c) => void (await c.query(`comment on database "${template}" is '${new Date().toISOString()}'`).catch(() => undefined)));
}
