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

/** What every `document.*` event carries in `data` (decisions: the summary of `document.processed`). */
export interface DocumentSummaryInput {
  id: string;
  type: string;
  status: string;
  environment: string;
  emitterId: string;
  externalId: string | null;
  generationCode: string | null;
  controlNumber: string | null;
  receptionStamp: string | null;
  processedAt: Date | null;
  /** Decimal string with 2 decimals. */
  total: string;
  mhResponse: { code: string | null; message: string | null; observations: string[] } | null;
}

/** The snake_case `data` of a `document.*` event; the lifecycle writes it to `outbox_events.data`. */
export function documentEventData(d: DocumentSummaryInput): Record<string, unknown> {
  return {
    id: d.id,
    object: 'document',
    type: d.type,
    status: d.status,
    environment: d.environment,
    emitter_id: d.emitterId,
    external_id: d.externalId,
    generation_code: d.generationCode,
    control_number: d.controlNumber,
    reception_stamp: d.receptionStamp,
    processed_at: d.processedAt ? d.processedAt.toISOString() : null,
    total: d.total,
    mh_response: d.mhResponse ? { code: d.mhResponse.code, message: d.mhResponse.message, observations: [...d.mhResponse.observations] } : null,
  };
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
