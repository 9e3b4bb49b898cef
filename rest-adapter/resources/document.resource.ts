import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../../src/domain/documents';
import { emitterCredentialStatus } from './emitter.resource';
import { isoTime } from './iso-time';

const money = z.string().describe('Decimal con 2 decimales');
const mhResponse = z.object({ code: z.string().nullable(), message: z.string().nullable(), observations: z.array(z.string()) });

export const documentResource = z.object({
  id: z.string().nullable().describe('null en una simulación (dry_run)'),
  object: z.literal('document'),
  emitter_id: z.string(),
  environment: z.enum(['00', '01']),
  type: z.string().describe('CAT-002'),
  status: z.enum(DOCUMENT_STATUSES),
  external_id: z.string().nullable(),
  generation_code: z.string().nullable(),
  control_number: z.string().nullable(),
  reception_stamp: z.string().nullable(),
  processed_at: z.string().nullable(),
  issued_at: z.string(),
  totals: z.object({ subtotal: money, iva: money, total: money, total_in_words: z.string() }),
  mh_response: mhResponse.nullable(),
  public_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
  json_url: z.string().nullable(),
  created_at: z.string().nullable(),
  emitter_name: z.string(),
  establishment: z.string(),
  point_of_sale: z.string(),
  receiver: z
    .object({ name: z.string().nullable(), document_type: z.string().nullable(), document_number: z.string().nullable(), nrc: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  related_documents: z.array(z.object({ id: z.string().nullable(), type: z.string(), generation_code: z.string() })),
  voided_at: z.string().nullable(),
  void: z
    .object({
      reason_type: z.string(),
      reason: z.string().nullable(),
      replacement_document_id: z.string().nullable(),
      reception_stamp: z.string().nullable(),
      status: z.string(),
      mh_response: mhResponse.nullable().describe("La respuesta del MH al evento de invalidación (null mientras está pendiente)"),
    })
    .nullable(),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
  events: z.array(z.object({ type: z.string(), at: z.string(), message: z.string() })),
  replaces_document_id: z.string().nullable(),
  replaced_by_document_id: z.string().nullable(),
  dry_run: z.boolean(),
  json: z.record(z.string(), z.unknown()).optional().describe('Solo en simulaciones: el JSON oficial construido.'),
}).meta({ id: 'Document' });

export const DOCUMENT_FIELDS = `
  id emitterId environment type status externalId generationCode controlNumber receptionStamp processedAt issuedAt
  totals { subtotal iva total totalInWords }
  mhResponse { code message observations }
  publicUrl pdfUrl jsonUrl createdAt emitterName establishment pointOfSale
  receiver { name documentType documentNumber nrc email }
  relatedDocuments { id type generationCode }
  voidedAt void { reasonType reason replacementDocumentId receptionStamp status mhResponse { code message observations } }
  warnings { code message }
  events { type at message }
  replacesDocumentId replacedByDocumentId dryRun json`;

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

/**
 * A document as REST shows it, from the `Document` the GraphQL door answers (a GraphQL result, or
 * `toDocument` of the service's view when the route calls the service directly): every field picked
 * by name, absent ones as null, so both sources give the same bytes.
 */
export function serializeDocument(d: Gql): z.infer<typeof documentResource> {
  const mh = (m: Gql | null | undefined) => (m ? { code: m.code ?? null, message: m.message ?? null, observations: m.observations ?? [] } : null);
  const out: z.infer<typeof documentResource> = {
    id: d.id ?? null,
    object: 'document',
    emitter_id: d.emitterId,
    environment: d.environment,
    type: d.type,
    status: String(d.status).toLowerCase() as never,
    external_id: d.externalId ?? null,
    generation_code: d.generationCode ?? null,
    control_number: d.controlNumber ?? null,
    reception_stamp: d.receptionStamp ?? null,
    processed_at: isoTime(d.processedAt),
    issued_at: isoTime(d.issuedAt)!,
    totals: { subtotal: d.totals.subtotal, iva: d.totals.iva, total: d.totals.total, total_in_words: d.totals.totalInWords },
    mh_response: mh(d.mhResponse),
    public_url: d.publicUrl ?? null,
    pdf_url: d.pdfUrl ?? null,
    json_url: d.jsonUrl ?? null,
    created_at: isoTime(d.createdAt),
    emitter_name: d.emitterName,
    establishment: d.establishment,
    point_of_sale: d.pointOfSale,
    receiver: d.receiver
      ? { name: d.receiver.name ?? null, document_type: d.receiver.documentType ?? null, document_number: d.receiver.documentNumber ?? null, nrc: d.receiver.nrc ?? null, email: d.receiver.email ?? null }
      : null,
    related_documents: ((d.relatedDocuments ?? []) as Gql[]).map((r) => ({ id: r.id ?? null, type: r.type, generation_code: r.generationCode })),
    voided_at: isoTime(d.voidedAt),
    void: d.void
      ? {
          reason_type: d.void.reasonType,
          reason: d.void.reason ?? null,
          replacement_document_id: d.void.replacementDocumentId ?? null,
          reception_stamp: d.void.receptionStamp ?? null,
          status: d.void.status,
          mh_response: mh(d.void.mhResponse),
        }
      : null,
    warnings: ((d.warnings ?? []) as Gql[]).map((w) => ({ code: w.code, message: w.message })),
    events: ((d.events ?? []) as Gql[]).map((e) => ({ type: e.type, at: isoTime(e.at)!, message: e.message })),
    replaces_document_id: d.replacesDocumentId ?? null,
    replaced_by_document_id: d.replacedByDocumentId ?? null,
    dry_run: d.dryRun,
  };
  if (d.json) out.json = d.json;
  return out;
}

/** The credential status of `PUT/POST …/credentials`: the emitter's embedded status plus its identity. */
export const credentialStatusResource = emitterCredentialStatus.extend({
  object: z.literal('credential_status'),
  emitter_id: z.string(),
}).meta({ id: 'CredentialStatus' });

export const CREDENTIAL_FIELDS = 'environment certificateLoaded certificateNit mhLoginOk checkedAt mhUser certificateValidUntil message';

export function serializeCredential(emitterId: string, c: Gql): z.infer<typeof credentialStatusResource> {
  return {
    object: 'credential_status',
    emitter_id: emitterId,
    environment: c.environment,
    certificate_loaded: c.certificateLoaded,
    certificate_nit: c.certificateNit,
    mh_login_ok: c.mhLoginOk,
    checked_at: c.checkedAt instanceof Date ? c.checkedAt.toISOString() : c.checkedAt,
    mh_user: c.mhUser,
    certificate_valid_until: c.certificateValidUntil instanceof Date ? c.certificateValidUntil.toISOString() : c.certificateValidUntil,
    message: c.message,
  };
}

/** A queued e-mail of a document (answer of `POST /documents/{id}/send`). */
export const documentEmailResource = z.object({
  id: z.string().describe('eml_…'),
  object: z.literal('document_email'),
  document_id: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  to: z.array(z.string()),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable(),
  message_id: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
}).meta({ id: 'DocumentEmail' });

export const DOCUMENT_EMAIL_FIELDS = 'id documentId status to attempts nextAttemptAt lastError messageId createdAt sentAt';

export function serializeDocumentEmail(e: Record<string, any>): z.infer<typeof documentEmailResource> { // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves
  return {
    id: e.id,
    object: 'document_email',
    document_id: e.documentId,
    status: e.status,
    to: e.to,
    attempts: e.attempts,
    next_attempt_at: e.nextAttemptAt ?? null,
    last_error: e.lastError ?? null,
    message_id: e.messageId ?? null,
    created_at: e.createdAt,
    sent_at: e.sentAt ?? null,
  };
}
