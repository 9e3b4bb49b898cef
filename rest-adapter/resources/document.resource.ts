import { z } from 'zod';
import { DOCUMENT_STATUSES } from '../../src/domain/documents';
import { emitterCredentialStatus } from './emitter.resource';
import { isoTime } from './iso-time';

const money = z.string().describe('Decimal con 2 decimales');
const mhResponse = z.object({ code: z.string().nullable(), message: z.string().nullable(), observations: z.array(z.string()) });
const decimal = z.string().describe('Decimal (hasta 8 decimales en las líneas)');

/** One line as issued (document-lines.ts): every type's lines in one shape, a field its lines lack as null. */
export const documentItemResource = z.object({
  number: z.number().int().describe('numItem: número de la línea (1 la primera)'),
  type: z.string().nullable().describe('tipoItem, CAT-011 (1 bien, 2 servicio…)'),
  code: z.string().nullable(),
  description: z.string().nullable(),
  quantity: decimal.nullable(),
  unit_code: z.string().nullable().describe('uniMedida, CAT-014'),
  unit_price: decimal.nullable().describe('FE: con IVA; CCF, NC, ND: sin IVA'),
  discount: decimal.nullable(),
  tax: z.enum(['gravada', 'exenta', 'no_sujeta', 'no_gravado']).nullable().describe('Tipo de venta; null si la línea no lleva monto de venta'),
  non_subject_amount: decimal.nullable().describe('ventaNoSuj'),
  exempt_amount: decimal.nullable().describe('ventaExenta'),
  taxed_amount: decimal.nullable().describe('ventaGravada'),
  non_taxed_amount: decimal.nullable().describe('noGravado'),
  iva: decimal.nullable().describe('ivaItem (FE, CL)'),
  taxes: z.array(z.string()).describe('tributos, CAT-015'),
  total: decimal.describe('Total de la línea: sus columnas de venta sumadas (FSE: compra; CD: valor; CR: monto sujeto)'),
  related_document: z.string().nullable().describe('numeroDocumento'),
  related_document_type: z.string().nullable().describe('CR y CL: tipo CAT-002 del documento relacionado'),
  related_document_issued_on: z.string().nullable().describe('CR y CL: fecha de emisión del documento relacionado'),
  withholding_code: z.string().nullable().describe('CR: codigoRetencionMH'),
  withheld: decimal.nullable().describe('CR: ivaRetenido'),
  donation_type: z.string().nullable().describe('CD: tipoDonacion'),
  depreciation: decimal.nullable().describe('CD: tipoDepreciacion'),
}).meta({ id: 'DocumentItem' });

export const documentPaymentResource = z.object({
  condition: z.string().nullable().describe('condicionOperacion, CAT-016: 1 contado, 2 a crédito, 3 otro'),
  methods: z.array(z.object({
    code: z.string().describe('CAT-017'),
    amount: money,
    reference: z.string().nullable(),
    term: z.string().nullable().describe('CAT-018'),
    period: z.number().int().nullable(),
  })),
}).meta({ id: 'DocumentPayment' });

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
  items: z.array(documentItemResource).optional()
    .describe('Las líneas tal como se emitieron (del JSON firmado). En el documento (GET /v1/documents/{id}), la simulación y las respuestas de emitir, reintentar e invalidar; las listas no las traen.'),
  payment: documentPaymentResource.nullable().optional()
    .describe('Condición de la operación y formas de pago tal como se emitieron (null en los tipos que no las llevan); donde van las líneas.'),
}).meta({ id: 'Document' });

const DOCUMENT_ITEM_FIELDS = `number type code description quantity unitCode unitPrice discount tax nonSubjectAmount exemptAmount taxedAmount
    nonTaxedAmount iva taxes total relatedDocument relatedDocumentType relatedDocumentIssuedOn withholdingCode withheld donationType depreciation`;

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
  replacesDocumentId replacedByDocumentId dryRun json
  items { ${DOCUMENT_ITEM_FIELDS} }
  payment { condition methods { code amount reference term period } }`;

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
  // A GraphQL result carries `items` and `payment` when its operation asked for them; a view of the
  // service, its lines when it read them (`issued`: not in lists).
  const lines: { items: Gql[]; payment: Gql | null } | null = d.items !== undefined ? { items: d.items, payment: d.payment ?? null } : d.issued ?? null;
  if (lines) {
    out.items = lines.items.map(serializeItem);
    out.payment = lines.payment
      ? {
          condition: lines.payment.condition ?? null,
          methods: ((lines.payment.methods ?? []) as Gql[]).map((m) => ({ code: m.code, amount: m.amount, reference: m.reference ?? null, term: m.term ?? null, period: m.period ?? null })),
        }
      : null;
  }
  return out;
}

function serializeItem(i: Gql): z.infer<typeof documentItemResource> {
  return {
    number: i.number,
    type: i.type ?? null,
    code: i.code ?? null,
    description: i.description ?? null,
    quantity: i.quantity ?? null,
    unit_code: i.unitCode ?? null,
    unit_price: i.unitPrice ?? null,
    discount: i.discount ?? null,
    tax: i.tax ?? null,
    non_subject_amount: i.nonSubjectAmount ?? null,
    exempt_amount: i.exemptAmount ?? null,
    taxed_amount: i.taxedAmount ?? null,
    non_taxed_amount: i.nonTaxedAmount ?? null,
    iva: i.iva ?? null,
    taxes: i.taxes ?? [],
    total: i.total,
    related_document: i.relatedDocument ?? null,
    related_document_type: i.relatedDocumentType ?? null,
    related_document_issued_on: i.relatedDocumentIssuedOn ?? null,
    withholding_code: i.withholdingCode ?? null,
    withheld: i.withheld ?? null,
    donation_type: i.donationType ?? null,
    depreciation: i.depreciation ?? null,
  };
}

/** The credential status of `PUT/POST …/credentials`: the emitter's embedded status plus its identity. */
export const credentialStatusResource = emitterCredentialStatus.extend({
  object: z.literal('credential_status'),
  emitter_id: z.string(),
}).meta({ id: 'CredentialStatus' });

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
