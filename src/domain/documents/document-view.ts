import { z } from 'zod';
import { DOCUMENT_STATUSES } from './document-status';
import { documentItemView, documentPaymentView } from './document-lines-view';

/**
 * A document as the API shows it — THE declaration of the Document output (ADR 0062). The GraphQL
 * `Document` type (src/graphql/document/document.types.ts), the REST `document` resource and its
 * OpenAPI schema (rest-adapter/resources/document.resource.ts) are derived from it, and the webhook
 * summary carries DOCUMENT_SUMMARY_FIELDS (src/domain/webhooks/webhook-event.ts). A field
 * added here is on every door; the mappers that build a view (the document store's
 * `toDocumentView`, the dry run) fail the type check until they fill it. Recipe: AGENTS.md.
 */
export const mhResponseView = z
  .object({ code: z.string().nullable(), message: z.string().nullable(), observations: z.array(z.string()) })
  .meta({ id: 'MhResponse' }); // MH's last answer about the document or its event

const date = z.date();

export const documentTotalsView = z
  .object({
    subtotal: z.string().meta({ gqlDescription: 'resumen.subTotal (FE: incluye IVA); NC/ND: subTotalVentas. Decimal con 2 decimales.', restDescription: 'Decimal con 2 decimales' }),
    iva: z.string().meta({ gqlDescription: 'IVA del documento (FE: el IVA contenido en los precios).', restDescription: 'Decimal con 2 decimales' }),
    total: z.string().meta({ gqlDescription: 'resumen.totalPagar.', restDescription: 'Decimal con 2 decimales' }),
    totalInWords: z.string(),
  })
  .meta({ id: 'DocumentTotals' });


export const documentView = z.object({
  id: z.string().nullable().meta({ gql: 'ID', gqlDescription: 'null en una simulación (dryRun).', restDescription: 'null en una simulación (dry_run)' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  environment: z.enum(['00', '01']).meta({ gql: 'String', gqlDescription: '"00" pruebas, "01" producción.' }),
  type: z.string().meta({ gqlDescription: 'CAT-002: 01 FE, 03 CCF, 05 NC, 06 ND.', restDescription: 'CAT-002' }),
  status: z.enum(DOCUMENT_STATUSES).meta({ gqlEnum: 'DocumentStatus' }),
  externalId: z.string().nullable(),
  notes: z.string().nullable().describe('Observaciones del documento tal como se emitió (el campo notes de la emisión).'),
  generationCode: z.string().nullable(),
  controlNumber: z.string().nullable(),
  receptionStamp: z.string().nullable(),
  processedAt: date.nullable(),
  issuedAt: date,
  totals: documentTotalsView,
  mhResponse: mhResponseView.nullable(),
  publicUrl: z.string().nullable(),
  pdfUrl: z.string().nullable().meta({ gqlDescription: 'Enlace a la representación gráfica en layout (LETTER si se omite): GET /v1/documents/{id}/pdf?layout=…, con la misma autenticación. null en una simulación (dryRun).' }),
  jsonUrl: z.string().nullable(),
  createdAt: date.nullable(),
  emitterName: z.string(),
  establishment: z.string(),
  pointOfSale: z.string(),
  receiver: z
    .object({
      name: z.string().nullable(),
      documentType: z.string().nullable(),
      documentNumber: z.string().nullable(),
      nrc: z.string().nullable(),
      email: z.string().nullable(),
    })
    .meta({ id: 'DocumentReceiver' })
    .nullable(),
  relatedDocuments: z.array(
    z
      .object({
        id: z.string().nullable().meta({ gql: 'ID', gqlDescription: 'Id del documento cuando lo emitió este servicio.' }),
        type: z.string(),
        generationCode: z.string(),
      })
      .meta({ id: 'RelatedDocument' }),
  ),
  voidedAt: date.nullable(),
  void: z
    .object({
      reasonType: z.string(),
      reason: z.string().nullable(),
      replacementDocumentId: z.string().nullable().meta({ gql: 'ID' }),
      receptionStamp: z.string().nullable(),
      status: z.string().meta({ gqlDescription: 'pending, sealed o rejected.' }),
      mhResponse: mhResponseView.nullable().meta({
        gqlDescription: 'La respuesta del MH al evento de invalidación (null mientras está pendiente).',
        restDescription: 'La respuesta del MH al evento de invalidación (null mientras está pendiente)',
      }),
    })
    .meta({ id: 'DocumentVoid' })
    .nullable(),
  warnings: z.array(z.object({ code: z.string(), message: z.string() }).meta({ id: 'DocumentWarning' })),
  events: z.array(z.object({ type: z.string(), at: date, message: z.string() }).meta({ id: 'DocumentEvent' })),
  replacesDocumentId: z.string().nullable().meta({ gql: 'ID' }),
  replacedByDocumentId: z.string().nullable().meta({ gql: 'ID' }),
  dryRun: z.boolean(),
  json: z.record(z.string(), z.unknown()).nullable().meta({
    gql: 'JSON',
    gqlDescription: 'JSON oficial construido (solo en simulaciones).',
    restDescription: 'Solo en simulaciones: el JSON oficial construido.',
    restOmitNull: true,
  }),
  /**
   * Its lines and payment terms as issued (document-lines.ts), when this view read them: a document by
   * id, a dry run, an issuance's answer; absent in lists, whose pages never read the signed JSON.
   * GraphQL resolves `items` and `payment` apart (from these, or loaded when absent).
   */
  items: z.array(documentItemView.meta({ restId: 'DocumentItem' })).optional().meta({
    gql: false,
    restDescription:
      'Las líneas tal como se emitieron (del JSON firmado). En el documento (GET /v1/documents/{id}), la simulación y las respuestas de emitir, reintentar e invalidar; las listas no las traen.',
  }),
  payment: documentPaymentView.meta({ restId: 'DocumentPayment' }).nullable().optional().meta({
    gql: false,
    restDescription: 'Condición de la operación y formas de pago tal como se emitieron (null en los tipos que no las llevan); donde van las líneas.',
  }),
});

/** A document as the API shows it: the one shape both doors map from. */
export type DocumentView = z.infer<typeof documentView>;

/**
 * The view's fields every `document.*` webhook event carries in `data` (with `object` and the
 * document's `total`): the webhook summary (webhook-event.ts) and the SQL that writes it into the
 * outbox (document-summary.ts) are built from this list, so a field added here is in both.
 */
export const DOCUMENT_SUMMARY_FIELDS = [
  'id', 'type', 'status', 'environment', 'emitterId', 'externalId', 'generationCode', 'controlNumber', 'receptionStamp', 'processedAt', 'mhResponse', 'notes',
] as const satisfies readonly (keyof DocumentView)[];

export type DocumentSummaryField = (typeof DOCUMENT_SUMMARY_FIELDS)[number];
export type DocumentMhResponse = z.infer<typeof mhResponseView>;
export type DocumentReceiverSummary = NonNullable<DocumentView['receiver']>;
export type DocumentVoidView = NonNullable<DocumentView['void']>;
export type DocumentHistoryLine = DocumentView['events'][number];

/** The invalidation of a document as stored: pending until MH seals or rejects the event. */
export interface DocumentVoidInfo {
  reasonType: string;
  reason: string | null;
  replacementDocumentId: string | null;
  receptionStamp: string | null;
  status: string;
  /** MH's answer to the event (absent while pending). */
  mh?: DocumentMhResponse | null;
}

/** `12` → `12.00`, `12.5` → `12.50`: summary amounts always carry two decimals. */
export function moneyString(v: string | number): string {
  const s = String(v);
  return /^-?\d+$/.test(s) ? `${s}.00` : /^-?\d+\.\d$/.test(s) ? `${s}0` : s;
}
