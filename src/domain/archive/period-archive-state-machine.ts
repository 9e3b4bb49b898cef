import type { StatusMove } from '../shared/state-machine';

/**
 * A period archive (ADR 0072): `queued` (requested) → `running` (a worker holds its lease and writes
 * the ZIP) → `ready` (the file is stored) | `failed` (the reason in `error`). A run whose worker died
 * is taken over while `running` once its lease has lapsed. The one list of its statuses and the only
 * changes between them.
 */
export const PERIOD_ARCHIVE_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type PeriodArchiveStatus = (typeof PERIOD_ARCHIVE_STATUSES)[number];

export const PERIOD_ARCHIVE_BIRTH = 'queued' satisfies PeriodArchiveStatus;

export const PERIOD_ARCHIVE_MOVES = {
  /** A worker takes it (a fresh one, or one whose last worker's lease lapsed). */
  start: { from: ['queued', 'running'], to: 'running' },
  /** Every entry is written and the file stored. */
  finish: { from: ['running'], to: 'ready' },
  /** The run could not finish; the reason is kept. */
  fail: { from: ['running'], to: 'failed' },
} as const satisfies Record<string, StatusMove<PeriodArchiveStatus>>;

export type PeriodArchiveMoveName = keyof typeof PERIOD_ARCHIVE_MOVES;

/** The archives a worker may still take (the sweep re-enqueues them). */
export const PENDING_PERIOD_ARCHIVE_STATUSES = ['queued', 'running'] as const satisfies readonly PeriodArchiveStatus[];
