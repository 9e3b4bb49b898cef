import { z } from 'zod';
import { documentCreateSchema } from '../../src/domain/dte';
import { invalidateSchema, type InvalidateInput } from '../../src/services/invalidation/invalidate-document.service';
import { sendDocumentSchema, type SendDocumentInput } from '../../src/services/document-email/send-document-email.service';
import type { ContingencyView } from '../../src/services/contingency/list-contingencies.service';
import { isoTime } from '../resources/iso-time';
import { problemResult, type HttpResult } from '../http-result';
import { idParam, listOf, paginationQuery } from '../query-schemas';
import { DEFAULT_DOCUMENT_LAYOUT, DOCUMENT_LAYOUTS, DOCUMENT_LAYOUT_MESSAGE, DOCUMENT_STATUSES, type DocumentLayout } from '../../src/domain/documents';
import { ALL_DTE_TYPES } from '../../src/domain/dte/dte.types';
import { DOCUMENT_TYPE_FILTER_MESSAGE } from '../../src/services/documents/list-documents.service';
import { documentEmailResource, documentResource, serializeDocument, serializeDocumentEmail } from '../resources/document.resource';
import type { RestRoute } from '../route';
import { toDocument } from '../../src/graphql/document/document.mapper';
import { DOCUMENT_EXPORT_FORMATS, DOCUMENT_EXPORT_FORMAT_MESSAGE, DOCUMENT_EXPORT_MEDIA_TYPES, type DocumentExportFormat } from '../../src/domain/documents/document-export';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

const boolQuery = z.enum(['true', 'false', '1', '0'], '"dry_run" es true o false.').transform((v) => v === 'true' || v === '1');

/** 200 dry run or rejected in a sync call, 201 processed, 202 in process or in contingency. */
export function issuanceStatus(doc: Gql): number {
  if (doc.dryRun) return 200;
  const s = String(doc.status).toLowerCase();
  if (s === 'processed') return 201;
  if (s === 'rejected') return 200;
  return 202;
}

/** The document list's filters, shared by the list and its export (snake_case query). */
const documentFilterQuery = z.object({
  emitter_id: z.string().max(64).optional(),
  type: z.enum(ALL_DTE_TYPES, DOCUMENT_TYPE_FILTER_MESSAGE).optional().describe('CAT-002: 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15'),
  status: z.enum(DOCUMENT_STATUSES, `El estado es uno de: ${DOCUMENT_STATUSES.join(', ')}.`).optional(),
  external_id: z.string().max(255).optional(),
  issued_from: z.iso.date('Fecha yyyy-MM-dd.').optional().describe('Fecha de emisión desde (yyyy-MM-dd)'),
  issued_to: z.iso.date('Fecha yyyy-MM-dd.').optional().describe('Fecha de emisión hasta (yyyy-MM-dd)'),
  environment: z.enum(['00', '01'], 'El ambiente es "00" o "01".').optional().describe('Solo el ambiente de la llave es visible'),
  q: z.string().max(100, '"q" admite hasta 100 caracteres.').optional().describe('Número de control, código de generación o sello (con o sin guiones), nombre o documento del receptor (sin distinguir mayúsculas ni tildes; NIT o DUI con o sin guiones)'),
});

/** The list's filters as the services take them. */
function documentFilterOf(query: Record<string, unknown>) {
  const q = query as Partial<Record<keyof z.infer<typeof documentFilterQuery>, string>>;
  return { emitterId: q.emitter_id, type: q.type, status: q.status, externalId: q.external_id, issuedFrom: q.issued_from, issuedTo: q.issued_to, environment: q.environment, q: q.q };
}

/** A query value that is well formed but not one of the choices: 422 naming the parameter. */
function invalidChoice(path: string, message: string, problem: Parameters<typeof problemResult>[1]): HttpResult {
  return problemResult({ code: 'validation_failed', detail: message, errors: [{ path, code: 'invalid_value', message }] }, problem);
}

export const documentRoutes: RestRoute[] = [
  {
    id: 'issueDocument',
    method: 'POST',
    path: '/v1/documents',
    status: 201,
    outcomes: [
      { status: 200, description: 'Simulación (`dry_run=true`, `dry_run: true` en el cuerpo, nada se firma ni se guarda) o documento rechazado por el MH en modo sync (`status: rejected`, detalle en `mh_response`).' },
      { status: 202, description: 'En proceso (`mode=async`, o el MH no respondió dentro de SYNC_WAIT_MS) o en contingencia; un webhook avisa el resultado.' },
    ],
    // resource_not_found: the body's emitter_id (or a related document) names nothing of this account.
    refusals: ['resource_not_found', 'generation_code_taken', 'production_not_allowed', 'credentials_not_configured', 'unknown_establishment', 'unknown_point_of_sale', 'receiver_required'],
    tag: 'Documentos',
    summary: 'Emite un documento de cualquier tipo del CAT-002 (01, 03, 04, 05, 06, 07, 08, 09, 11, 14, 15): calcula montos, arma el JSON oficial, lo valida, lo firma y lo transmite al MH.',
    description:
      '`dry_run=true` devuelve 200 con los totales y el JSON construido sin guardar ni gastar nada. En `mode=sync` (predeterminado) se espera la respuesta del MH hasta SYNC_WAIT_MS: 201 procesado, 200 rechazado (detalle en `mh_response`), 202 si el MH no respondió a tiempo o el documento quedó en contingencia. `mode=async` responde 202 al instante.',
    scope: 'documents:write',
    query: z.object({
      mode: z.enum(['sync', 'async'], '"mode" es sync o async.').optional().describe('sync (predeterminado) o async'),
      dry_run: boolQuery.optional().describe('true: solo calcula y valida'),
    }),
    body: { schema: documentCreateSchema, required: true, opaque: ['raw'], graphqlInput: 'DocumentCreateInput' },
    response: documentResource,
    // Issuance links its document in the group commit, which also writes the Idempotency-Key record.
    idempotencyRecordInCommit: true,
    call: async ({ query, body }, ctx) => {
      const doc = toDocument(await ctx.services.issueDocument.execute(ctx.actor!, body, { dryRun: query.dry_run === true, mode: query.mode === 'async' ? 'async' : 'sync' }));
      return { body: serializeDocument(doc), status: issuanceStatus(doc) };
    },
  },
  {
    // Before `/v1/documents/:id`, so "export" is never read as an id.
    id: 'exportDocuments',
    method: 'GET',
    path: '/v1/documents/export',
    status: 200,
    tag: 'Documentos',
    summary: 'Exporta la lista de documentos (los mismos filtros de `GET /v1/documents`) como CSV o XLSX, en flujo.',
    description:
      '`format`: `csv` (UTF-8 con BOM, separador `;`, CRLF, como los libros de IVA) o `xlsx`; otro → 422. Una fila por documento, del más reciente al más antiguo, con encabezados en español (Tipo, Número de control, Código de generación, Sello de recepción, Fecha de emisión, Emisor, Receptor, Documento del receptor, Subtotal, IVA, Total, Estado, Id externo, Id); montos como números; en el CSV, un texto que una hoja de cálculo ejecutaría como fórmula (`=`, `+`, `-`, `@`…) lleva un apóstrofo delante. Solo el ambiente de la llave. Se escribe por páginas de 500 documentos a medida que se leen (sin Content-Length), con `Content-Disposition: attachment; filename="documentos-AAAAMMDD.csv"` (fecha de El Salvador).',
    scope: 'documents:read',
    query: documentFilterQuery.extend({
      // Read as text and checked by the route: an unknown format is a 422 (the value is well formed, the choice is not).
      format: z.string().max(20).optional().describe('csv (predeterminado) o xlsx'),
    }),
    refusals: ['validation_failed'],
    response: null,
    binaryMediaType: [DOCUMENT_EXPORT_MEDIA_TYPES.csv, DOCUMENT_EXPORT_MEDIA_TYPES.xlsx],
    handler: async (_req, input, gctx, problem): Promise<HttpResult> => {
      const query = input.query as Record<string, string | undefined>;
      const format = query.format ?? 'csv';
      if (!(DOCUMENT_EXPORT_FORMATS as readonly string[]).includes(format)) {
        return invalidChoice('format', DOCUMENT_EXPORT_FORMAT_MESSAGE, problem);
      }
      const filter = documentFilterOf(query);
      const file = gctx.services.exportDocuments.execute(gctx.actor!, filter, format as DocumentExportFormat);
      return {
        status: 200,
        headers: { 'Content-Type': file.mediaType, 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'no-store' },
        body: { kind: 'stream', write: file.write },
      };
    },
  },
  {
    id: 'getDocument',
    embedView: true,
    method: 'GET',
    path: '/v1/documents/:id',
    status: 200,
    tag: 'Documentos',
    summary: 'Obtiene un documento con su estado actualizado y su historial de eventos.',
    scope: 'documents:read',
    params: idParam('id', 'Id del documento'),
    response: documentResource,
    call: async ({ params }, ctx) => {
      const view = await ctx.services.getDocument.execute(ctx.actor!, params.id);
      return view ? { body: serializeDocument(toDocument(view)) } : null;
    },
  },
  {
    id: 'getDocumentJson',
    embedView: true,
    method: 'GET',
    path: '/v1/documents/:id/json',
    status: 200,
    tag: 'Documentos',
    summary: 'El "archivo DTE": el JSON oficial exactamente como se firmó, con firmaElectronica y selloRecibido.',
    scope: 'documents:read',
    params: idParam('id', 'Id del documento'),
    response: z.record(z.string(), z.unknown()),
    handler: async (_req, input, gctx, problem): Promise<HttpResult> => {
      const text = await gctx.services.getDocumentJson.execute(gctx.actor!, input.params.id);
      if (text === null) {
        return problemResult({ code: 'resource_not_found', detail: 'No existe el documento (o pertenece a otra cuenta o ambiente).' }, problem);
      }
      return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `inline; filename="${input.params.id}.json"` }, body: text };
    },
  },
  {
    id: 'getDocumentPdf',
    embedView: true,
    method: 'GET',
    path: '/v1/documents/:id/pdf',
    status: 200,
    tag: 'Documentos',
    summary: 'La representación gráfica del documento (PDF carta, en español; o ticket de 80/58 mm, o ESC/POS) con el QR de la consulta pública del MH.',
    description:
      '`layout`: `letter` (predeterminado, PDF carta con el logo del emisor cuando se puede obtener en 3 s), `ticket-80` / `ticket-58` (PDF de una sola página tan larga como el contenido, 72 / 48 mm imprimibles, para impresoras térmicas) o `escpos-80` / `escpos-58` (bytes ESC/POS crudos, `application/octet-stream`: texto, el QR como comando de la impresora y corte). Responde con `Content-Disposition: inline; filename="<número de control>.pdf"` (`.bin` en ESC/POS). Otro `layout` → 422.',
    scope: 'documents:read',
    params: idParam('id', 'Id del documento'),
    query: z.object({
      // Read as text and checked by the route: an unknown layout is a 422 (the value is well formed, the choice is not).
      layout: z.string().max(40).optional().describe('letter (predeterminado), ticket-80, ticket-58, escpos-80 o escpos-58'),
    }),
    refusals: ['validation_failed'],
    response: null,
    binaryMediaType: ['application/pdf', 'application/octet-stream'],
    handler: async (_req, input, gctx, problem): Promise<HttpResult> => {
      const given = (input.query.layout as string | undefined) ?? DEFAULT_DOCUMENT_LAYOUT;
      if (!(DOCUMENT_LAYOUTS as readonly string[]).includes(given)) {
        return invalidChoice('layout', DOCUMENT_LAYOUT_MESSAGE, problem);
      }
      const layout = given as DocumentLayout;
      const r = await gctx.services.getDocumentPdf.execute(gctx.actor!, input.params.id, layout);
      if (r === null) {
        return problemResult({ code: 'resource_not_found', detail: 'No existe el documento (o pertenece a otra cuenta o ambiente).' }, problem);
      }
      return { status: 200, headers: { 'Content-Type': r.mediaType, 'Content-Disposition': `inline; filename="${r.filename}"`, 'Content-Length': String(r.pdf.length) }, body: r.pdf };
    },
  },
  {
    id: 'sendDocument',
    method: 'POST',
    path: '/v1/documents/:id/send',
    status: 202,
    refusals: ['document_not_sendable', 'receiver_required'],
    tag: 'Documentos',
    summary: 'Envía por correo el PDF y el JSON del documento: a `to`, o al correo del receptor.',
    description:
      'Solo documentos con sello del MH (procesados o invalidados; otro estado: 409 `document_not_sendable`). `to`: 1 a 10 direcciones; sin `to` se usa el correo del receptor (si no tiene: 422). Responde 202 con el envío en cola (`document_email`, status pending); el resultado queda en `events[]` del documento (`email_sent`, o `email_failed` con reintentos) y se notifica con el webhook `document.delivered`.',
    scope: 'documents:write',
    params: idParam('id', 'Id del documento'),
    body: { schema: sendDocumentSchema, required: false, graphqlInput: 'SendDocumentInput' },
    response: documentEmailResource,
    call: async ({ params, body }, ctx) => ({ body: serializeDocumentEmail(await ctx.services.sendDocumentEmail.execute(ctx.actor!, params.id, (body as SendDocumentInput | undefined) ?? {})) }),
  },
];

documentRoutes.push(
  {
    id: 'retryDocument',
    method: 'POST',
    path: '/v1/documents/:id/retry',
    status: 200,
    outcomes: [
      { status: 201, description: 'La corrección creó un documento nuevo (`replaces_document_id`) y el MH lo procesó.' },
      { status: 202, description: 'El MH no respondió a tiempo, o la corrección creó un documento nuevo que sigue en proceso; un webhook avisa el resultado.' },
    ],
    refusals: ['document_not_retryable', 'correction_not_allowed', 'not_allowed_with_raw'],
    tag: 'Documentos',
    summary: 'Reintenta un documento: consulta al MH antes de reenviar el mismo JSON firmado; con un cuerpo corrige un documento rechazado.',
    description:
      'Estados signed, sending, error y contingency: se consulta al MH y, si no lo tiene, se reenvía el mismo JSON firmado. Rechazado sin cuerpo: se reenvía el mismo JSON. Rechazado con un DocumentCreate corregido: dentro de las 24 h del rechazo se reconstruye y firma con el mismo código de generación y número de control; después (o si el MH objetó el código de generación) se emite un documento nuevo con `replaces_document_id` (201/202). Otros estados: 409. Respuestas: 200 con el resultado, 202 si el MH no respondió a tiempo.',
    scope: 'documents:write',
    params: idParam('id', 'Id del documento'),
    query: z.object({ mode: z.enum(['sync', 'async'], '"mode" es sync o async.').optional() }),
    body: { schema: documentCreateSchema, required: false, opaque: ['raw'], graphqlInput: 'DocumentCreateInput' },
    response: documentResource,
    call: async ({ params, query, body }, ctx) => {
      const r = await ctx.services.retryDocument.execute(ctx.actor!, params.id, body ?? undefined, { mode: query.mode === 'async' ? 'async' : 'sync' });
      const status = toDocument(r.document).status;
      const final = status === 'processed' || status === 'rejected';
      return { body: serializeDocument(toDocument(r.document)), status: r.replaced ? (status === 'processed' ? 201 : 202) : final ? 200 : 202 };
    },
  },
  {
    id: 'invalidateDocument',
    method: 'POST',
    path: '/v1/documents/:id/invalidate',
    status: 200,
    outcomes: [{ status: 202, description: 'El MH aún no respondió el evento de invalidación: el documento sigue `processed` con `void.status` pending; un webhook avisa el resultado.' }],
    refusals: ['document_not_invalidatable', 'invalidation_deadline_passed', 'replacement_required', 'invalidation_rejected'],
    tag: 'Documentos',
    summary: 'Invalida (anula) un documento procesado con el evento de invalidación del MH (esquema v3).',
    description:
      '`reason_type` "1" (error en la información), "2" (rescindir) o "3" (otro, con `reason`); `replacement_document_id` obligatorio para 1 y 3 (un documento ya procesado; no para NC); `responsible` y `requester` con `name`, `document_type` (CAT-022) y `document_number`. Se aplican los plazos del MH (MF-2.0). 200 con el documento `voided`; 202 si el MH aún no respondió (`void.status` pending); 422 `invalidation_rejected` con la respuesta del MH en `mh` si el MH rechazó el evento (el documento sigue `processed` con `void.status` rejected); idempotente si ya estaba invalidado.',
    scope: 'documents:invalidate',
    params: idParam('id', 'Id del documento'),
    body: { schema: invalidateSchema, required: true, graphqlInput: 'InvalidateDocumentInput' },
    response: documentResource,
    call: async ({ params, body }, ctx) => {
      const r = await ctx.services.invalidateDocument.execute(ctx.actor!, params.id, body as InvalidateInput);
      return { body: serializeDocument(toDocument(r.document)), status: r.outcome === 'pending' ? 202 : 200 };
    },
  },
);

const contingencyResource = z.object({
  id: z.string(),
  object: z.literal('contingency'),
  emitter_id: z.string(),
  environment: z.string(),
  status: z.enum(['open', 'recovering', 'completed', 'failed']),
  contingency_type: z.number().int(),
  reason: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  documents_held: z.number().int(),
  event_generation_code: z.string().nullable(),
  event_status: z.string().nullable(),
  event_seal: z.string().nullable(),
  event_sealed_at: z.string().nullable(),
  event_deadline: z.string().nullable(),
  lotes_deadline: z.string().nullable(),
  lotes: z.array(z.object({ code: z.string(), documents: z.number().int(), status: z.string(), sent_at: z.string() })),
  last_error: z.string().nullable(),
  next_check_at: z.string().nullable(),
});

/** A contingency episode as REST shows it, from the service's view (the `Contingency` GraphQL type maps the same view). */
function serializeContingency(n: ContingencyView): z.infer<typeof contingencyResource> {
  return {
    id: n.id,
    object: 'contingency',
    emitter_id: n.emitterId,
    environment: n.environment,
    status: n.status as z.infer<typeof contingencyResource>['status'],
    contingency_type: n.contingencyType,
    reason: n.reason,
    started_at: isoTime(n.startedAt)!,
    ended_at: isoTime(n.endedAt),
    documents_held: n.documentsHeld,
    event_generation_code: n.eventGenerationCode,
    event_status: n.eventStatus,
    event_seal: n.eventSeal,
    event_sealed_at: isoTime(n.eventSealedAt),
    event_deadline: isoTime(n.eventDeadline),
    lotes_deadline: isoTime(n.lotesDeadline),
    lotes: n.lotes.map((l) => ({ code: l.code, documents: l.documents, status: l.status, sent_at: l.sentAt })),
    last_error: n.lastError,
    next_check_at: isoTime(n.nextCheckAt),
  };
}

documentRoutes.push(
  {
    id: 'listDocuments',
    embedView: true,
    method: 'GET',
    path: '/v1/documents',
    status: 200,
    tag: 'Documentos',
    summary: 'Lista los documentos del ambiente de la llave, del más reciente al más antiguo, con filtros.',
    scope: 'documents:read',
    query: paginationQuery.extend(documentFilterQuery.shape),
    response: listOf(documentResource),
    call: async ({ query }, ctx) => {
      const filter = documentFilterOf(query);
      const page = await ctx.services.listDocuments.execute(ctx.actor!, filter, { limit: query.limit as number, startingAfter: (query.starting_after as string | undefined) ?? null });
      return { body: { object: 'list', data: page.data.map((v) => serializeDocument(toDocument(v))), has_more: page.hasMore } };
    },
  },
  {
    id: 'listContingencies',
    method: 'GET',
    path: '/v1/contingencies',
    status: 200,
    tag: 'Documentos',
    summary: 'Contingencias (periodos sin respuesta del MH) abiertas, en recuperación o fallidas, con los plazos del MH para el evento (24 h) y los lotes (72 h).',
    scope: 'documents:read',
    query: paginationQuery.extend({ status: z.enum(['open', 'recovering', 'completed', 'failed']).optional() }),
    response: listOf(contingencyResource),
    call: async ({ query }, ctx) => {
      const page = await ctx.services.listContingencies.execute(ctx.actor!, (query.status as string | undefined) ?? null, { limit: query.limit as number, startingAfter: (query.starting_after as string | undefined) ?? null });
      return { body: { object: 'list', data: page.data.map(serializeContingency), has_more: page.hasMore } };
    },
  },
);
