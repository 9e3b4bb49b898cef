import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

/** The PostgreSQL server tests use; each test file gets its own database cloned from a migrated template. */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const u = new URL(TEST_SERVER_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Template name changes whenever a migration changes, so a stale template is never reused. */
export function templateName(): string {
  const dir = join(__dirname, '..', '..', 'migrations');
  const h = createHash('sha256');
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(join(dir, f)));
  return `dte_template_${h.digest('hex').slice(0, 12)}`;
}

export async function withServer<T>(fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: TEST_SERVER_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Set by the global setup so the teardown drops only this run's databases (other runs may share the server). */
export function testRunId(): string {
  return process.env.DTE_TEST_RUN ?? 'adhoc';
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file (CREATE DATABASE … TEMPLATE …: milliseconds, migrations already applied). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `dte_t_${testRunId()}_${randomBytes(4).toString('hex')}`;
  const template = templateName();
  await withServer(async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database "${name}" template "${template}"`);
        return;
      } catch (err) {
        // Another file cloning the template at the same moment ("source database is being accessed").
        if (attempt < 20 && /being accessed/.test(String((err as Error).message))) {
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
          continue;
        }
        throw err;
      }
    }
  });
  return {
    name,
    url: databaseUrl(name),
    drop: () => withServer(async (c) => void (await c.query(`drop database if exists "${name}" with (force)`))),
  };
}
