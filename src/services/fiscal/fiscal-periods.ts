import type { EntityManager } from '@mikro-orm/core';
import { insertOutboxEvent } from '../shared/outbox';
import { sql } from '../shared/sql';

export type PeriodStatus = 'open' | 'closing' | 'closed';

export interface PeriodState {
  status: PeriodStatus;
  version: number;
  drift: boolean;
}

const OPEN: PeriodState = { status: 'open', version: 1, drift: false };

/** Status of one period; a period without a row is open, version 1. */
export async function periodStatus(em: EntityManager, emitterId: string, environment: string, period: string): Promise<PeriodState> {
  const rows = await sql<{ status: PeriodStatus; version: number; drift: boolean }>(
    em,
    'select status, version, drift from fiscal_periods where emitter_id = ? and environment = ? and period = ?',
    [emitterId, environment, period],
  );
  return rows[0] ? { status: rows[0].status, version: Number(rows[0].version), drift: rows[0].drift } : { ...OPEN };
}

/** Status of several periods at once (periods without a row are left out: they are open). */
export async function periodStatuses(em: EntityManager, emitterId: string, environment: string, periods: readonly string[]): Promise<Map<string, PeriodState>> {
  const out = new Map<string, PeriodState>();
  if (!periods.length) return out;
  const rows = await sql<{ period: string; status: PeriodStatus; version: number; drift: boolean }>(
    em,
    'select period, status, version, drift from fiscal_periods where emitter_id = ? and environment = ? and period in (select jsonb_array_elements_text(?::jsonb))',
    [emitterId, environment, JSON.stringify([...new Set(periods)])],
  );
  for (const r of rows) out.set(r.period, { status: r.status, version: Number(r.version), drift: r.drift });
  return out;
}

/** Writes into the period are refused (records) while it is closing or closed. */
export function isLocked(state: PeriodState | undefined): boolean {
  return state !== undefined && state.status !== 'open';
}

export interface DriftChange {
  /** What changed, e.g. `document.fiscal_tags`, `document.voided`. */
  kind: string;
  /** Id of the document or record that changed. */
  subjectId: string;
  [key: string]: unknown;
}

/**
 * Inputs of a closed period changed: sets `drift` and appends the change to `drift_details`, and
 * queues the event `fiscal.period.drift_detected` (same transaction as the caller's change). Does
 * nothing when the period is not closed. Returns whether the period was marked.
 */
export async function markPeriodDrift(
  em: EntityManager,
  e: { accountId: string; emitterId: string; environment: string; period: string; change: DriftChange; at?: Date },
): Promise<boolean> {
  const at = e.at ?? new Date();
  const detail = { ...e.change, at: at.toISOString() };
  const rows = await sql<{ version: number }>(
    em,
    `update fiscal_periods set drift = true, drift_details = drift_details || ?::jsonb, updated_at = ?
      where emitter_id = ? and environment = ? and period = ? and status = 'closed'
      returning version`,
    [JSON.stringify([detail]), at, e.emitterId, e.environment, e.period],
  );
  if (!rows.length) return false;
  await insertOutboxEvent(em, {
    accountId: e.accountId,
    environment: e.environment,
    type: 'fiscal.period.drift_detected',
    subjectId: e.emitterId,
    data: { object: 'period', emitter_id: e.emitterId, period: e.period, status: 'closed', version: Number(rows[0].version), drift: true, change: camelToSnakeShallow(detail) },
    at,
  });
  return true;
}

function camelToSnakeShallow(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k.replace(/([A-Z])/g, (_m, c: string) => `_${c.toLowerCase()}`)] = v;
  return out;
}
