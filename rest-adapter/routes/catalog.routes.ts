import { z } from 'zod';
import { toCatalogEntry } from '../../src/graphql/catalog/catalog.resolver';
import { listOf, pageOf, paginationQuery } from '../query-schemas';
import { catalogResource, catalogSummaryResource, serializeCatalogSummary } from '../resources/catalog.resource';
import type { RestRoute } from '../route';

export const catalogRoutes: RestRoute[] = [
  {
    id: 'listCatalogs',
    method: 'GET',
    path: '/v1/catalogs',
    status: 200,
    tag: 'Catálogos',
    summary: 'Lista los catálogos oficiales del MH (CAT-001 … CAT-033) con su versión y número de entradas.',
    scope: null,
    response: listOf(catalogSummaryResource),
    call: async (_input, ctx) => ({ body: { object: 'list', data: ctx.services.listCatalogs.execute().map(serializeCatalogSummary), has_more: false } }),
  },
  {
    id: 'getCatalog',
    method: 'GET',
    path: '/v1/catalogs/:code',
    status: 200,
    tag: 'Catálogos',
    summary: 'Un catálogo oficial con sus entradas paginadas; `q` busca en código y nombre.',
    scope: null,
    params: z.object({ code: z.string().max(16).describe('Código del catálogo, p. ej. CAT-019') }),
    query: paginationQuery.extend({ q: z.string().max(100, '"q" admite hasta 100 caracteres.').optional().describe('Texto a buscar en código y nombre') }),
    response: catalogResource,
    call: async ({ params, query }, ctx) => {
      const c = ctx.services.getCatalog.execute(params.code, { q: (query.q as string | undefined) ?? null, page: pageOf(query) });
      if (!c) return null;
      return { body: { ...serializeCatalogSummary(c), data: c.entries.data.map(toCatalogEntry), has_more: c.entries.hasMore } };
    },
  },
];
