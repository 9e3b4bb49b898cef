import type { EntityManager, MikroORM } from '@mikro-orm/core';
import {
  AWAITING_TRANSMISSION_STATUSES,
  DOCUMENT_BIRTHS,
  DOCUMENT_MOVES,
  TRANSMITTED_MESSAGE,
  moveAllowedFrom,
  type DocumentEventType,
  type DocumentMoveName,
  type DocumentOutboxEvent,
  type DocumentStatus,
  type DocumentView,
  type DocumentVoidInfo,
} from '../../domain/documents';
import { IdPrefix, newId, newSequentialId } from '../../domain/shared/ids';
import { leanTransaction, preparedRows, preparedSql, sql, sqlRows, type CompanionWrite, type SqlExecutor } from '../sql';
import { DocumentQueries } from './document-queries';
import { statusListSql } from './status-list-sql';
import type { DocumentReadRow, DocumentRow } from './document-row';
import type { DocumentViewColumnsRow } from './document-view.mapper';
import { columnList } from './document-table';
import { SUMMARY_COLUMNS, documentSummary, summaryJsonSql } from './document-summary';
import { historyLines, toDocumentView } from './document-view.mapper';
import { ISSUANCE_EMAIL_INSERT } from './issuance-email.sql';
import { GroupedWrites } from '../grouped-writes';

/** A document changed status (delivered to subscribers after the change is committed). */
export interface DocumentStatusChange {
  documentId: string;
  accountId: string;
  environment: string;
  emitterId: string;
  status: string;
}

/** What the store tells the rest of the service after a commit, and the one fiscal rule it applies inside a transaction. */
export interface DocumentStoreHooks {
  clock: { now(): Date };
  /** Subscriptions: PostgreSQL NOTIFY on `notifyChannel` (sent by the changing statement) or `publish` after commit. */
  statusBus: { readonly notifyChannel?: string; publish(e: DocumentStatusChange): Promise<void> };
  /** Outbox rows were committed: dispatch them now. */
  outbox: { kick(): void };
  /** Documents were committed `signed` for a worker to transmit: wake the pumps (absent: they poll). */
  transmissionDue?: { publish(e: { count: number }): Promise<void> };
  /** A pending issuance e-mail was committed: deliver it. */
  emailQueued(emailId: string): void;
  /** Inside the transaction of a change that enters the books: mark the drift of a closed period it touches. */
  booksTouched(em: EntityManager, d: BooksTouch, at: Date): Promise<void>;
  logger: { warn(obj: object, msg: string): void };
}

/** A document that entered (`processed`) or left (`voided`) the books, as its status change left it. */
export interface BooksTouch {
  id: string;
  /** CAT-002 type: the books read only some (a CD 15 touches none). */
  type: string;
  accountId: string;
  emitterId: string;
  environment: string;
  status: 'processed' | 'voided';
  issueDate: string;
  processedAt: Date | null;
  voidedAt: Date | null;
}

/** A document as issuance stores it: every column, numbered and signed. */
export interface BornDocument {
  row: DocumentRow & { status: keyof typeof DOCUMENT_BIRTHS };
  pointOfSaleId: string;
}

/** One status change: the move, the columns it also sets, and its `events[]` line. */
export interface DocumentChange {
  set?: Partial<DocumentRow>;
  message: string;
  data?: Record<string, unknown> | null;
  /** Narrows the move's `from` statuses (each must be one the state machine allows). */
  from?: readonly DocumentStatus[];
}

/** A transaction of the store: its entity manager and what to do once it commits. */
export interface DocumentTx {
  em: EntityManager;
  afterCommit(fn: () => void): void;
}

/** A transaction of raw statements only (DocumentStore.leanTransaction): no ORM operation runs in it. */
export interface SqlTx {
  em: SqlExecutor;
  afterCommit(fn: () => void): void;
}

/** A document a transmitter holds, with its issuer's MH user (the claim reads it in the same statement). */
export interface ClaimedDocument {
  id: string;
  account_id: string;
  environment: string;
  emitter_id: string;
  type: string;
  generation_code: string;
  jws: string;
  model_type: number;
  /** Sends counted before this claim. */
  transmission_attempts: number;
  first_transmitted_at: Date | null;
  /** The claim wrote the `transmitted` line of its send (a first send with credentials at hand goes at once; after an earlier send MH is asked first). */
  send_recorded: boolean;
  nit: string;
  mh_user: string | null;
  sealed_mh_password: string | null;
}

type ChangedRow = Pick<DocumentRow, 'id' | 'account_id' | 'environment' | 'emitter_id' | 'status'>;

/** A status change waiting for its group's statement (transitionInOneStatement). */
interface GroupedChange {
  id: string;
  name: DocumentMoveName;
  change: DocumentChange;
  /** The columns it sets besides status and updated_at, sorted (the group's shape). */
  cols: (keyof DocumentRow)[];
  from: readonly string[];
  at: Date;
  viewBaseUrl: string | undefined;
}

type OneStatementResult = { done: boolean; view: DocumentView | null } | 'closed_period';

/** A column value as a statement parameter: objects (jsonb) as their JSON text. */
function jsonParam(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : (v ?? null);
}

/** Whether a change may touch a closed fiscal period: those take the transactional path, which marks drift. */
const CLOSED_PERIOD_GUARD = ` and not exists (select 1 from fiscal_periods fp where fp.emitter_id = documents.emitter_id and fp.environment = documents.environment
          and fp.status = 'closed' and fp.period >= substr(documents.issue_date, 1, 7))`;

/**
 * The documents core's store: the only code that writes `documents`, `document_events`, a document's
 * outbox rows and its status notification, and the owner of the document's views (see
 * DocumentQueries). Status changes go through the domain's state machine (DOCUMENT_MOVES): a move is
 * applied only from its allowed statuses, in the statement that changes the row, and writes its
 * `events[]` line, its outbox event and its notification with it.
 *
 * Column lists come from DocumentEntity's metadata; hot-path statements are raw SQL with bound
 * parameters, prepared once per connection (ADR 0018).
 */
export class DocumentStore extends DocumentQueries {
  private readonly groupedChanges = new GroupedWrites<GroupedChange, OneStatementResult>((_key, group) => this.transitionGroup(group));
  private readonly insertText: string;
  private readonly insertWithCompanionText: string;
  private readonly returning: string;

  constructor(
    orm: MikroORM,
    private readonly hooks: DocumentStoreHooks,
  ) {
    super(orm);
    const { columns } = this.tables.documents;
    const events = this.tables.events.columns;
    const cols = columnList(columns);
    // A birth's outbox event carries the summary PostgreSQL builds from the inserted row, generated columns included.
    const docsReturning = columnList([...new Set(['id', ...SUMMARY_COLUMNS])]);
    this.insertText = `with docs as (insert into documents (${cols}) select ${cols} from jsonb_populate_recordset(null::documents, ?::jsonb) returning ${docsReturning}),
          evs as (insert into document_events (${columnList(events)}) select ${columnList(events)} from jsonb_populate_recordset(null::document_events, ?::jsonb)),
          obx as (insert into outbox_events (id, account_id, environment, type, subject_id, data, created_at)
                  select o.id, o.account_id, o.environment, o.type, o.subject_id, ${summaryJsonSql('d')}, o.created_at
                    from jsonb_populate_recordset(null::outbox_events, ?::jsonb) o join docs d on d.id = o.subject_id),
          pos as (update points_of_sale p set documents_count = p.documents_count + c.n
                    from jsonb_to_recordset(?::jsonb) as c(id text, n int) where p.id = c.id)
     select count(*)::int as n from docs`;
    const tail = this.insertText.lastIndexOf('\n     select count(*)::int as n from docs');
    this.insertWithCompanionText = `${this.insertText.slice(0, tail)},\n          ?COMPANION?\n     select count(*)::int as n, (select count(*)::int from companion) as companion_rows from docs`;
    // Qualified: a grouped change updates `from` its input rows.
    this.returning = columnList(this.viewColumns, 'documents');
  }

  /** Runs `fn` in one transaction; the notifications, outbox dispatch and e-mails it caused leave after the commit. */
  async transaction<T>(fn: (tx: DocumentTx) => Promise<T>, em?: EntityManager): Promise<T> {
    const effects: (() => void)[] = [];
    const result = await (em ?? this.orm.em.fork()).transactional((inner) => fn({ em: inner, afterCommit: (f) => effects.push(f) }));
    for (const f of effects) f();
    return result;
  }

  /**
   * transaction() for raw statements only, on a connection of the direct pool with no ORM around it
   * (leanTransaction): the issuance's group commit. The ORM's own transaction where there is no direct
   * pool (the embedded database).
   */
  async leanTransaction<T>(fn: (tx: SqlTx) => Promise<T>): Promise<T> {
    const effects: (() => void)[] = [];
    const result = await leanTransaction(this.orm.em, (em) => fn({ em, afterCommit: (f) => effects.push(f) }));
    for (const f of effects) f();
    return result;
  }

  /**
   * Stores issued documents with their first `events[]` lines (DOCUMENT_BIRTHS), the outbox event of
   * those born in contingency and the points of sale's document counts, in one statement of the
   * caller's transaction whatever the number of documents. A `companion` write of another owner (the
   * idempotency records' links) rides in the same statement; the rows it returned are answered.
   */
  async insertBorn(tx: SqlTx, born: readonly BornDocument[], companion?: CompanionWrite): Promise<{ companionRows: number }> {
    const events: Record<string, unknown>[] = [];
    const outbox: Record<string, unknown>[] = [];
    const counts = new Map<string, number>();
    for (const { row, pointOfSaleId } of born) {
      const birth = DOCUMENT_BIRTHS[row.status];
      // Lines of the same instant are ordered by id: sequential ids keep the birth's order.
      for (const type of birth.events) {
        const at = type === 'created' ? row.created_at : row.signed_at!;
        events.push({ id: newSequentialId(IdPrefix.documentEvent, at.getTime()), document_id: row.id, type, at, message: birthMessage(type, row), data: null });
      }
      if (birth.outbox) outbox.push(this.outboxHead(row, birth.outbox, row.signed_at!));
      counts.set(pointOfSaleId, (counts.get(pointOfSaleId) ?? 0) + 1);
    }
    const posCounts = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([id, n]) => ({ id, n }));
    const params = [JSON.stringify(born.map((b) => b.row)), JSON.stringify(events), JSON.stringify(outbox), JSON.stringify(posCounts)];
    const text = companion ? this.insertWithCompanionText.replace('?COMPANION?', companion.cte) : this.insertText;
    const [r] = await preparedSql<{ companion_rows?: number }>(tx.em, text, companion ? [...params, ...companion.params] : params);
    if (outbox.length) tx.afterCommit(() => this.hooks.outbox.kick());
    const due = born.filter((b) => b.row.status === 'signed').length;
    if (due && this.hooks.transmissionDue) {
      const bus = this.hooks.transmissionDue;
      tx.afterCommit(() => void bus.publish({ count: due }).catch((err: unknown) => this.hooks.logger.warn({ err }, 'no se pudo avisar a los trabajadores; transmitirán al consultar')));
    }
    return { companionRows: r?.companion_rows ?? 0 };
  }

  /**
   * Applies a move of the state machine. The common case is one statement (one round trip, atomic by
   * itself): the row, only from the move's statuses, its `events[]` line, its outbox event built by
   * PostgreSQL, the issuance e-mail and the notification. A change that could touch a closed fiscal
   * period takes the transactional path, which also marks the period's drift; so does a change inside
   * the caller's transaction (`tx`). Returns whether the document was in an allowed status; `view`
   * (when asked, outside a caller's transaction) is the document as the change left it.
   */
  async transition(id: string, name: DocumentMoveName, change: DocumentChange, opts: { tx?: DocumentTx; viewBaseUrl?: string } = {}): Promise<{ done: boolean; view: DocumentView | null }> {
    const from = this.fromOf(name, change.from);
    const at = this.hooks.clock.now();
    if (opts.tx) {
      const row = await this.transitionInTx(opts.tx, id, name, change, from, at);
      return { done: row !== null, view: null };
    }
    const one = await this.transitionInOneStatement(id, name, change, from, at, opts.viewBaseUrl);
    if (one !== 'closed_period') return one;
    const row = await this.transaction((tx) => this.transitionInTx(tx, id, name, change, from, at));
    return { done: row !== null, view: null };
  }

  /**
   * A transmitter's claim (move `transmit`): takes the lease, counts the send and reads the issuer's
   * MH user, in one statement. A first send with credentials at hand goes at once, so its
   * `transmitted` line is written here; after an earlier send MH is asked first and the line is
   * written before the resend (recordSend). Null when the document is not free to transmit (other
   * status, contingency model, live lease).
   */
  async claim(id: string, opts: { leaseUntil: Date; includeContingency: boolean }): Promise<ClaimedDocument | null> {
    const at = this.hooks.clock.now();
    const move = DOCUMENT_MOVES.transmit;
    const from = move.from.filter((s) => opts.includeContingency || s !== 'contingency');
    const channel = this.hooks.statusBus.notifyChannel;
    const rows = await preparedRows<ClaimedDocument & { notified?: boolean }>(
      this.em(),
      `with c as (
         update documents set status = ?, transmit_lease_until = ?, updated_at = ?,
                transmission_attempts = transmission_attempts + 1, first_transmitted_at = coalesce(first_transmitted_at, ?)
          where id = ? and status = any(?::text[]) and model_type = 1 and (transmit_lease_until is null or transmit_lease_until < ?)
          returning id, account_id, environment, emitter_id, type, status, generation_code, jws, model_type, transmission_attempts - 1 as transmission_attempts, first_transmitted_at),
       k as (select c.id, cr.mh_user, cr.sealed_mh_password, c.transmission_attempts = 0 and cr.mh_user is not null and cr.sealed_mh_password is not null as sends_now
               from c left join emitter_credentials cr on cr.emitter_id = c.emitter_id and cr.environment = c.environment),
       ev as (insert into document_events (id, document_id, type, at, message, data) select ?, k.id, ?, ?::timestamptz, ?, null from k where k.sends_now)
       select c.id, c.account_id, c.environment, c.emitter_id, c.type, c.generation_code, c.jws, c.model_type, c.transmission_attempts, c.first_transmitted_at,
              k.sends_now as send_recorded, e.nit, k.mh_user, k.sealed_mh_password${channel ? `, ${notifySql('c')} as notified` : ''}
         from c join k on k.id = c.id join emitters e on e.id = c.emitter_id`,
      [move.to, opts.leaseUntil, at, at, id, from, at, newSequentialId(IdPrefix.documentEvent, at.getTime()), move.event, at, TRANSMITTED_MESSAGE(1), ...(channel ? [channel] : [])],
    );
    const doc = rows[0];
    if (!doc) return null;
    if (!doc.notified) this.publish({ id: doc.id, account_id: doc.account_id, environment: doc.environment, emitter_id: doc.emitter_id, status: move.to });
    delete doc.notified;
    return doc;
  }

  /**
   * The workers' batch claim (TransmitDueDocumentsService): up to `limit` normally signed documents
   * waiting for a transmitter — free lease, no contingency episode, oldest first — leased and counted
   * as claim() does, in one statement; `skip locked` lets every worker take its own. Documents a
   * request is transmitting hold a lease and are not taken.
   */
  async claimDue(limit: number, leaseUntil: Date): Promise<ClaimedDocument[]> {
    const at = this.hooks.clock.now();
    const move = DOCUMENT_MOVES.transmit;
    // Those the reconciler also looks for (the partial index's statuses), never `error` nor contingency.
    const from = AWAITING_TRANSMISSION_STATUSES;
    const channel = this.hooks.statusBus.notifyChannel;
    const eventIds = Array.from({ length: limit }, () => newSequentialId(IdPrefix.documentEvent, at.getTime()));
    const rows = await preparedRows<ClaimedDocument & { notified?: boolean }>(
      this.em(),
      `with pick as (
         select id from documents
          where status in (${statusListSql(from)}) and model_type = 1 and contingency_episode_id is null and (transmit_lease_until is null or transmit_lease_until < ?)
          order by updated_at limit ? for update skip locked),
       c as (
         update documents set status = ?, transmit_lease_until = ?, updated_at = ?,
                transmission_attempts = transmission_attempts + 1, first_transmitted_at = coalesce(first_transmitted_at, ?)
           from pick where documents.id = pick.id
          returning documents.id, account_id, environment, emitter_id, type, status, generation_code, jws, model_type, transmission_attempts - 1 as transmission_attempts, first_transmitted_at),
       k as (select c.id, cr.mh_user, cr.sealed_mh_password, c.transmission_attempts = 0 and cr.mh_user is not null and cr.sealed_mh_password is not null as sends_now,
                    row_number() over (order by c.id) as n
               from c left join emitter_credentials cr on cr.emitter_id = c.emitter_id and cr.environment = c.environment),
       ev as (insert into document_events (id, document_id, type, at, message, data) select (?::text[])[k.n], k.id, ?, ?::timestamptz, ?, null from k where k.sends_now)
       select c.id, c.account_id, c.environment, c.emitter_id, c.type, c.generation_code, c.jws, c.model_type, c.transmission_attempts, c.first_transmitted_at,
              k.sends_now as send_recorded, e.nit, k.mh_user, k.sealed_mh_password${channel ? `, ${notifySql('c')} as notified` : ''}
         from c join k on k.id = c.id join emitters e on e.id = c.emitter_id`,
      [at, limit, move.to, leaseUntil, at, at, eventIds, move.event, at, TRANSMITTED_MESSAGE(1), ...(channel ? [channel] : [])],
    );
    for (const doc of rows) {
      if (!doc.notified) this.publish({ id: doc.id, account_id: doc.account_id, environment: doc.environment, emitter_id: doc.emitter_id, status: move.to });
      delete doc.notified;
    }
    return rows;
  }

  /** Before a send within one claim: its `transmitted` line and, for a resend, the attempt counter (the status stays `sending`). */
  async recordSend(id: string, attempts: number, countsResend: boolean): Promise<void> {
    const at = this.hooks.clock.now();
    const line = [newSequentialId(IdPrefix.documentEvent, at.getTime()), at, TRANSMITTED_MESSAGE(attempts)];
    if (!countsResend) {
      await preparedSql(this.em(), `insert into document_events (id, document_id, type, at, message, data) values (?, ?, 'transmitted', ?, ?, null)`, [line[0], id, line[1], line[2]]);
      return;
    }
    await preparedSql(
      this.em(),
      `with d as (update documents set transmission_attempts = ?, updated_at = ? where id = ? and status = 'sending' returning id)
       insert into document_events (id, document_id, type, at, message, data) select ?, d.id, 'transmitted', ?::timestamptz, ?, null from d`,
      [attempts, at, id, ...line],
    );
  }

  /**
   * A type that is never issued in contingency while MH does not answer: it stays `sending`, leased
   * until `until` (then the reconciler sends it again, asking MH first), with a `retry` line.
   */
  async holdLease(id: string, until: Date, message: string): Promise<void> {
    const at = this.hooks.clock.now();
    await preparedSql(
      this.em(),
      `with d as (update documents set transmit_lease_until = ?, updated_at = ? where id = ? and status = 'sending' returning id)
       insert into document_events (id, document_id, type, at, message, data) select ?, d.id, 'retry', ?::timestamptz, ?, null from d`,
      [until, at, id, newSequentialId(IdPrefix.documentEvent, at.getTime()), at, message],
    );
  }

  /** Gives a transmitter's lease back (the document stays `sending`; the reconciler takes it up). */
  async releaseLease(id: string): Promise<void> {
    await preparedSql(this.em(), `update documents set transmit_lease_until = null where id = ? and status = 'sending'`, [id]);
  }

  /** A line of `events[]` that changes no status (retry, e-mail, invalidation requested or refused, included in a contingency event …). */
  async appendEvent(em: EntityManager | undefined, documentId: string, type: DocumentEventType, message: string, at: Date, data: Record<string, unknown> | null = null): Promise<void> {
    await preparedSql(this.em(em), 'insert into document_events (id, document_id, type, at, message, data) values (?, ?, ?, ?, ?, ?)', [
      newSequentialId(IdPrefix.documentEvent, at.getTime()),
      documentId,
      type,
      at,
      message,
      data ? JSON.stringify(data) : null,
    ]);
  }

  /** The same `events[]` line on several documents at once (documents sent in one lote). */
  async appendEventToMany(em: EntityManager | undefined, documentIds: readonly string[], type: DocumentEventType, message: string, at: Date): Promise<void> {
    await sql(
      this.em(em),
      `insert into document_events (id, document_id, type, at, message, data) select e.id, e.document_id, ?, ?::timestamptz, ?, null from unnest(?::text[], ?::text[]) as e(id, document_id)`,
      [type, at, message, documentIds.map(() => newSequentialId(IdPrefix.documentEvent, at.getTime())), documentIds],
    );
  }

  /**
   * The document's copy of its latest invalidation (`void`), with its `events[]` line. Called only by
   * the invalidation store, with the copy made from the invalidation's row as its move left it (ADR 0084).
   */
  async copyInvalidation(tx: DocumentTx, id: string, info: DocumentVoidInfo, event: { type: DocumentEventType; message: string; data?: Record<string, unknown> | null }, at: Date): Promise<void> {
    await sql(tx.em, 'update documents set void = ?, updated_at = ? where id = ?', [JSON.stringify(info), at, id]);
    await this.appendEvent(tx.em, id, event.type, event.message, at, event.data ?? null);
  }

  /** A rejected document replaced by a new one (correction after 24 h): both sides linked, with a `replaced` line. */
  async markReplaced(tx: DocumentTx, rejectedId: string, replacementId: string, message: string, at: Date): Promise<void> {
    await sql(tx.em, 'update documents set replaced_by_document_id = ?, updated_at = ? where id = ?', [replacementId, at, rejectedId]);
    await sql(tx.em, 'update documents set replaces_document_id = ? where id = ?', [rejectedId, replacementId]);
    await this.appendEvent(tx.em, rejectedId, 'replaced', message, at);
  }

  /**
   * A document MH never received, re-signed as a contingency document (same codes; only the four
   * contingency fields change) with a `signed` line. False when it is no longer a held normal document.
   */
  async resignAsContingency(tx: DocumentTx, id: string, content: Pick<DocumentRow, 'dte_json' | 'jws' | 'contingency_type' | 'contingency_reason'>, message: string, at: Date): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(
      tx.em,
      `update documents set dte_json = ?, jws = ?, model_type = 2, operation_type = 2, contingency_type = ?, contingency_reason = ?, signed_at = ?, updated_at = ?
        where id = ? and model_type = 1 and status = 'contingency' returning id`,
      [content.dte_json, content.jws, content.contingency_type, content.contingency_reason, at, at, id],
    );
    if (!rows.length) return false;
    await this.appendEvent(tx.em, id, 'signed', message, at);
    return true;
  }

  /** The document's fiscal tags (`PATCH /documents/{id}/fiscal`). */
  async setFiscalTags(tx: DocumentTx, id: string, tags: Record<string, unknown>, at: Date): Promise<void> {
    await sql(tx.em, 'update documents set fiscal_tags = ?, updated_at = ? where id = ?', [JSON.stringify(tags), at, id]);
  }

  /** An e-mail of the document was sent: its `email_sent` line and the `document.delivered` event (summary plus `delivery`). */
  async recordDelivered(tx: DocumentTx, id: string, delivery: { email_id: string; to: string[]; message_id: string }, at: Date): Promise<void> {
    await this.appendEvent(tx.em, id, 'email_sent', `Enviado por correo a ${delivery.to.join(', ')}`, at, delivery);
    const [row] = await sqlRows<DocumentReadRow>(tx.em, `select account_id, ${columnList(SUMMARY_COLUMNS)} from documents where id = ?`, [id]);
    if (!row) return;
    const data = { ...documentSummary(row), delivery: { ...delivery, sent_at: at.toISOString() } };
    await this.insertOutbox(tx.em, { ...this.outboxRow(row, 'document.delivered', at), data });
    tx.afterCommit(() => this.hooks.outbox.kick());
  }

  private fromOf(name: DocumentMoveName, narrowed: readonly DocumentStatus[] | undefined): readonly string[] {
    const from = DOCUMENT_MOVES[name].from as readonly string[];
    if (!narrowed) return from;
    for (const s of narrowed) if (!moveAllowedFrom(name, s)) throw new Error(`BUG: el movimiento ${name} no sale de "${s}"`);
    return narrowed;
  }

  /** The columns a status change may set (any of the table's but status); a bug otherwise. */
  private settable(cols: (keyof DocumentRow)[]): (keyof DocumentRow)[] {
    for (const c of cols) if (!(c in this.tables.documents.types) || c === 'status') throw new Error(`BUG: columna no modificable "${c}"`);
    return cols;
  }

  private setClause(name: DocumentMoveName, set: Partial<DocumentRow>, at: Date): { assignments: string; values: unknown[] } {
    const cols = this.settable(Object.keys(set) as (keyof DocumentRow)[]);
    const values = cols.map((c) => jsonParam(set[c]));
    return { assignments: [...cols.map((c) => `${c} = ?`), 'status = ?', 'updated_at = ?'].join(', '), values: [...values, DOCUMENT_MOVES[name].to, at] };
  }

  /**
   * The one-statement path of transition(), by group (GroupedWrites): changes of the same move and
   * columns that arrive while such a statement is on its way go together in the next one — each row
   * from its own values, with its own `events[]` line, outbox event, issuance e-mail and notification,
   * as one change alone — so concurrent status changes share a round trip and a commit.
   */
  private transitionInOneStatement(
    id: string,
    name: DocumentMoveName,
    change: DocumentChange,
    from: readonly string[],
    at: Date,
    viewBaseUrl: string | undefined,
  ): Promise<OneStatementResult> {
    const cols = this.settable((Object.keys(change.set ?? {}) as (keyof DocumentRow)[]).sort());
    const key = [name, from.join(','), cols.join(','), viewBaseUrl ?? ''].join('|');
    return this.groupedChanges.submit(key, { id, name, change, cols, from, at, viewBaseUrl });
  }

  private async transitionGroup(group: readonly GroupedChange[]): Promise<OneStatementResult[]> {
    // A document changes at most once per statement: a second change of the same one goes in the next.
    const seen = new Set<string>();
    const later = group.filter((g) => seen.size === seen.add(g.id).size);
    if (later.length) {
      const first = group.filter((g) => !later.includes(g));
      const results = new Map<GroupedChange, OneStatementResult>();
      (await this.transitionGroup(first)).forEach((r, i) => results.set(first[i], r));
      (await this.transitionGroup(later)).forEach((r, i) => results.set(later[i], r));
      return group.map((g) => results.get(g)!);
    }
    const { name, cols, from, viewBaseUrl } = group[0];
    const withView = viewBaseUrl !== undefined;
    const move = DOCUMENT_MOVES[name];
    const types = this.tables.documents.types as Record<string, string>;
    // Each row's own values travel as arrays, unnested side by side into `input` (columns prefixed `v_`).
    const inputs: [string, string, unknown[]][] = [
      ['v_id', 'text', group.map((g) => g.id)],
      ['v_at', 'timestamptz', group.map((g) => g.at)],
      ...cols.map((c): [string, string, unknown[]] => [`v_${c}`, types[c], group.map((g) => jsonParam(g.change.set![c]))]),
      ['v_event_id', 'text', group.map((g) => newSequentialId(IdPrefix.documentEvent, g.at.getTime()))],
      ['v_message', 'text', group.map((g) => g.change.message)],
      ['v_data', 'jsonb', group.map((g) => (g.change.data ? JSON.stringify(g.change.data) : null))],
      ['v_outbox_id', 'text', group.map((g) => newId(IdPrefix.event, g.at.getTime()))],
      ['v_email_id', 'text', group.map((g) => newId(IdPrefix.documentEmail, g.at.getTime()))],
    ];
    const params: unknown[] = inputs.map(([, , values]) => values);
    const assignments = [...cols.map((c) => `${c} = i.v_${c}`), 'status = ?', 'updated_at = i.v_at'].join(', ');
    params.push(move.to, from);
    const ctes = [
      `input as (select * from unnest(${inputs.map(([, type]) => `?::${type}[]`).join(', ')}) as i(${inputs.map(([col]) => col).join(', ')}))`,
      `d as (update documents set ${assignments} from input i
              where documents.id = i.v_id and documents.status = any(?::text[])${move.touchesBooks ? CLOSED_PERIOD_GUARD : ''}
              returning ${this.returning})`,
      `ev as (insert into document_events (id, document_id, type, at, message, data) select i.v_event_id, d.id, ?, i.v_at, i.v_message, i.v_data from d join input i on i.v_id = d.id)`,
    ];
    params.push(move.event);
    if (move.outbox) {
      // An event no endpoint can receive (no enabled endpoint in its account and environment) is born
      // dispatched: no dispatcher pass is kicked for it (the dispatcher would only mark it).
      ctes.push(`ob as (insert into outbox_events (id, account_id, environment, type, subject_id, data, created_at, dispatched_at)
        select i.v_outbox_id, d.account_id, d.environment, ?, d.id, ${summaryJsonSql('d')}, i.v_at,
               case when ${HAS_ENDPOINT('d')} then null else i.v_at end from d join input i on i.v_id = d.id
        returning subject_id, dispatched_at is null as pending)`);
      params.push(move.outbox);
    }
    if (move.queuesIssuanceEmail) ctes.push(`em as (${ISSUANCE_EMAIL_INSERT('d', { id: 'i.v_email_id', at: 'i.v_at', join: ' join input i on i.v_id = d.id' })} returning id, document_id)`);
    // With PostgreSQL's NOTIFY as the status bus, the notification leaves with this statement's commit.
    const channel = this.hooks.statusBus.notifyChannel;
    if (channel) params.push(channel);
    // The view's events as they were before this statement (its own inserts are not visible to it); the new one is appended below.
    const columns = withView
      ? `d.*, e.name as emitter_name, coalesce((select jsonb_agg(jsonb_build_object('type', x.type, 'at', x.at, 'message', x.message) order by x.at, x.id)
          from document_events x where x.document_id = d.id), '[]'::jsonb) as prior_events`
      : 'd.id, d.account_id, d.environment, d.emitter_id, d.status';
    const rows = await preparedRows<ChangedRow & Partial<DocumentViewColumnsRow> & { outbox_pending?: boolean; email_id?: string | null; notified?: boolean; prior_events?: { type: string; at: string; message: string }[] }>(
      this.em(),
      `with ${ctes.join(',\n')} select ${columns}${move.outbox ? ', ob.pending as outbox_pending' : ''}${move.queuesIssuanceEmail ? ', em.id as email_id' : ''}${channel ? `, ${notifySql('d')} as notified` : ''}
         from d${withView ? ' join emitters e on e.id = d.emitter_id' : ''}${move.outbox ? ' left join ob on ob.subject_id = d.id' : ''}${move.queuesIssuanceEmail ? ' left join em on em.document_id = d.id' : ''}`,
      params,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return group.map((g): OneStatementResult => {
      const row = byId.get(g.id);
      if (!row) return move.touchesBooks ? 'closed_period' : { done: false, view: null };
      this.afterChange(row, row.outbox_pending === true, row.notified === true, row.email_id ?? null);
      if (!withView) return { done: true, view: null };
      const events = [...historyLines(row.prior_events ?? []), { type: move.event, at: g.at, message: g.change.message }];
      return { done: true, view: toDocumentView(row as DocumentViewColumnsRow, events, viewBaseUrl!) };
    });
  }

  private async transitionInTx(tx: DocumentTx, id: string, name: DocumentMoveName, change: DocumentChange, from: readonly string[], at: Date): Promise<ChangedRow | null> {
    const move = DOCUMENT_MOVES[name];
    const { assignments, values } = this.setClause(name, change.set ?? {}, at);
    const [row] = await preparedRows<DocumentReadRow>(tx.em, `update documents set ${assignments} where id = ? and status = any(?::text[]) returning ${this.returning}`, [...values, id, from]);
    if (!row) return null;
    await this.appendEvent(tx.em, id, move.event, change.message, at, change.data ?? null);
    if (move.outbox) await this.insertOutbox(tx.em, this.outboxRow(row, move.outbox, at));
    if (move.touchesBooks) {
      const touch: BooksTouch = {
        id,
        type: row.type,
        accountId: row.account_id,
        emitterId: row.emitter_id,
        environment: row.environment,
        status: move.to as BooksTouch['status'],
        issueDate: row.issue_date,
        processedAt: row.processed_at,
        voidedAt: row.voided_at,
      };
      await this.hooks.booksTouched(tx.em, touch, at);
    }
    let emailId: string | null = null;
    if (move.queuesIssuanceEmail) {
      const [email] = await sqlRows<{ id: string }>(
        tx.em,
        `with d as (select id, account_id, environment, send_email, receiver_email from documents where id = ?) ${ISSUANCE_EMAIL_INSERT('d')} returning id`,
        [id, newId(IdPrefix.documentEmail, at.getTime()), at, at, at],
      );
      emailId = email?.id ?? null;
    }
    tx.afterCommit(() => this.afterChange(row, move.outbox !== null, false, emailId));
    return row;
  }

  /** An outbox event of a document without its `data` (a birth's: PostgreSQL builds it from the inserted row). */
  private outboxHead(row: Pick<DocumentRow, 'id' | 'account_id' | 'environment'>, type: DocumentOutboxEvent, at: Date) {
    return { id: newId(IdPrefix.event, at.getTime()), account_id: row.account_id, environment: row.environment, type, subject_id: row.id, created_at: at };
  }

  private outboxRow(row: Pick<DocumentReadRow, 'account_id' | (typeof SUMMARY_COLUMNS)[number]>, type: DocumentOutboxEvent, at: Date) {
    return { ...this.outboxHead(row, type, at), data: documentSummary(row) };
  }

  private async insertOutbox(em: EntityManager, o: ReturnType<DocumentStore['outboxRow']>): Promise<void> {
    await sql(em, 'insert into outbox_events (id, account_id, environment, type, subject_id, data, created_at) values (?, ?, ?, ?, ?, ?, ?)', [
      o.id,
      o.account_id,
      o.environment,
      o.type,
      o.subject_id,
      JSON.stringify(o.data),
      o.created_at,
    ]);
  }

  /** After commit: subscribers (unless the statement already notified), the outbox dispatcher, the issuance e-mail. Never throws. */
  private afterChange(row: ChangedRow, outbox: boolean, notified: boolean, emailId: string | null): void {
    if (!notified) this.publish(row);
    if (outbox) this.hooks.outbox.kick();
    if (emailId) this.hooks.emailQueued(emailId);
  }

  private publish(row: ChangedRow): void {
    this.hooks.statusBus
      .publish({ documentId: row.id, accountId: row.account_id, environment: row.environment, emitterId: row.emitter_id, status: row.status })
      .catch((err) => this.hooks.logger.warn({ err }, 'no se pudo publicar el cambio de estado'));
  }
}

/** Whether the account and environment of the row aliased `alias` have an enabled webhook endpoint (whatever it subscribes to). */
const HAS_ENDPOINT = (alias: string) =>
  `exists (select 1 from webhook_endpoints w where w.account_id = ${alias}.account_id and w.environment = ${alias}.environment and not w.disabled)`;

/** `pg_notify` of a changed row aliased `alias` on the channel bound last (true once queued). */
function notifySql(alias: string): string {
  return `(select pg_notify(?, json_build_object('documentId', ${alias}.id, 'accountId', ${alias}.account_id, 'environment', ${alias}.environment, 'emitterId', ${alias}.emitter_id, 'status', ${alias}.status)::text)) is not null`;
}

function birthMessage(type: DocumentEventType, row: DocumentRow): string {
  switch (type) {
    case 'created':
      return 'Documento creado y validado.';
    case 'signed':
      return `Documento firmado (RS512) con el número de control ${row.control_number}.`;
    case 'transmitted':
      return TRANSMITTED_MESSAGE(1);
    case 'contingency':
      return 'Emitido como documento de contingencia: el MH no responde; se transmitirá con el evento de contingencia.';
    default:
      throw new Error(`BUG: evento de nacimiento inesperado ${type}`);
  }
}
