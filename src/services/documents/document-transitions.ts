import type { EntityManager } from '@mikro-orm/core';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import type { DocumentEventType } from './document-events';
import { DELIVER_DOCUMENT_EMAIL_JOB, queueIssuanceEmail } from './document-emails';
import { SUMMARY_COLUMNS, documentSummary, type DocumentSummaryRow } from './document-summary';
import { detectDocumentDrift } from '../fiscal/document-drift';

export interface MhAnswer {
  code: string | null;
  message: string | null;
  observations: string[];
}

type Row = DocumentSummaryRow & { account_id: string };

export async function addEvent(em: EntityManager, documentId: string, type: DocumentEventType, message: string, at: Date, data: Record<string, unknown> | null = null): Promise<void> {
  await sql(em, 'insert into document_events (id, document_id, type, at, message, data) values (?, ?, ?, ?, ?, ?)', [
    newId(IdPrefix.documentEvent, at.getTime()),
    documentId,
    type,
    at,
    message,
    data ? JSON.stringify(data) : null,
  ]);
}

/**
 * Applies a status change in one transaction: the document row (only from the allowed states, so a
 * late answer never overwrites a final state), its `events[]` line and the outbox event; then tells
 * subscribers and the webhook dispatcher. Returns false when the document was not in an allowed state.
 */
export async function transition(
  deps: ServiceDeps,
  documentId: string,
  change: {
    from: readonly string[];
    to: string;
    set: Record<string, unknown>;
    event: { type: DocumentEventType; message: string; data?: Record<string, unknown> | null };
    outbox: string | null;
  },
  em?: EntityManager,
): Promise<boolean> {
  const at = deps.clock.now();
  let emailId: string | null = null;
  const run = async (tx: EntityManager): Promise<Row | null> => {
    const cols = Object.keys(change.set);
    const assignments = [...cols.map((c) => `${c} = ?`), 'status = ?', 'updated_at = ?'].join(', ');
    const values = [...cols.map((c) => { const v = change.set[c]; return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v; }), change.to, at];
    const rows = await sql<Row>(
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
    if (change.to === 'processed' || change.to === 'voided') await detectDocumentDrift(tx, { id: documentId, accountId: row.account_id, status: change.to }, at);
    // Issued with `send_email: true`: the e-mail to the receiver is written with the seal.
    if (change.to === 'processed') emailId = await queueIssuanceEmail(tx, documentId, at);
    return row;
  };
  const row = em ? await run(em) : await deps.orm.em.fork().transactional(run);
  if (!row) return false;
  afterChange(deps, row, change.outbox !== null);
  if (emailId) {
    deps.queue
      .enqueue(DELIVER_DOCUMENT_EMAIL_JOB, { emailId })
      .catch((err) => deps.logger.warn({ err, email_id: emailId }, 'no se pudo encolar el correo del documento; el barrido lo enviará'));
  }
  return true;
}

/** After commit: subscriptions and the outbox dispatcher. Never throws. */
export function afterChange(deps: ServiceDeps, row: { id: string; account_id: string; environment: string; emitter_id: string; status: string }, outbox: boolean): void {
  deps.statusBus
    .publish({ documentId: row.id, accountId: row.account_id, environment: row.environment, emitterId: row.emitter_id, status: row.status })
    .catch((err) => deps.logger.warn({ err }, 'no se pudo publicar el cambio de estado'));
  if (outbox) deps.outbox.kick();
}

export function mhAnswer(code: string | null, message: string | null, observations: string[]): MhAnswer {
  return { code, message, observations: observations.filter((o) => o && o.trim()) };
}
