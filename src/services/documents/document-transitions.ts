import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId, newSequentialId } from '../../domain/shared/ids';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';
import type { DocumentEventType } from './document-events';
import { DELIVER_DOCUMENT_EMAIL_JOB, ISSUANCE_EMAIL_INSERT, queueIssuanceEmail } from './document-emails';
import { SUMMARY_COLUMNS, documentSummary, summaryJsonSql, type DocumentSummaryRow } from './document-summary';
import type { DocumentListRow } from './document-view';
import { detectDocumentDrift } from '../fiscal/document-drift';

export interface MhAnswer {
  code: string | null;
  message: string | null;
  observations: string[];
}

type Row = DocumentSummaryRow & { account_id: string };

export async function addEvent(em: EntityManager, documentId: string, type: DocumentEventType, message: string, at: Date, data: Record<string, unknown> | null = null): Promise<void> {
  await preparedSql(em, 'insert into document_events (id, document_id, type, at, message, data) values (?, ?, ?, ?, ?, ?)', [
    newSequentialId(IdPrefix.documentEvent, at.getTime()),
    documentId,
    type,
    at,
    message,
    data ? JSON.stringify(data) : null,
  ]);
}

interface StatusChange {
  from: readonly string[];
  to: string;
  set: Record<string, unknown>;
  event: { type: DocumentEventType; message: string; data?: Record<string, unknown> | null };
  outbox: string | null;
}

function setClause(change: StatusChange, at: Date): { assignments: string; values: unknown[] } {
  const cols = Object.keys(change.set);
  const assignments = [...cols.map((c) => `${c} = ?`), 'status = ?', 'updated_at = ?'].join(', ');
  const values = [...cols.map((c) => { const v = change.set[c]; return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v; }), change.to, at];
  return { assignments, values };
}

/** Only these reach the books; a closed period they touch gets `drift`. */
const TOUCHES_BOOKS = new Set(['processed', 'voided']);

/**
 * Applies a status change atomically: the document row (only from the allowed states, so a late
 * answer never overwrites a final state), its `events[]` line, the outbox event and — on `processed`
 * — the issuance e-mail; then tells subscribers and the webhook dispatcher. Returns false when the
 * document was not in an allowed state.
 *
 * The common case is one statement (one round trip, atomic by itself). A change that could touch a
 * closed fiscal period (its month or a later one is closed) takes the transactional path, which also
 * marks the period's drift; so does a caller's own transaction (`em`).
 */
export async function transition(deps: ServiceDeps, documentId: string, change: StatusChange, em?: EntityManager): Promise<boolean> {
  return (await apply(deps, documentId, change, em, false)).done;
}

/** The document as `GET /documents/{id}` reads it, events included, as the status change left it. */
export type ViewRow = DocumentListRow & { events: { type: string; at: Date; message: string }[] };

/**
 * `transition` that also answers the changed document, read by the same statement (no second read).
 * `view` is null when the change took the transactional path; the caller reads the document then.
 */
export async function transitionWithView(deps: ServiceDeps, documentId: string, change: StatusChange): Promise<{ done: boolean; view: ViewRow | null }> {
  return apply(deps, documentId, change, undefined, true);
}

async function apply(deps: ServiceDeps, documentId: string, change: StatusChange, em: EntityManager | undefined, withView: boolean): Promise<{ done: boolean; view: ViewRow | null }> {
  const at = deps.clock.now();
  let done: { row: Row; emailId: string | null; notified?: boolean; view?: ViewRow } | null | 'closed_period' = em
    ? await transitionInTx(deps, em, documentId, change, at)
    : await transitionInOneStatement(deps, documentId, change, at, withView);
  if (done === 'closed_period') done = await deps.orm.em.fork().transactional((tx) => transitionInTx(deps, tx, documentId, change, at));
  if (!done) return { done: false, view: null };
  afterChange(deps, done.row, change.outbox !== null, done.notified === true);
  const emailId = done.emailId;
  if (emailId) {
    deps.queue
      .enqueue(DELIVER_DOCUMENT_EMAIL_JOB, { emailId })
      .catch((err) => deps.logger.warn({ err, email_id: emailId }, 'no se pudo encolar el correo del documento; el barrido lo enviará'));
  }
  return { done: true, view: done.view ?? null };
}

/** Columns the view needs beyond the summary (with SUMMARY_COLUMNS, `send_email` and `receiver_email`). */
const VIEW_RETURNING = `issued_at, issue_date, subtotal::text as subtotal, iva::text as iva, total_in_words, created_at, establishment_code, point_of_sale_code,
  receiver_name, receiver_document_type, receiver_document_number, receiver_nrc, related_documents, voided_at, void, warnings, replaces_document_id, replaced_by_document_id`;

async function transitionInOneStatement(
  deps: ServiceDeps,
  documentId: string,
  change: StatusChange,
  at: Date,
  withView: boolean,
): Promise<{ row: Row; emailId: string | null; notified: boolean; view?: ViewRow } | null | 'closed_period'> {
  const { assignments, values } = setClause(change, at);
  const guarded = TOUCHES_BOOKS.has(change.to);
  const params: unknown[] = [...values, documentId, ...change.from];
  // A document is processed or voided in its issue month or later: no closed period from that month on = no drift.
  const guard = guarded
    ? ` and not exists (select 1 from fiscal_periods fp where fp.emitter_id = documents.emitter_id and fp.environment = documents.environment
          and fp.status = 'closed' and fp.period >= substr(documents.issue_date, 1, 7))`
    : '';
  const ctes = [
    `d as (update documents set ${assignments} where id = ? and status in (${change.from.map(() => '?').join(', ')})${guard} returning ${SUMMARY_COLUMNS}, send_email, receiver_email${withView ? `, ${VIEW_RETURNING}` : ''})`,
    `ev as (insert into document_events (id, document_id, type, at, message, data) select ?, d.id, ?, ?::timestamptz, ?, ?::jsonb from d)`,
  ];
  params.push(newSequentialId(IdPrefix.documentEvent, at.getTime()), change.event.type, at, change.event.message, change.event.data ? JSON.stringify(change.event.data) : null);
  if (change.outbox) {
    ctes.push(`ob as (insert into outbox_events (id, account_id, environment, type, subject_id, data, created_at)
      select ?, d.account_id, d.environment, ?, d.id, ${summaryJsonSql('d')}, ?::timestamptz from d)`);
    params.push(newId(IdPrefix.event, at.getTime()), change.outbox, at);
  }
  const sendsEmail = change.to === 'processed';
  if (sendsEmail) {
    ctes.push(`em as (${ISSUANCE_EMAIL_INSERT('d')} returning id)`);
    params.push(newId(IdPrefix.documentEmail, at.getTime()), at, at, at);
  }
  // With PostgreSQL's NOTIFY as the status bus, the notification leaves with this statement's commit.
  const channel = deps.statusBus.notifyChannel;
  const notify = channel
    ? `, (select pg_notify(?, json_build_object('documentId', d.id, 'accountId', d.account_id, 'environment', d.environment, 'emitterId', d.emitter_id, 'status', d.status)::text)) is not null as notified`
    : '';
  if (channel) params.push(channel);
  // The view's events as they were before this statement (its own insert is not visible to it) — the new one is appended below.
  const view = withView
    ? `, e.name as emitter_name, coalesce((select jsonb_agg(jsonb_build_object('type', x.type, 'at', x.at, 'message', x.message) order by x.at, x.id)
          from document_events x where x.document_id = d.id), '[]'::jsonb) as prior_events`
    : '';
  const rows = await preparedSql<Row & { email_id: string | null; notified?: boolean; prior_events?: { type: string; at: string; message: string }[] }>(
    deps.orm.em.fork(),
    `with ${ctes.join(',\n')} select d.*${sendsEmail ? ', (select id from em) as email_id' : ''}${notify}${view} from d${withView ? ' join emitters e on e.id = d.emitter_id' : ''}`,
    params,
  );
  const row = rows[0];
  if (row) {
    const viewRow = withView
      ? ({
          ...(row as unknown as DocumentListRow),
          events: [...row.prior_events!.map((e) => ({ type: e.type, at: new Date(e.at), message: e.message })), { type: change.event.type, at, message: change.event.message }],
        } as ViewRow)
      : undefined;
    return { row, emailId: row.email_id ?? null, notified: row.notified === true, view: viewRow };
  }
  return guarded ? 'closed_period' : null;
}

async function transitionInTx(deps: ServiceDeps, tx: EntityManager, documentId: string, change: StatusChange, at: Date): Promise<{ row: Row; emailId: string | null } | null> {
  const { assignments, values } = setClause(change, at);
  const rows = await preparedSql<Row>(
    tx,
    `update documents set ${assignments} where id = ? and status in (${change.from.map(() => '?').join(', ')}) returning ${SUMMARY_COLUMNS}`,
    [...values, documentId, ...change.from],
  );
  const row = rows[0];
  if (!row) return null;
  await addEvent(tx, documentId, change.event.type, change.event.message, at, change.event.data ?? null);
  if (change.outbox) {
    await insertOutboxEvent(tx, { accountId: row.account_id, environment: row.environment, type: change.outbox, subjectId: documentId, data: documentSummary(row), at });
  }
  // A closed fiscal period whose inputs change gets `drift` (one indexed select otherwise).
  if (TOUCHES_BOOKS.has(change.to)) await detectDocumentDrift(tx, { id: documentId, accountId: row.account_id, status: change.to as 'processed' | 'voided' }, at);
  // Issued with `send_email: true`: the e-mail to the receiver is written with the seal.
  const emailId = change.to === 'processed' ? await queueIssuanceEmail(tx, documentId, at) : null;
  return { row, emailId };
}

/** After commit: subscriptions (unless the statement already notified) and the outbox dispatcher. Never throws. */
export function afterChange(deps: ServiceDeps, row: { id: string; account_id: string; environment: string; emitter_id: string; status: string }, outbox: boolean, notified = false): void {
  if (!notified) {
    deps.statusBus
      .publish({ documentId: row.id, accountId: row.account_id, environment: row.environment, emitterId: row.emitter_id, status: row.status })
      .catch((err) => deps.logger.warn({ err }, 'no se pudo publicar el cambio de estado'));
  }
  if (outbox) deps.outbox.kick();
}

export function mhAnswer(code: string | null, message: string | null, observations: string[]): MhAnswer {
  return { code, message, observations: observations.filter((o) => o && o.trim()) };
}
