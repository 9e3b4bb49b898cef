/**
 * How many PostgreSQL connections one process may hold, pool by pool (ADR 0037; the README's
 * settings table states the same sum):
 *
 * - `DB_POOL_MAX` for requests and jobs, split between the ORM's pool (entity transactions) and the
 *   direct pool (raw statements and the issuance's lean transactions): half each, at least one each;
 * - `JOB_DB_POOL_MAX` for the job engine (Agenda's polling, locks and job states, and its one
 *   LISTEN connection);
 * - two for notices: one LISTEN connection for every channel, one to NOTIFY.
 *
 * The embedded database is one session behind a socket and has no budget of its own.
 */
export interface ConnectionBudget {
  orm: number;
  direct: number;
  jobs: number;
  notices: number;
  total: number;
}

export const NOTICE_CONNECTIONS = 2;

export function connectionBudget(dbPoolMax: number, jobPoolMax: number): ConnectionBudget {
  const orm = Math.max(1, Math.floor(dbPoolMax / 2));
  const direct = Math.max(1, dbPoolMax - orm);
  return { orm, direct, jobs: jobPoolMax, notices: NOTICE_CONNECTIONS, total: orm + direct + jobPoolMax + NOTICE_CONNECTIONS };
}
