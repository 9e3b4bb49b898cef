import { z } from 'zod';
import { fiscalTagsPatchSchema } from '../../src/domain/fiscal/fiscal-tags.schema';
import { isFiscalResource, type FiscalRecord } from '../../src/domain/fiscal';
import type { BatchItemResult, StoredFiscalRecord } from '../../src/services/fiscal/fiscal-record-rows';
import { MAX_BATCH_ITEMS } from '../../src/services/fiscal/fiscal-record-rows';
import { camelToSnake, snakeKeysToCamel } from '../case-convert';
import { jsonResult, problemResult, type HttpResult } from '../http-result';
import { buildProblem, problemFromUserErrors, type ProblemContext } from '../problem';
import { paginationQuery } from '../query-schemas';
import type { RestRoute, RouteInput } from '../route';

const RESOURCE_DESCRIPTION = 'purchases, withholdings-received, external-sales o withholdings-made';
const params = z.object({ id: z.string().max(64).describe('Id del emisor'), resource: z.string().max(40).describe(RESOURCE_DESCRIPTION) });
const itemParams = params.extend({ external_id: z.string().max(100).describe('external_id del registro') });

/** REST record (snake_case top level and counterpart; `amounts`/`attributes` keys are already snake_case). */
export const fiscalRecordResource = z.object({
  object: z.literal('fiscal_record'),
  id: z.string(),
  emitter_id: z.string(),
  resource: z.string(),
  external_id: z.string(),
  version: z.number().int(),
  period: z.string(),
  amounts: z.record(z.string(), z.string()),
  attributes: z.record(z.string(), z.string()),
  deleted: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
}).catchall(z.unknown());

export function serializeFiscalRecord(r: StoredFiscalRecord): Record<string, unknown> {
  const out: Record<string, unknown> = { object: 'fiscal_record', id: r.id, emitter_id: r.emitterId, resource: r.resource, period: r.period };
  const body = r.body as FiscalRecord & Record<string, unknown>;
  for (const [k, v] of Object.entries(body)) {
    if (k === 'counterpart' && v && typeof v === 'object') {
      out.counterpart = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([ck, cv]) => [camelToSnake(ck), cv]));
    } else out[camelToSnake(k)] = v;
  }
  out.version = r.version;
  out.deleted = r.deletedAt !== null;
  out.created_at = r.createdAt.toISOString();
  out.updated_at = r.updatedAt.toISOString();
  return out;
}

/** A REST item → the camelCase record the domain parses; `amounts`/`attributes` are passed through. */
export function itemFromRest(item: unknown): { value: unknown; badKeys: string[] } {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return { value: item, badKeys: [] };
  const converted = snakeKeysToCamel(item, { opaque: ['amounts', 'attributes'] });
  return { value: converted.value, badKeys: converted.badKeys };
}

function batchResult(r: BatchItemResult, problem: ProblemContext): Record<string, unknown> {
  const out: Record<string, unknown> = { external_id: r.externalId, status: r.status };
  if (r.error) {
    out.error = buildProblem({ ...problemFromUserErrors(r.error.errors.map((e) => ({ field: e.path, code: e.code, message: e.message }))), detail: r.error.message }, problem);
  }
  return out;
}

function unknownResource(input: RouteInput, problem: ProblemContext): HttpResult | null {
  if (isFiscalResource(input.params.resource)) return null;
  return problemResult({ code: 'route_not_found', detail: `Recurso fiscal desconocido "${input.params.resource}": use ${RESOURCE_DESCRIPTION}.` }, problem);
}

const batchBody = z.object({
  items: z.array(z.unknown()).max(MAX_BATCH_ITEMS, `Un lote admite como máximo ${MAX_BATCH_ITEMS} registros.`),
});

export const fiscalRecordRoutes: RestRoute[] = [
  {
    id: 'upsertFiscalRecords',
    method: 'POST',
    path: '/v1/emitters/:id/fiscal/:resource/batch',
    status: 200,
    refusals: ['route_not_found', 'invalid_value'],
    tag: 'Registros fiscales',
    summary: 'Crea o actualiza hasta 500 registros fiscales en una sola transacción; cada elemento trae su resultado.',
    description: 'Idempotente por external_id + version. Un elemento inválido, en conflicto de versión o de un periodo cerrado es un error de ese elemento (status error con un Problem); los demás se guardan.',
    scope: 'fiscal:write',
    params,
    body: { schema: batchBody, required: true, opaque: ['items'], graphqlMutation: { field: 'upsertFiscalRecords' }, graphqlPathFields: { emitterId: 'id', resource: 'resource' } },
    response: z.object({ results: z.array(z.object({ external_id: z.string().nullable(), status: z.enum(['created', 'updated', 'unchanged', 'error']), error: z.unknown().optional() })) }),
    handler: async (_req, input, gctx, problem) => {
      const bad = unknownResource(input, problem);
      if (bad) return bad;
      const rawItems = (input.body as { items: unknown[] }).items;
      const converted = rawItems.map(itemFromRest);
      const results = await gctx.services.putFiscalRecords.execute(gctx.actor!, input.params.id, input.params.resource, converted.map((c) => c.value));
      return jsonResult(200, {
        results: results.map((r, i) => {
          const badKeys = converted[i].badKeys;
          if (badKeys.length && r.status === 'error') {
            r.error!.errors.push(...badKeys.map((p) => ({ path: p, code: 'unknown_field' as const, message: `Campo no admitido: "${p.split('.').pop()}" (la API REST usa snake_case).` })));
          }
          return batchResult(r, problem);
        }),
      });
    },
  },
  {
    id: 'listFiscalRecords',
    method: 'GET',
    path: '/v1/emitters/:id/fiscal/:resource',
    status: 200,
    refusals: ['route_not_found', 'invalid_value', 'invalid_format'],
    tag: 'Registros fiscales',
    summary: 'Lista los registros fiscales de un recurso, del más reciente al más antiguo, con filtros por periodo, tipo, clase, contraparte y fechas contables.',
    scope: 'fiscal:read',
    params,
    query: paginationQuery.extend({
      period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'El periodo debe tener el formato AAAA-MM.').optional().describe('Periodo AAAA-MM de la fecha contable'),
      doc_type: z.string().max(2).optional().describe('Tipo de documento (CAT-002; 12 o 13 para aduanas)'),
      doc_class: z.string().max(1).optional().describe('Clase de documento 1–4'),
      counterpart: z.string().max(200).optional().describe('NIT, NRC o DUI de la contraparte (con o sin guiones), o parte de su nombre'),
      from: z.string().max(10).optional().describe('Fecha contable desde (AAAA-MM-DD, inclusive)'),
      to: z.string().max(10).optional().describe('Fecha contable hasta (AAAA-MM-DD, inclusive)'),
    }),
    response: z.object({ object: z.literal('list'), data: z.array(fiscalRecordResource), has_more: z.boolean() }),
    handler: async (_req, input, gctx, problem) => {
      const bad = unknownResource(input, problem);
      if (bad) return bad;
      const q = input.query as { limit: number; starting_after?: string; period?: string; doc_type?: string; doc_class?: string; counterpart?: string; from?: string; to?: string };
      const page = await gctx.services.listFiscalRecords.execute(
        gctx.actor!, input.params.id, input.params.resource,
        { period: q.period, docType: q.doc_type, docClass: q.doc_class, counterpart: q.counterpart, from: q.from, to: q.to },
        { limit: q.limit, startingAfter: q.starting_after ?? null },
        camelToSnake,
      );
      return jsonResult(200, { object: 'list', data: page.data.map(serializeFiscalRecord), has_more: page.hasMore });
    },
  },
  {
    id: 'putFiscalRecord',
    method: 'PUT',
    path: '/v1/emitters/:id/fiscal/:resource/:external_id',
    status: 200,
    outcomes: [{ status: 201, description: 'El registro no existía: se creó.' }],
    refusals: ['route_not_found', 'period_closed', 'record_version_conflict', 'invalid_value'],
    tag: 'Registros fiscales',
    summary: 'Crea (201) o actualiza (200) un registro fiscal; idempotente por versión.',
    scope: 'fiscal:write',
    params: itemParams,
    body: {
      schema: z.record(z.string(), z.unknown()),
      required: true,
      opaque: ['amounts', 'attributes'],
      graphqlMutation: { field: 'putFiscalRecord', bodyArg: 'record' },
      graphqlPathFields: { emitterId: 'id', resource: 'resource', externalId: 'external_id' },
    },
    response: fiscalRecordResource,
    handler: async (_req, input, gctx, problem) => {
      const bad = unknownResource(input, problem);
      if (bad) return bad;
      const r = await gctx.services.putFiscalRecord.execute(gctx.actor!, input.params.id, input.params.resource, input.params.external_id, input.body);
      return jsonResult(r.created ? 201 : 200, serializeFiscalRecord(r.record));
    },
  },
  {
    id: 'deleteFiscalRecord',
    method: 'DELETE',
    path: '/v1/emitters/:id/fiscal/:resource/:external_id',
    status: 200,
    refusals: ['route_not_found', 'period_closed', 'invalid_value'],
    tag: 'Registros fiscales',
    summary: 'Borra lógicamente un registro fiscal; no se admite si su periodo está cerrado.',
    scope: 'fiscal:write',
    params: itemParams,
    response: fiscalRecordResource,
    handler: async (_req, input, gctx, problem) => {
      const bad = unknownResource(input, problem);
      if (bad) return bad;
      return jsonResult(200, serializeFiscalRecord(await gctx.services.deleteFiscalRecord.execute(gctx.actor!, input.params.id, input.params.resource, input.params.external_id)));
    },
  },
];

export const documentFiscalRoutes: RestRoute[] = [
  {
    id: 'updateDocumentFiscalTags',
    method: 'PATCH',
    path: '/v1/documents/:id/fiscal',
    status: 200,
    refusals: ['invalid_value'],
    tag: 'Documentos',
    summary: 'Cambia las etiquetas fiscales de un documento emitido (códigos de ingreso, zona franca, exclusión de libros…).',
    description: 'Solo las etiquetas enviadas cambian. En un periodo cerrado el cambio se acepta y marca la deriva del periodo (evento fiscal.period.drift_detected).',
    scope: 'fiscal:write',
    params: z.object({ id: z.string().max(64).describe('Id del documento') }),
    body: { schema: fiscalTagsPatchSchema, required: true, graphqlInput: 'DocumentFiscalTagsInput' },
    response: z.object({ object: z.literal('document_fiscal_tags'), document_id: z.string(), income_codes: z.object({ operation_type: z.string(), income_type: z.string() }).nullable(), free_zone: z.boolean(), exempt_non_proportional: z.boolean(), exclude_from_books: z.boolean(), external_ref: z.string().nullable() }),
    call: async ({ params: p, body }, ctx) => {
      const r = await ctx.services.updateDocumentFiscalTags.execute(ctx.actor!, p.id, body);
      const t = r.fiscalTags;
      return {
        body: {
          object: 'document_fiscal_tags', document_id: r.documentId,
          income_codes: t.incomeCodes ? { operation_type: t.incomeCodes.operationType, income_type: t.incomeCodes.incomeType } : null,
          free_zone: t.freeZone, exempt_non_proportional: t.exemptNonProportional, exclude_from_books: t.excludeFromBooks, external_ref: t.externalRef ?? null,
        },
      };
    },
  },
];
