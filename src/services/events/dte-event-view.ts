/** The event resource (return or special operations) as the services hand it to the doors. */
import type { DteEventKind, DteEventStatus } from '../../domain/events/dte-event.types';
import { DTE_EVENT_TYPE_CODE } from '../../domain/events/dte-event.types';
import type { DteEventRow } from '../../persistence/events/dte-event-store';

export interface DteEventView {
  id: string;
  kind: DteEventKind;
  emitterId: string;
  documentId: string | null;
  environment: string;
  /** CAT-002: 18 return, 17 special operations. */
  type: string;
  status: DteEventStatus;
  externalId: string | null;
  generationCode: string;
  receptionStamp: string | null;
  processedAt: Date | null;
  eventDate: string;
  lines: Record<string, unknown>[];
  totals: { subtotal: string; iva: string; total: string; totalInWords: string };
  mhResponse: { code: string | null; message: string | null; observations: string[] } | null;
  createdAt: Date;
}

export { DTE_EVENT_COLUMNS, type DteEventRow } from '../../persistence/events/dte-event-store';

const date = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

export function dteEventViewFromRow(r: DteEventRow): DteEventView {
  return {
    id: r.id,
    kind: r.kind,
    emitterId: r.emitter_id,
    documentId: r.document_id,
    environment: r.environment,
    type: DTE_EVENT_TYPE_CODE[r.kind],
    status: r.status,
    externalId: r.external_id,
    generationCode: r.generation_code,
    receptionStamp: r.seal,
    processedAt: date(r.processed_at),
    eventDate: r.event_date,
    lines: r.lines,
    totals: r.totals,
    mhResponse: r.mh_response,
    createdAt: date(r.created_at)!,
  };
}

/** The webhook `data` of `document.returned` / `special_operation.processed`: the resource, snake_case by the dispatcher's rules. */
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
  };
}
