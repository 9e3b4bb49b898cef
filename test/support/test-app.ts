import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startApp, type RunningApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { createLogger } from '../../src/config/logger';
import type { Clock } from '../../src/services/shared/clock';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_MASTER_KEY = 'a1'.repeat(32);

export interface TestApp {
  app: RunningApp;
  url: string;
  db: TestDatabase;
  /** Every log line written so far (JSON text). */
  logs: string[];
  account: { id: string; testKey: string; liveKey: string };
  newAccount(name?: string): Promise<{ id: string; testKey: string; liveKey: string }>;
  stop(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  /** Start on this (already used) database instead of a fresh one, e.g. to restart the service; `stop()` then leaves it in place. */
  db?: TestDatabase;
  /** Reuse this account instead of creating one (with `db`, after a restart). */
  account?: { id: string; testKey: string; liveKey: string };
}

/** The whole service on its own database and an ephemeral port, with one account. */
export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const ownsDb = !opts.db;
  const db = opts.db ?? (await createTestDatabase());
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const config = loadConfig({
    DATABASE_URL: db.url,
    DTE_MASTER_KEY: TEST_MASTER_KEY,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'dte-test-')),
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '0',
    JOB_CONCURRENCY: '4',
    DB_POOL_MAX: '8',
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...env,
  });
  const app = await startApp(config, { logger: createLogger(config.logLevel, sink), demoAccount: false, clock: opts.clock });
  const newAccount = async (name = 'Cuenta de prueba') => {
    const a = await app.services.createAccount.execute({ name });
    return { id: a.accountId, testKey: a.keys.test.key, liveKey: a.keys.live.key };
  };
  const account = opts.account ?? (await newAccount());
  return {
    app,
    url: app.url!,
    db,
    logs,
    account,
    newAccount,
    stop: async () => {
      await app.stop();
      if (ownsDb) await db.drop();
    },
  };
}
