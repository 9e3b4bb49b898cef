/** The event resource (return or special operations) as the services hand it to the doors: made from its row. */
import { DTE_EVENT_TYPE_CODE } from '../../domain/events/dte-event.types';
import type { DteEventView } from '../../domain/events/dte-event-view';
import type { DteEventRow } from '../../persistence/events/dte-event-store';

export type { DteEventView } from '../../domain/events/dte-event-view';
export { DTE_EVENT_COLUMNS, type DteEventRow } from '../../persistence/events/dte-event-store';

const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));
const orNull = (x: unknown): string | null => (x === undefined || x === null ? null : String(x));

export function dteEventViewFromRow(r: DteEventRow): DteEventView {
  const base = {
    id: r.id,
    emitterId: r.emitter_id,
    environment: r.environment as '00' | '01',
    type: DTE_EVENT_TYPE_CODE[r.kind],
    status: r.status,
    externalId: r.external_id,
    generationCode: r.generation_code,
    receptionStamp: r.seal,
    processedAt: date(r.processed_at),
    eventDate: r.event_date,
    totals: r.totals,
    mhResponse: r.mh_response,
    createdAt: date(r.created_at)!,
    voidedAt: date(r.voided_at),
    void: r.void
      ? { reasonType: r.void.reasonType, reason: r.void.reason, receptionStamp: r.void.receptionStamp, status: r.void.status, mhResponse: r.void.mh ?? null }
      : null,
  };
  if (r.kind === 'return') {
    const lines = r.lines.map((l) => ({ numItem: Number(l.numItem), quantity: String(l.quantity), description: orNull(l.description) }));
    return { ...base, kind: 'return', documentId: r.document_id!, lines };
  }
  const lines = r.lines.map((l) => ({
    documentType: String(l.documentType), documentNumber: orNull(l.documentNumber), rangeFrom: orNull(l.rangeFrom), rangeTo: orNull(l.rangeTo),
    issuedOn: orNull(l.issuedOn), quantity: Number(l.quantity), description: String(l.description), noSujeta: orNull(l.noSujeta), exenta: orNull(l.exenta),
    gravada: orNull(l.gravada), referenceEvent: orNull(l.referenceEvent),
  }));
  return { ...base, kind: 'special_operation', documentId: null, lines };
}

/**
 * The webhook `data` of `document.returned` / `special_operation.processed` and of their invalidation
 * (`document.return_voided` / `special_operation.voided`): the resource, snake_case by the dispatcher's rules.
 */
export function dteEventWebhookData(v: DteEventView): Record<string, unknown> {
  return {
    id: v.id,
    object: v.kind === 'return' ? 'document_return' : 'special_operation',
    type: v.type,
    status: v.status,
    environment: v.environment,
    emitter_id: v.emitterId,
    document_id: v.documentId,
    external_id: v.externalId,
    generation_code: v.generationCode,
    reception_stamp: v.receptionStamp,
    processed_at: v.processedAt ? v.processedAt.toISOString() : null,
    event_date: v.eventDate,
    total: v.totals.total,
    mh_response: v.mhResponse,
    ...(v.void ? { voided_at: v.voidedAt ? v.voidedAt.toISOString() : null, void: { reason_type: v.void.reasonType, reason: v.void.reason, reception_stamp: v.void.receptionStamp, status: v.void.status } } : {}),
  };
}
