import { z } from 'zod';
import { jsonResult, problemResult, type HttpResult } from '../http-result';
import {
  fiscalReportResource, periodResource, reportTypeResource, serializeFiscalReport, serializePeriod, serializeReportType,
} from '../resources/fiscal-report.resource';
import { listOf, paginationQuery } from '../query-schemas';
import type { RestRoute } from '../route';
import { signedLinkProblem } from '../signed-link-problem';
import { createEmbedSessionSchema } from '../../src/services/embed/create-embed-session.service';
import { CONTENT_TYPES } from '../../src/services/fiscal/fiscal-report-store';
import { requestFiscalReportSchema, type RequestFiscalReportInput } from '../../src/services/fiscal/request-fiscal-report.service';
import { inRequestEnvironment } from '../../src/services/shared/request-environment';

/**
 * Fiscal reports, periods, signed file links and embed sessions. These call their services directly
 * (handlers): downloads answer 302 and files/HTML pages are not JSON.
 */
const TAG = 'Reportes fiscales';
const emitterParam = z.object({ id: z.string().max(64).describe('Id del emisor (emt_…)') });
const reportParams = emitterParam.extend({ report_id: z.string().max(64).describe('Id del reporte (frp_…)') });
const periodParams = emitterParam.extend({ period: z.string().max(7).describe('Período AAAA-MM') });

const tokenParam = z.object({ token: z.string().max(2048) });
const reopenBody = z.object({ reason: z.string().max(1000) });
const embedSessionResource = z.object({
  id: z.string().describe('ems_…'),
  object: z.literal('embed_session'),
  url: z.string().describe('Página de la vista con el token después de `#` (nunca llega a un servidor ni a un Referer).'),
  expires_at: z.string(),
  emitter_id: z.string(),
  report_id: z.string().nullable(),
});
const exchangeBody = z.object({ token: z.string().max(200).describe('El texto después de `#` en la URL del enlace.') });
const embedViewResource = z.object({
  object: z.literal('embed_view'),
  view_token: z.string().describe('Token de solo lectura (vt_…) para `Authorization: Bearer`: solo GET, solo el emisor de la vista.'),
  expires_at: z.string(),
  emitter_id: z.string(),
  report_id: z.string().nullable(),
  environment: z.enum(['00', '01']),
});
const rowsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100).describe('Filas por página, 1–1000 (predeterminado 100).'),
  starting_after: z.string().max(12).optional().describe('`n` de la última fila de la página anterior.'),
});
const reportsQuery = paginationQuery.extend({
  period: z.string().max(7).optional().describe('Solo los reportes de este período (AAAA-MM).'),
  type: z.string().max(64).optional().describe('Solo los reportes de este tipo (GET …/fiscal/report-types).'),
});
const downloadQuery = z.object({ format: z.enum(['csv', 'xlsx', 'pdf']).default('csv') });

/** The media types of a report file (`CONTENT_TYPES` without parameters), for the OpenAPI document. */
const REPORT_FILE_MEDIA_TYPES = [...new Set(Object.values(CONTENT_TYPES).map((t) => t.split(';')[0]))];

export const fiscalReportRoutes: RestRoute[] = [
  {
    id: 'listFiscalReportTypes',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/report-types',
    status: 200,
    tag: TAG,
    summary: 'Catálogo de reportes: anexos F-07 y libros de IVA, con sus formatos y el JSON Schema de `params`.',
    scope: 'fiscal:read',
    params: emitterParam,
    response: z.object({ data: z.array(reportTypeResource) }),
    handler: async (_req, input, gctx) => {
      const types = await gctx.services.listFiscalReportTypes.execute(gctx.actor!, input.params.id);
      return jsonResult(200, { data: types.map(serializeReportType) });
    },
  },
  {
    id: 'requestFiscalReport',
    method: 'POST',
    path: '/v1/emitters/:id/fiscal/reports',
    status: 202,
    outcomes: [{ status: 200, description: 'Ya existe el reporte vigente con el mismo `input_hash`, o el período está cerrado (su instantánea).' }],
    refusals: ['invalid_value', 'invalid_format'],
    tag: TAG,
    summary: 'Solicita un reporte fiscal de un período: 202 en cola, o 200 con el reporte vigente del mismo `input_hash` o la instantánea de un período cerrado.',
    scope: 'fiscal:write',
    params: emitterParam,
    body: { schema: requestFiscalReportSchema, required: true, opaque: ['params'], graphqlInput: 'RequestFiscalReportInput', graphqlPathFields: { emitterId: 'id' } },
    response: fiscalReportResource,
    handler: async (_req, input, gctx) => {
      const body = input.body as RequestFiscalReportInput;
      const r = await gctx.services.requestFiscalReport.execute(gctx.actor!, input.params.id, body);
      const view = await gctx.services.getFiscalReport.execute(inRequestEnvironment(gctx.actor!, body.environment), input.params.id, r.report.id);
      return jsonResult(r.queued ? 202 : 200, serializeFiscalReport(view!));
    },
  },
  {
    id: 'listFiscalReports',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/reports',
    status: 200,
    refusals: ['invalid_format', 'invalid_value'],
    tag: TAG,
    summary: 'Lista los reportes del emisor (de un período y de un tipo, si se indican), del más reciente al más antiguo: los ya generados, para abrirlos o descargarlos sin pedir uno nuevo.',
    scope: 'fiscal:read',
    params: emitterParam,
    query: reportsQuery,
    response: listOf(fiscalReportResource),
    handler: async (_req, input, gctx) => {
      const q = input.query as z.infer<typeof reportsQuery>;
      const page = await gctx.services.listFiscalReports.execute(gctx.actor!, input.params.id, { period: q.period ?? null, type: q.type ?? null }, { limit: q.limit, startingAfter: q.starting_after ?? null });
      return jsonResult(200, { object: 'list', data: page.data.map(serializeFiscalReport), has_more: page.hasMore });
    },
  },
  {
    id: 'getFiscalReport',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/reports/:report_id',
    status: 200,
    tag: TAG,
    summary: 'Estado de un reporte fiscal con totales, advertencias, `drift`, `input_hash` y `rules_version`.',
    scope: 'fiscal:read',
    params: reportParams,
    response: fiscalReportResource,
    handler: async (_req, input, gctx, problem) => {
      const view = await gctx.services.getFiscalReport.execute(gctx.actor!, input.params.id, input.params.report_id);
      if (!view) return problemResult({ code: 'resource_not_found', detail: 'No existe el reporte fiscal (o es de otra cuenta o ambiente).' }, problem);
      return jsonResult(200, serializeFiscalReport(view));
    },
  },
  {
    id: 'listFiscalReportRows',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/reports/:report_id/rows',
    status: 200,
    refusals: ['report_not_ready'],
    tag: TAG,
    summary: 'Filas de un reporte, paginadas, con las columnas que define el servidor.',
    description: 'Cada fila es `{n, cells}` con las celdas como texto (montos con 2 decimales, fechas DD/MM/AAAA) en el orden de `columns`.',
    scope: 'fiscal:read',
    params: reportParams,
    query: rowsQuery,
    response: z.object({ object: z.literal('list'), columns: z.array(z.record(z.string(), z.unknown())), data: z.array(z.object({ n: z.number(), cells: z.array(z.string()) })), has_more: z.boolean() }),
    handler: async (_req, input, gctx) => {
      const page = await gctx.services.listFiscalReportRows.execute(gctx.actor!, input.params.id, input.params.report_id, {
        first: input.query.limit as number,
        after: (input.query.starting_after as string | undefined) ?? null,
      });
      return jsonResult(200, { object: 'list', columns: page.columns, data: page.rows, has_more: page.hasMore });
    },
  },
  {
    id: 'downloadFiscalReport',
    embedView: true,
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/reports/:report_id/download',
    status: 302,
    refusals: ['report_not_ready', 'invalid_value'],
    tag: TAG,
    summary: 'Redirige (302) a un enlace firmado de corta duración (DOWNLOAD_URL_TTL_S, 300 s) con el archivo CSV, XLSX o PDF.',
    scope: 'fiscal:read',
    params: reportParams,
    query: downloadQuery,
    response: null,
    handler: async (_req, input, gctx): Promise<HttpResult> => {
      const link = await gctx.services.fiscalReportFiles.createDownloadLink(gctx.actor!, input.params.id, input.params.report_id, String(input.query.format));
      return { status: 302, headers: { Location: link.url, 'Cache-Control': 'no-store' }, body: '' };
    },
  },
  {
    id: 'getSignedFile',
    method: 'GET',
    path: '/v1/files/:token',
    status: 200,
    refusals: ['link_expired'],
    tag: TAG,
    summary: 'Archivo de un enlace firmado (sin llave de API). 410 cuando venció o fue alterado.',
    scope: null,
    public: true,
    params: tokenParam,
    response: null,
    binaryMediaType: REPORT_FILE_MEDIA_TYPES,
    handler: async (_req, input, gctx, problem): Promise<HttpResult> => {
      const r = await gctx.services.fiscalReportFiles.open(input.params.token);
      if (!r.ok) return signedLinkProblem(r.reason, problem);
      return {
        status: 200,
        headers: {
          'Content-Type': r.file.contentType,
          'Content-Disposition': `attachment; filename="${r.file.fileName}"`,
          'Content-Length': String(r.file.content.length),
          // RFC 9530: the file's SHA-256, the same as `files[].sha256` of the period's snapshot.
          'Repr-Digest': `sha-256=:${Buffer.from(r.file.sha256, 'hex').toString('base64')}:`,
          'Cache-Control': 'private, no-store',
        },
        body: r.file.content,
      };
    },
  },
  {
    id: 'listFiscalPeriods',
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/periods',
    status: 200,
    tag: TAG,
    summary: 'Períodos del emisor con documentos, registros o estado, del más reciente al más antiguo.',
    scope: 'fiscal:read',
    params: emitterParam,
    response: z.object({ data: z.array(periodResource) }),
    handler: async (_req, input, gctx) => jsonResult(200, { data: (await gctx.services.listFiscalPeriods.execute(gctx.actor!, input.params.id)).map(serializePeriod) }),
  },
  {
    id: 'closeFiscalPeriod',
    method: 'POST',
    path: '/v1/emitters/:id/fiscal/periods/:period/close',
    status: 202,
    refusals: ['period_already_closed', 'invalid_format'],
    tag: TAG,
    summary: 'Cierra un período: pasa a `closing`, se generan todos los reportes con sus instantáneas y hashes, y queda `closed` (evento fiscal.period.closed).',
    scope: 'fiscal:write',
    params: periodParams,
    response: periodResource,
    handler: async (_req, input, gctx) => jsonResult(202, serializePeriod(await gctx.services.closeFiscalPeriod.execute(gctx.actor!, input.params.id, input.params.period))),
  },
  {
    id: 'reopenFiscalPeriod',
    method: 'POST',
    path: '/v1/emitters/:id/fiscal/periods/:period/reopen',
    status: 200,
    refusals: ['period_not_closed', 'invalid_format'],
    tag: TAG,
    summary: 'Reabre un período cerrado con un motivo (permiso fiscal:close): versión + 1; las instantáneas anteriores se conservan.',
    scope: 'fiscal:close',
    params: periodParams,
    body: { schema: reopenBody, required: true, graphqlMutation: { field: 'reopenFiscalPeriod' }, graphqlPathFields: { emitterId: 'id', period: 'period' } },
    response: periodResource,
    handler: async (_req, input, gctx) =>
      jsonResult(200, serializePeriod(await gctx.services.reopenFiscalPeriod.execute(gctx.actor!, input.params.id, input.params.period, input.body as { reason: string }))),
  },
  {
    id: 'createEmbedSession',
    method: 'POST',
    path: '/v1/fiscal/embed-sessions',
    status: 201,
    // resource_not_found: the body's emitter_id or report_id names nothing of this account.
    refusals: ['resource_not_found', 'report_not_ready', 'out_of_range', 'invalid_format', 'required'],
    tag: TAG,
    summary: 'Enlace de un solo uso (máximo 300 s) a una vista de solo lectura: los documentos y libros de un emisor, o un reporte listo.',
    description:
      'Cuerpo: `emitter_id` solo (la vista del emisor: documentos y libros), o con `report_id`, o con `report_type` y `period` (el reporte listo más reciente); `ttl` en segundos (1–300, predeterminado 300). '
      + 'La URL lleva el token después de `#`: abrir la página (GET) no lo gasta; su script lo canjea una vez con `POST /v1/fiscal/embed-sessions/exchange`. '
      + 'La página responde `Content-Security-Policy: frame-ancestors` con los orígenes de la cuenta (`accounts set-embed-origins`).',
    scope: 'fiscal:read',
    body: { schema: createEmbedSessionSchema, required: true, graphqlInput: 'CreateEmbedSessionInput' },
    response: embedSessionResource,
    handler: async (_req, input, gctx) => {
      const s = await gctx.services.createEmbedSession.execute(gctx.actor!, input.body);
      return jsonResult(201, { id: s.id, object: 'embed_session', url: s.url, expires_at: s.expiresAt.toISOString(), emitter_id: s.emitterId, report_id: s.reportId });
    },
  },
  {
    id: 'exchangeEmbedToken',
    method: 'POST',
    path: '/v1/fiscal/embed-sessions/exchange',
    status: 200,
    refusals: ['embed_link_used', 'embed_link_expired'],
    tag: TAG,
    summary: 'Canjea una vez el token de un enlace de vista incrustada por un token de solo lectura (sin credenciales ni Idempotency-Key).',
    description:
      'Un segundo canje → 410 `embed_link_used`; un enlace vencido o desconocido → 401 `embed_link_expired`. El `view_token` (válido 30 minutos) solo admite GET de la vista: '
      + 'GraphQL por GET (`emitter`, `documents`, `document`, `documentAggregates`, `fiscalReport*`) y los GET REST de documentos, PDF, JSON y reportes de ese emisor; todo POST, PATCH o DELETE → 403.',
    scope: null,
    public: true,
    idempotent: false,
    body: { schema: exchangeBody, required: true, restOnly: 'La página de la vista canjea el token de su URL por REST antes de tener credenciales; GraphQL no tiene canje.' },
    response: embedViewResource,
    handler: async (_req, input, gctx) => {
      const v = await gctx.services.exchangeEmbedToken.execute((input.body as z.infer<typeof exchangeBody>).token);
      const body = { object: 'embed_view', view_token: v.viewToken, expires_at: v.expiresAt.toISOString(), emitter_id: v.emitterId, report_id: v.reportId, environment: v.environment };
      return jsonResult(200, body, { 'Cache-Control': 'no-store' });
    },
  },
];
