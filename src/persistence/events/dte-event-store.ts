import type { MikroORM } from '@mikro-orm/core';
import { DTE_EVENT_BIRTH, DTE_EVENT_MOVES, STANDING_DTE_EVENT_STATUSES, type DteEventMoveName, type DteEventStatus } from '../../domain/events/dte-event-state-machine';
import type { DteEventKind } from '../../domain/events/dte-event.types';
import { INVALIDATION_BIRTH, INVALIDATION_MOVES, type InvalidationStatus } from '../../domain/invalidations/invalidation-state-machine';
import { applyMove, type MoveTarget } from '../status-moves';
import { sql, type SqlExecutor } from '../sql';

/** A `dte_events` row as the views read it. */
export interface DteEventRow {
  id: string;
  kind: DteEventKind;
  emitter_id: string;
  document_id: string | null;
  environment: string;
  status: DteEventStatus;
  external_id: string | null;
  generation_code: string;
  seal: string | null;
  processed_at: Date | string | null;
  event_date: string;
  lines: Record<string, unknown>[];
  totals: { subtotal: string; iva: string; total: string; totalInWords: string };
  mh_response: { code: string | null; message: string | null; observations: string[] } | null;
  created_at: Date | string;
  void: DteEventVoidCopy | null;
  voided_at: Date | string | null;
}

/**
 * The event's latest invalidation (`dte_events.void`), shaped as a document's copy of its own (ADR 0084):
 * its progress `pending` → `sealed` | `rejected` follows INVALIDATION_MOVES; the event itself moves
 * `void` (sealed → voided) in the statement that seals it (ADR 0063).
 */
export interface DteEventVoidCopy {
  reasonType: string;
  reason: string | null;
  receptionStamp: string | null;
  status: InvalidationStatus;
  /** MH's answer to the invalidation (absent while pending). */
  mh?: { code: string | null; message: string | null; observations: string[] } | null;
}

export const DTE_EVENT_COLUMNS =
  'id, kind, emitter_id, document_id, environment, status, external_id, generation_code, seal, processed_at, event_date, lines, totals, mh_response, created_at, void, voided_at';

/** A pending invalidation taken for a send (its attempt counted), with what the send needs. */
export interface SendableDteEventVoid {
  id: string;
  account_id: string;
  kind: DteEventKind;
  emitter_id: string;
  environment: '00' | '01';
  void_generation_code: string;
  void_jws: string;
  void: DteEventVoidCopy;
}

/** An event as its creation stores it, signed. */
export interface NewDteEventRow {
  id: string;
  account_id: string;
  emitter_id: string;
  environment: string;
  kind: DteEventKind;
  document_id: string | null;
  external_id: string | null;
  generation_code: string;
  event_date: string;
  lines: Record<string, unknown>[];
  totals: DteEventRow['totals'];
  event_json: string;
  jws: string;
  at: Date;
}

/** An event a transmitter holds, with its issuer's MH user (the claim reads it in the same statement). */
export interface ClaimedDteEvent {
  id: string;
  account_id: string;
  kind: DteEventKind;
  environment: '00' | '01';
  emitter_id: string;
  generation_code: string;
  jws: string;
  /** Sends counted before this claim. */
  transmission_attempts: number;
  nit: string;
  mh_user: string | null;
  sealed_mh_password: string | null;
}

const TARGET: MoveTarget = { table: 'dte_events', settable: ['seal', 'processed_at', 'mh_response', 'transmit_lease_until'], returning: DTE_EVENT_COLUMNS };

/** The void progress a step of INVALIDATION_MOVES leaves from, as SQL over the row. */
const VOID_FROM = (step: keyof typeof INVALIDATION_MOVES) => `void->>'status' = any(array[${INVALIDATION_MOVES[step].from.map((s) => `'${s}'`).join(', ')}])`;

/**
 * The store of `dte_events` (returns and special-operations events): the only code that writes the
 * table, and its reads. Every status change is a move of DTE_EVENT_MOVES applied in the statement that
 * changes the row (ADR 0083); the other writes (the transmitter's lease, MH's interim answer) change
 * no status and hold only while the event is pending.
 */
export class DteEventStore {
  constructor(private readonly orm: MikroORM) {}

  private em(em?: SqlExecutor): SqlExecutor {
    return em ?? this.orm.em.fork();
  }

  /** The issuer's returns and special operations dated in [from, to] (El Salvador dates), in id order: a period archive's events. */
  async ofPeriod(scope: { accountId: string; environment: string; emitterId: string; from: string; to: string }): Promise<(DteEventRow & { event_json: string; jws: string })[]> {
    return sql<DteEventRow & { event_json: string; jws: string }>(
      this.em(),
      `select ${DTE_EVENT_COLUMNS}, event_json, jws from dte_events where account_id = ? and environment = ? and emitter_id = ? and event_date >= ? and event_date <= ? order by id`,
      [scope.accountId, scope.environment, scope.emitterId, scope.from, scope.to],
    );
  }

  /** Stores a new event, born `pending`, in the caller's transaction. */
  async insert(tx: SqlExecutor, r: NewDteEventRow): Promise<void> {
    await sql(
      tx,
      `insert into dte_events (id, account_id, emitter_id, environment, kind, document_id, external_id, status, generation_code, event_date, lines, totals,
         event_json, jws, transmission_attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
      [r.id, r.account_id, r.emitter_id, r.environment, r.kind, r.document_id, r.external_id, DTE_EVENT_BIRTH, r.generation_code, r.event_date,
        JSON.stringify(r.lines), JSON.stringify(r.totals), r.event_json, r.jws, r.at, r.at],
    );
  }

  /** A status change of the transmission (seal, reject; `void` is sealVoid's); the row as it was left, or null when the event was not in a status the move leaves. */
  async move(name: Exclude<DteEventMoveName, 'void'>, id: string, change: { set?: Partial<Pick<DteEventRow, 'seal' | 'processed_at' | 'mh_response'>> & { transmit_lease_until?: Date | null }; at: Date }, tx?: SqlExecutor): Promise<DteEventRow | null> {
    return applyMove<DteEventRow, DteEventStatus>(this.em(tx), TARGET, name, DTE_EVENT_MOVES[name], id, change);
  }

  /**
   * A transmitter's lease on a pending event (none live), counting the send, with the issuer's MH
   * user read in the same statement; null when it is not pending or another transmitter holds it.
   */
  async claim(id: string, leaseUntil: Date, at: Date): Promise<ClaimedDteEvent | null> {
    const [row] = await sql<ClaimedDteEvent>(
      this.em(),
      `with c as (
         update dte_events set transmit_lease_until = ?, transmission_attempts = transmission_attempts + 1, updated_at = ?
          where id = ? and status = ? and (transmit_lease_until is null or transmit_lease_until < ?)
          returning id, account_id, kind, environment, emitter_id, generation_code, jws, transmission_attempts - 1 as transmission_attempts)
       select c.*, e.nit, cr.mh_user, cr.sealed_mh_password from c join emitters e on e.id = c.emitter_id
         left join emitter_credentials cr on cr.emitter_id = c.emitter_id and cr.environment = c.environment`,
      [leaseUntil, at, id, DTE_EVENT_BIRTH, at],
    );
    return row ?? null;
  }

  /** MH did not answer: still pending, leased until the next try, with the reason as its answer. */
  async waitForMh(id: string, until: Date, answer: NonNullable<DteEventRow['mh_response']>, at: Date): Promise<void> {
    await sql(this.em(), `update dte_events set transmit_lease_until = ?, mh_response = ?, updated_at = ? where id = ? and status = ?`, [until, JSON.stringify(answer), at, id, DTE_EVENT_BIRTH]);
  }

  /** The event of the caller's account and environment, or null. */
  async find(scope: { accountId: string; environment: string }, id: string): Promise<DteEventRow | null> {
    const [row] = await sql<DteEventRow>(this.em(), `select ${DTE_EVENT_COLUMNS} from dte_events where id = ? and account_id = ? and environment = ?`, [id, scope.accountId, scope.environment]);
    return row ?? null;
  }

  /** The event's signed JSON as sent (what its invalidation repeats), or null. */
  async signedJson(id: string): Promise<string | null> {
    const [row] = await sql<{ event_json: string }>(this.em(), 'select event_json from dte_events where id = ?', [id]);
    return row?.event_json ?? null;
  }

  /** A page of one document's returns or one issuer's special operations, newest first, after `after` (an id). */
  async page(
    scope: { accountId: string; environment: string },
    of: { documentId: string; kind: 'return' } | { emitterId: string; kind: 'special_operation' },
    page: { first: number; after?: string | null },
  ): Promise<DteEventRow[]> {
    const [column, value] = 'documentId' in of ? ['document_id', of.documentId] : ['emitter_id', of.emitterId];
    return sql<DteEventRow>(
      this.em(),
      `select ${DTE_EVENT_COLUMNS} from dte_events where ${column} = ? and kind = ? and account_id = ? and environment = ? ${page.after ? 'and id < ?' : ''} order by id desc limit ?`,
      [value, of.kind, scope.accountId, scope.environment, ...(page.after ? [page.after] : []), page.first + 1],
    );
  }

  /** The lines of the document's standing returns (sealed or pending): what was returned already. */
  async standingReturnLines(em: SqlExecutor, documentId: string): Promise<{ numItem: number; quantity: string }[][]> {
    const rows = await sql<{ lines: { numItem: number; quantity: string }[] }>(em, `select lines from dte_events where document_id = ? and kind = 'return' and status = any(?::text[])`, [
      documentId,
      [...STANDING_DTE_EVENT_STATUSES],
    ]);
    return rows.map((r) => r.lines);
  }

  /** A standing return of the document (it cannot be invalidated while one stands), or null. */
  async standingReturnOf(em: SqlExecutor, documentId: string): Promise<string | null> {
    const [r] = await sql<{ id: string }>(em, `select id from dte_events where document_id = ? and kind = 'return' and status = any(?::text[]) limit 1`, [
      documentId,
      [...STANDING_DTE_EVENT_STATUSES],
    ]);
    return r?.id ?? null;
  }

  /**
   * Stores a signed invalidation of a sealed event, its progress born `pending`, in `tx` — only while
   * the event is sealed and has no pending invalidation (a rejected one is replaced). Null otherwise.
   */
  async requestVoid(
    tx: SqlExecutor,
    id: string,
    v: { generationCode: string; reasonType: string; reason: string | null; eventJson: string; jws: string },
    at: Date,
  ): Promise<DteEventRow | null> {
    const copy: DteEventVoidCopy = { reasonType: v.reasonType, reason: v.reason, receptionStamp: null, status: INVALIDATION_BIRTH };
    const [row] = await sql<DteEventRow>(
      tx,
      `update dte_events set void = ?, void_generation_code = ?, void_event_json = ?, void_jws = ?, void_attempts = 0, updated_at = ?
        where id = ? and status = any(?::text[]) and (void is null or void->>'status' <> ?)
        returning ${DTE_EVENT_COLUMNS}`,
      [JSON.stringify(copy), v.generationCode, v.eventJson, v.jws, at, id, [...DTE_EVENT_MOVES.void.from], INVALIDATION_BIRTH],
    );
    return row ?? null;
  }

  /** Takes the event's pending invalidation for a send, counting the attempt; null when none is pending. */
  async countVoidAttempt(id: string, at: Date): Promise<SendableDteEventVoid | null> {
    const [row] = await sql<SendableDteEventVoid>(
      this.em(),
      `update dte_events set void_attempts = void_attempts + 1, updated_at = ? where id = ? and status = '${DTE_EVENT_MOVES.void.from[0]}' and ${VOID_FROM('seal')}
        returning id, account_id, kind, emitter_id, environment, void_generation_code, void_jws, void`,
      [at, id],
    );
    return row ?? null;
  }

  /**
   * MH sealed the invalidation: the event moves `void` (sealed → voided) with its copy `sealed`, in one
   * statement, only while the invalidation is pending. The row as left, or null.
   */
  async sealVoid(id: string, answer: { seal: string; mh: NonNullable<DteEventVoidCopy['mh']>; processedAt: Date }, at: Date, tx?: SqlExecutor): Promise<DteEventRow | null> {
    // The move `void` of DTE_EVENT_MOVES, guarded also by the invalidation's own step (`seal` leaves pending).
    const move = DTE_EVENT_MOVES.void;
    const [row] = await sql<DteEventRow>(
      this.em(tx),
      `update dte_events set status = ?, void = void || ?::jsonb, voided_at = ?, updated_at = ?
        where id = ? and status = any(?::text[]) and ${VOID_FROM('seal')} returning ${DTE_EVENT_COLUMNS}`,
      [move.to, JSON.stringify({ status: INVALIDATION_MOVES.seal.to, receptionStamp: answer.seal, mh: answer.mh }), answer.processedAt, at, id, [...move.from]],
    );
    return row ?? null;
  }

  /** MH refused the invalidation: the event stays sealed, its copy `rejected` with MH's answer. False when none was pending. */
  async rejectVoid(id: string, mh: NonNullable<DteEventVoidCopy['mh']>, at: Date): Promise<boolean> {
    const rows = await sql<{ id: string }>(
      this.em(),
      `update dte_events set void = void || ?::jsonb, updated_at = ? where id = ? and status = '${DTE_EVENT_MOVES.void.from[0]}' and ${VOID_FROM('reject')} returning id`,
      [JSON.stringify({ status: INVALIDATION_MOVES.reject.to, mh }), at, id],
    );
    return rows.length > 0;
  }

  /** Sealed events whose invalidation is pending and untouched since `before`: sent again by the reconciler. */
  async pendingVoids(before: Date, limit: number): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      this.em(),
      `select id from dte_events where status = '${DTE_EVENT_MOVES.void.from[0]}' and ${VOID_FROM('seal')} and updated_at < ? order by updated_at limit ?`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Pending events whose lease expired and that did not change for `quietMs`: sent again by the reconciler. */
  async dueAgain(now: Date, quietMs: number, limit: number): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      this.em(),
      `select id from dte_events where status = ? and (transmit_lease_until is null or transmit_lease_until < ?) and updated_at < ? order by updated_at limit ?`,
      [DTE_EVENT_BIRTH, now, new Date(now.getTime() - quietMs), limit],
    );
    return rows.map((r) => r.id);
  }
}
