import { DOCUMENT_SUMMARY_FIELDS, type DocumentSummaryField, type DocumentView } from '../documents/document-view';

/**
 * The body of a webhook delivery, as the spec's Delivery table lists it. The text is built once per
 * event and stored on each delivery, so every attempt sends (and signs) the same bytes.
 */
export interface WebhookEventEnvelope {
  id: string;
  type: string;
  environment: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

export function webhookEventBody(e: WebhookEventEnvelope): string {
  return JSON.stringify({ id: e.id, object: 'event', type: e.type, environment: e.environment, created_at: e.createdAt.toISOString(), data: e.data });
}

/**
 * What every `document.*` event carries in `data` (decisions: the summary of `document.processed`):
 * the view's DOCUMENT_SUMMARY_FIELDS (a field not given is null) and the document's total.
 */
export type DocumentSummaryInput = Partial<Pick<DocumentView, DocumentSummaryField>> & Pick<DocumentView, 'id' | 'type' | 'status' | 'environment' | 'emitterId'> & {
  /** Decimal string with 2 decimals. */
  total: string;
};

/** `emitterId` → `emitter_id`. */
export function summaryKey(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** The snake_case `data` of a `document.*` event; the lifecycle writes it to `outbox_events.data`. */
export function documentEventData(d: DocumentSummaryInput): Record<string, unknown> {
  const out: Record<string, unknown> = { id: d.id, object: 'document' };
  for (const f of DOCUMENT_SUMMARY_FIELDS) {
    if (f === 'id') continue;
    const v = d[f] ?? null;
    out[summaryKey(f)] = v instanceof Date ? v.toISOString() : v !== null && typeof v === 'object' ? structuredClone(v) : v;
  }
  out.total = d.total;
  return out;
}

/** The fictitious processed invoice sent by "send a test event" (always environment 00). */
export function testDocumentEventData(f: { documentId: string; generationCode: string; receptionStamp: string; processedAt: Date }): Record<string, unknown> {
  return documentEventData({
    id: f.documentId,
    type: '01',
    status: 'processed',
    environment: '00',
    emitterId: 'emt_00000000000000000000000000',
    externalId: 'PRUEBA-WEBHOOK-0001',
    generationCode: f.generationCode,
    controlNumber: 'DTE-01-M001P001-000000000000001',
    receptionStamp: f.receptionStamp,
    processedAt: f.processedAt,
    total: '113.00',
    mhResponse: { code: '001', message: 'RECIBIDO', observations: [] },
  });
}
