/**
 * Leases on fiscal work (report generation, period close). A run claims the work with a fresh token and
 * `lease_until = now + FISCAL_LEASE_MS`, renews it between steps (the heartbeat), and writes its result
 * only while it still holds the token. The sweep re-enqueues work whose lease has expired — the worker
 * died — never work that is merely slow; and if a lease does expire under a live run, the run that took
 * it over wins and the late one writes nothing.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../shared/sql';

/** How long a claim lasts without a heartbeat (also how long a run that never started is left alone). */
export const FISCAL_LEASE_MS = 120_000;

/** The run no longer holds the lease: another run took the work over. */
export class FiscalLeaseLostError extends Error {
  constructor(what: string) {
    super(`se perdió la concesión de ${what}: otra ejecución la tomó`);
  }
}

const until = (now: Date) => new Date(now.getTime() + FISCAL_LEASE_MS);

/**
 * Claims a report for generation: queued or failed, or running with an expired lease (or without one,
 * left from before leases, once older than a lease). Returns the token, or null when it cannot be claimed.
 */
export async function claimReport(em: EntityManager, reportId: string, now: Date): Promise<string | null> {
  const token = randomUUID();
  const rows = await sql<{ id: string }>(
    em,
    `update fiscal_reports set status = 'running', started_at = ?, lease_until = ?, lease_token = ?
      where id = ? and (status in ('queued', 'failed')
        or (status = 'running' and (lease_until < ? or (lease_until is null and created_at < ?))))
      returning id`,
    [now, until(now), token, reportId, now, new Date(now.getTime() - FISCAL_LEASE_MS)],
  );
  return rows.length ? token : null;
}

/** Extends a report's lease; throws FiscalLeaseLostError when the token no longer holds it. */
export async function renewReport(em: EntityManager, reportId: string, token: string, now: Date): Promise<void> {
  const rows = await sql<{ id: string }>(
    em,
    `update fiscal_reports set lease_until = ? where id = ? and status = 'running' and lease_token = ? returning id`,
    [until(now), reportId, token],
  );
  if (!rows.length) throw new FiscalLeaseLostError(`el reporte ${reportId}`);
}

/** Claims a closing period for the close job; null when it is not closing or a live run holds it. */
export async function claimPeriodClose(em: EntityManager, p: { emitterId: string; environment: string; period: string }, now: Date): Promise<string | null> {
  const token = randomUUID();
  const rows = await sql<{ period: string }>(
    em,
    `update fiscal_periods set close_lease_until = ?, close_lease_token = ?
      where emitter_id = ? and environment = ? and period = ? and status = 'closing'
        and (close_lease_until is null or close_lease_until < ?)
      returning period`,
    [until(now), token, p.emitterId, p.environment, p.period, now],
  );
  return rows.length ? token : null;
}

/** Extends a period close's lease; throws FiscalLeaseLostError when the token no longer holds it. */
export async function renewPeriodClose(em: EntityManager, p: { emitterId: string; environment: string; period: string }, token: string, now: Date): Promise<void> {
  const rows = await sql<{ period: string }>(
    em,
    `update fiscal_periods set close_lease_until = ?
      where emitter_id = ? and environment = ? and period = ? and status = 'closing' and close_lease_token = ?
      returning period`,
    [until(now), p.emitterId, p.environment, p.period, token],
  );
  if (!rows.length) throw new FiscalLeaseLostError(`el cierre del período ${p.period}`);
}
