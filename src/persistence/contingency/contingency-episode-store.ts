import type { MikroORM } from '@mikro-orm/core';
import {
  CONTINGENCY_EPISODE_BIRTH,
  CONTINGENCY_EPISODE_MOVES,
  RECOVERING_EPISODE_STATUSES,
  type ContingencyEpisodeMoveName,
  type ContingencyEpisodeStatus,
} from '../../domain/contingency/contingency-episode-state-machine';
import { episodeDocumentCountSql } from '../documents/document-queries';
import { applyMove, type MoveTarget, type SqlExpression } from '../status-moves';
import { sql, type SqlExecutor } from '../sql';

/** A lote of held documents sent to MH. */
export interface EpisodeLote {
  code: string;
  documentIds: string[];
  status: string;
  sentAt: string;
}

/** An episode as recovery reads it (timestamps as `Date`). */
export interface DueEpisode {
  id: string;
  account_id: string;
  emitter_id: string;
  environment: '00' | '01';
  contingency_type: number;
  reason: string | null;
  status: ContingencyEpisodeStatus;
  started_at: Date;
  ended_at: Date | null;
  event_status: string | null;
  event_sealed_at: Date | null;
  lotes: EpisodeLote[];
}

/** An episode as the list shows it, with the count of documents it still holds. */
export interface ListedEpisodeRow {
  id: string;
  emitter_id: string;
  environment: string;
  status: ContingencyEpisodeStatus;
  contingency_type: number;
  reason: string | null;
  started_at: string | Date;
  ended_at: string | Date | null;
  held: number;
  event_generation_code: string | null;
  event_status: string | null;
  event_seal: string | null;
  event_sealed_at: string | Date | null;
  lotes: EpisodeLote[] | null;
  last_error: string | null;
  next_check_at: string | Date | null;
}

/** An episode whose owners are owed the e-mail that MH refused its event. */
export interface PendingFailureEmail {
  id: string;
  account_id: string;
  emitter_name: string;
  emitter_nit: string;
  environment: string;
  last_error: string | null;
  documents_held: number;
}

const TARGET: MoveTarget = {
  table: 'contingency_episodes',
  settable: ['ended_at', 'next_check_at', 'event_generation_code', 'event_status', 'event_response', 'last_error', 'failure_email_pending', 'failure_email_attempts', 'failure_email_error'],
  returning: 'id, status',
};

const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * `(select jsonb_build_object('id', …, 'contingency_type', …, 'reason', …) …)`: the open episode of
 * the issuer aliased `emitterAlias` in the environment bound at `?` (null when none), for a query
 * over the issuer (the issuance context reads it with the issuer, in one statement).
 */
export function openEpisodeOfEmitterSql(emitterAlias: string): string {
  return `(select jsonb_build_object('id', ce.id, 'contingency_type', ce.contingency_type, 'reason', ce.reason) from contingency_episodes ce
              where ce.emitter_id = ${emitterAlias}.id and ce.environment = ? and ce.status = '${CONTINGENCY_EPISODE_BIRTH}' order by ce.started_at desc limit 1)`;
}

/**
 * The store of `contingency_episodes`: the only code that writes the table, and its reads. Every
 * status change is a move of CONTINGENCY_EPISODE_MOVES applied in the statement that changes the row
 * (ADR 0083); the other writes (the next check, the lotes, the accepted event, the failure e-mail)
 * change no status.
 */
export class ContingencyEpisodeStore {
  constructor(private readonly orm: MikroORM) {}

  private em(em?: SqlExecutor): SqlExecutor {
    return em ?? this.orm.em.fork();
  }

  /** The issuer's episodes that were open at some time in [from, to) (instants), in id order: a period archive's events. */
  async overlapping(scope: { accountId: string; environment: string; emitterId: string; from: Date; to: Date }): Promise<Record<string, unknown>[]> {
    return sql(
      this.em(),
      `select id, emitter_id, environment, contingency_type, reason, status, started_at, ended_at, event_generation_code, event_status, event_seal, event_sealed_at, event_response, lotes
        from contingency_episodes where account_id = ? and environment = ? and emitter_id = ? and started_at < ? and (ended_at is null or ended_at >= ?) order by id`,
      [scope.accountId, scope.environment, scope.emitterId, scope.to, scope.from],
    );
  }

  // ── Births and the issuer's lock ──────────────────────────────────────────────────────────────

  /** Serialises the openings of one issuer's episodes in one environment (until `tx` ends). */
  async lockIssuer(tx: SqlExecutor, emitterId: string, environment: string): Promise<void> {
    await sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`contingency:${emitterId}:${environment}`]);
  }

  /** The issuer's newest open episode in the environment, with the documents it ever held, or null. */
  async openOf(tx: SqlExecutor, emitterId: string, environment: string): Promise<{ id: string; held: number } | null> {
    const [open] = await sql<{ id: string; held: number }>(
      tx,
      `select e.id, ${episodeDocumentCountSql('e', false)} as held
         from contingency_episodes e where e.emitter_id = ? and e.environment = ? and e.status = ? order by e.started_at desc limit 1`,
      [emitterId, environment, CONTINGENCY_EPISODE_BIRTH],
    );
    return open ?? null;
  }

  /** A new episode, born `open`, first checked at `nextCheckAt`. */
  async open(
    tx: SqlExecutor,
    e: { id: string; accountId: string; emitterId: string; environment: string; contingencyType: number; reason: string; nextCheckAt: Date },
    at: Date,
  ): Promise<void> {
    await sql(
      tx,
      `insert into contingency_episodes (id, account_id, emitter_id, environment, contingency_type, reason, status, started_at, next_check_at, lotes, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', ?, ?)`,
      [e.id, e.accountId, e.emitterId, e.environment, e.contingencyType, e.reason, CONTINGENCY_EPISODE_BIRTH, at, e.nextCheckAt, at, at],
    );
  }

  // ── Moves ─────────────────────────────────────────────────────────────────────────────────────

  /**
   * A status change of the machine, with the columns it also sets; false when the episode was not in
   * a status the move leaves (nothing changed).
   */
  async move(
    name: ContingencyEpisodeMoveName,
    id: string,
    change: { set?: Record<string, unknown | SqlExpression>; at: Date },
    tx?: SqlExecutor,
  ): Promise<boolean> {
    return (await applyMove(this.em(tx), TARGET, name, CONTINGENCY_EPISODE_MOVES[name], id, change)) !== null;
  }

  /** MH answered the probe (move `end`): the outage ended at `at`. */
  end(id: string, at: Date): Promise<boolean> {
    return this.move('end', id, { set: { ended_at: at }, at });
  }

  /** No document is held any more (move `complete`): ended now unless it ended before, no further checks. */
  complete(id: string, at: Date): Promise<boolean> {
    return this.move('complete', id, { set: { ended_at: { sql: 'coalesce(ended_at, ?)', params: [at] }, next_check_at: null }, at });
  }

  /** MH refused the contingency event (move `fail`), with its answer; the owners' e-mail becomes pending. In the caller's transaction. */
  fail(tx: SqlExecutor, id: string, event: { generationCode: string; response: unknown; lastError: string }, at: Date): Promise<boolean> {
    return this.move(
      'fail',
      id,
      {
        set: {
          event_generation_code: event.generationCode,
          event_status: 'rejected',
          event_response: event.response ?? null,
          last_error: event.lastError,
          failure_email_pending: true,
          failure_email_attempts: 0,
          failure_email_error: null,
        },
        at,
      },
      tx,
    );
  }

  /**
   * A held document's retry brings the episode's next step forward to `at`: a `failed` one goes back
   * to recovery for a new event (move `retry`, its event forgotten), an unfinished one is just due.
   * One statement; the status the episode had before, or null when it had none of those.
   */
  async hurry(tx: SqlExecutor, id: string, at: Date): Promise<ContingencyEpisodeStatus | null> {
    const retry = CONTINGENCY_EPISODE_MOVES.retry;
    const [row] = await sql<{ previous: ContingencyEpisodeStatus }>(
      tx,
      `with before as (select status from contingency_episodes where id = ?)
       update contingency_episodes set next_check_at = ?, updated_at = ?,
              status = case when status = any(?::text[]) then ? else status end,
              event_status = case when status = any(?::text[]) then null else event_status end
        where id = ? and status = any(?::text[])
        returning (select status from before) as previous`,
      [id, at, at, [...retry.from], retry.to, [...retry.from], id, [...RECOVERING_EPISODE_STATUSES, ...retry.from]],
    );
    return row?.previous ?? null;
  }

  // ── Writes that change no status ──────────────────────────────────────────────────────────────

  /** The next check of an unfinished episode, and the last error when there is one. */
  async schedule(id: string, nextCheckAt: Date, lastError: string | null, at: Date): Promise<void> {
    await sql(this.em(), 'update contingency_episodes set next_check_at = ?, last_error = coalesce(?, last_error), updated_at = ? where id = ?', [nextCheckAt, lastError, at, id]);
  }

  /** An open declared episode becomes due now (its end was asked for); false when it is not open. */
  async dueNowIfOpen(id: string, at: Date): Promise<void> {
    await sql(this.em(), 'update contingency_episodes set next_check_at = ?, updated_at = ? where id = ? and status = ?', [at, at, id, CONTINGENCY_EPISODE_BIRTH]);
  }

  /** The lotes sent so far and their state. */
  async recordLotes(id: string, lotes: EpisodeLote[], at: Date): Promise<void> {
    await sql(this.em(), 'update contingency_episodes set lotes = ?, updated_at = ? where id = ?', [JSON.stringify(lotes), at, id]);
  }

  /** MH sealed the contingency event. */
  async recordEventAccepted(id: string, event: { generationCode: string; seal: string; response: unknown }, at: Date): Promise<void> {
    await sql(
      this.em(),
      `update contingency_episodes set event_generation_code = ?, event_status = 'accepted', event_seal = ?, event_sealed_at = ?, event_response = ?, last_error = null, updated_at = ? where id = ?`,
      [event.generationCode, event.seal, at, JSON.stringify(event.response ?? null), at, id],
    );
  }

  /** The failure e-mail went out (`error` null), could not go (`error`, tried again), or has nobody to go to (`give_up`). */
  async recordFailureEmail(id: string, outcome: { sent: true } | { sent: false; error: string; giveUp: boolean }): Promise<void> {
    if (outcome.sent) {
      await sql(this.em(), 'update contingency_episodes set failure_email_pending = false, failure_email_attempts = failure_email_attempts + 1, failure_email_error = null where id = ?', [id]);
    } else if (outcome.giveUp) {
      await sql(this.em(), 'update contingency_episodes set failure_email_pending = false, failure_email_error = ? where id = ?', [outcome.error, id]);
    } else {
      await sql(this.em(), 'update contingency_episodes set failure_email_attempts = failure_email_attempts + 1, failure_email_error = ? where id = ?', [outcome.error, id]);
    }
  }

  // ── Reads ─────────────────────────────────────────────────────────────────────────────────────

  /** The episodes recovery advances now (open or recovering, due), oldest first. */
  async due(now: Date, limit: number): Promise<DueEpisode[]> {
    const rows = await sql<DueEpisode>(
      this.em(),
      `select id, account_id, emitter_id, environment, contingency_type, reason, status, started_at, ended_at, event_status, event_sealed_at, lotes
         from contingency_episodes where status = any(?::text[]) and (next_check_at is null or next_check_at <= ?) order by started_at limit ?`,
      [[...RECOVERING_EPISODE_STATUSES], now, limit],
    );
    // Raw SQL returns timestamps as text.
    return rows.map((e) => ({ ...e, started_at: new Date(e.started_at), ended_at: date(e.ended_at), event_sealed_at: date(e.event_sealed_at) }));
  }

  /** The status of an episode, or null when there is none. */
  async statusOf(id: string): Promise<ContingencyEpisodeStatus | null> {
    const [e] = await sql<{ status: ContingencyEpisodeStatus }>(this.em(), 'select status from contingency_episodes where id = ?', [id]);
    return e?.status ?? null;
  }

  /** What the certification battery reads of an episode it declared. */
  async declared(id: string): Promise<{ status: string; event_status: string | null; event_generation_code: string | null; event_seal: string | null; last_error: string | null } | null> {
    const [e] = await sql<{ status: string; event_status: string | null; event_generation_code: string | null; event_seal: string | null; last_error: string | null }>(
      this.em(),
      'select status, event_status, event_generation_code, event_seal, last_error from contingency_episodes where id = ?',
      [id],
    );
    return e ?? null;
  }

  /** A page of the account's episodes in the environment with one of `statuses`, newest first, after `startingAfter` (an id). */
  async list(scope: { accountId: string; environment: string }, statuses: readonly ContingencyEpisodeStatus[], page: { limit: number; startingAfter?: string | null }): Promise<ListedEpisodeRow[]> {
    return sql<ListedEpisodeRow>(
      this.em(),
      `select e.*, ${episodeDocumentCountSql('e', true)} as held
         from contingency_episodes e
        where e.account_id = ? and e.environment = ? and e.status = any(?::text[]) ${page.startingAfter ? 'and e.id < ?' : ''}
        order by e.id desc limit ?`,
      [scope.accountId, scope.environment, [...statuses], ...(page.startingAfter ? [page.startingAfter] : []), page.limit + 1],
    );
  }

  /** Open episodes per environment (readiness, metrics). */
  async openCounts(em: SqlExecutor): Promise<{ environment: string; n: number }[]> {
    return sql<{ environment: string; n: number }>(em, 'select environment, count(*)::int as n from contingency_episodes where status = ? group by 1', [CONTINGENCY_EPISODE_BIRTH]);
  }

  /** Episodes whose failure e-mail is owed and was tried fewer than `maxAttempts` times, with their issuer. */
  async pendingFailureEmails(maxAttempts: number, limit: number): Promise<PendingFailureEmail[]> {
    return sql<PendingFailureEmail>(
      this.em(),
      `select c.id, c.account_id, e.name as emitter_name, e.nit as emitter_nit, c.environment, c.last_error,
              ${episodeDocumentCountSql('c', true)} as documents_held
         from contingency_episodes c join emitters e on e.id = c.emitter_id
        where c.failure_email_pending and c.failure_email_attempts < ? order by c.updated_at limit ?`,
      [maxAttempts, limit],
    );
  }
}
