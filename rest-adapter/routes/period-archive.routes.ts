import { z } from 'zod';
import { requestPeriodArchiveSchema } from '../../src/services/archive/request-period-archive.service';
import type { HttpResult } from '../http-result';
import { listOf, paginationQuery } from '../query-schemas';
import { periodArchiveResource, serializePeriodArchive } from '../resources/period-archive.resource';
import type { RestRoute } from '../route';
import { signedLinkProblem } from '../signed-link-problem';

const TAG = 'Archivo del período';
const emitterParam = z.object({ id: z.string().max(64).describe('Id del emisor (emt_…)') });
const archiveParams = emitterParam.extend({ archive_id: z.string().max(64).describe('Id del archivo (arc_…)') });
const tokenParam = z.object({ token: z.string().max(2048) });
const page = (query: Record<string, unknown>) => ({ limit: query.limit as number, startingAfter: (query.starting_after as string | undefined) ?? null });

export const periodArchiveRoutes: RestRoute[] = [
  {
    id: 'createPeriodArchive',
    method: 'POST',
    path: '/v1/emitters/:id/archives',
    status: 202,
    refusals: ['invalid_format', 'invalid_value'],
    tag: TAG,
    summary: 'Pide el archivo de un mes del emisor: un ZIP con cada documento firmado, su PDF, los eventos, los libros de IVA e indice.csv. Se genera en segundo plano (status, documents_done / documents_total).',
    description:
      'Responde 202 con el archivo en `queued`; consulte `GET …/archives/{archive_id}` hasta `ready` (o espere el webhook `archive.ready`) y descárguelo con `GET …/archives/{archive_id}/download`. '
      + 'Solo los documentos del ambiente de la llave. Contenido del ZIP: docs/period-archive.md.',
    scope: 'fiscal:read',
    params: emitterParam,
    body: { schema: requestPeriodArchiveSchema, required: true, graphqlInput: 'CreatePeriodArchiveInput', graphqlPathFields: { emitterId: 'id' } },
    response: periodArchiveResource,
    call: async ({ params, body }, ctx) => ({ status: 202, body: serializePeriodArchive(await ctx.services.requestPeriodArchive.execute(ctx.actor!, params.id, body)) }),
  },
  {
    id: 'listPeriodArchives',
    method: 'GET',
    path: '/v1/emitters/:id/archives',
    status: 200,
    tag: TAG,
    summary: 'Los archivos del período del emisor en el ambiente de la llave, del más reciente al más antiguo.',
    scope: 'fiscal:read',
    params: emitterParam,
    query: paginationQuery,
    response: listOf(periodArchiveResource),
    call: async ({ params, query }, ctx) => {
      const p = await ctx.services.listPeriodArchives.execute(ctx.actor!, params.id, page(query));
      return { body: { object: 'list', data: p.data.map(serializePeriodArchive), has_more: p.hasMore } };
    },
  },
  {
    id: 'getPeriodArchive',
    method: 'GET',
    path: '/v1/emitters/:id/archives/:archive_id',
    status: 200,
    tag: TAG,
    summary: 'Un archivo del período: su estado y avance (documents_done / documents_total), y al estar listo su tamaño y SHA-256.',
    scope: 'fiscal:read',
    params: archiveParams,
    response: periodArchiveResource,
    call: async ({ params }, ctx) => {
      const v = await ctx.services.getPeriodArchive.execute(ctx.actor!, params.id, params.archive_id);
      return v ? { body: serializePeriodArchive(v) } : null;
    },
  },
  {
    id: 'downloadPeriodArchive',
    method: 'GET',
    path: '/v1/emitters/:id/archives/:archive_id/download',
    status: 302,
    refusals: ['archive_not_ready'],
    tag: TAG,
    summary: 'Redirige (302) a un enlace firmado de corta duración (DOWNLOAD_URL_TTL_S, 300 s) con el ZIP.',
    scope: 'fiscal:read',
    params: archiveParams,
    response: null,
    handler: async (_req, input, gctx): Promise<HttpResult> => {
      const link = await gctx.services.periodArchiveFiles.createDownloadLink(gctx.actor!, input.params.id, input.params.archive_id);
      return { status: 302, headers: { Location: link.url, 'Cache-Control': 'no-store' }, body: '' };
    },
  },
  {
    id: 'getSignedArchiveFile',
    method: 'GET',
    path: '/v1/files/archives/:token',
    status: 200,
    refusals: ['link_expired'],
    tag: TAG,
    summary: 'El ZIP de un enlace firmado de archivo del período (sin llave de API), con su SHA-256 en Repr-Digest. 410 cuando venció o fue alterado.',
    scope: null,
    public: true,
    params: tokenParam,
    response: null,
    binaryMediaType: ['application/zip'],
    handler: async (_req, input, gctx, problem): Promise<HttpResult> => {
      const r = await gctx.services.periodArchiveFiles.open(input.params.token);
      if (!r.ok) return signedLinkProblem(r.reason, problem);
      return {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${r.file.fileName}"`,
          'Content-Length': String(r.file.size),
          'Repr-Digest': `sha-256=:${Buffer.from(r.file.sha256, 'hex').toString('base64')}:`,
          'Cache-Control': 'private, no-store',
        },
        body: { kind: 'stream', write: r.file.write },
      };
    },
  },
];
