import { z } from 'zod';
import { listOf, paginationQuery } from '../query-schemas';
import { catalogResource, catalogSummaryResource, serializeCatalogSummary } from '../resources/catalog.resource';
import type { RestRoute } from '../route';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

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
    operation: 'query { catalogs { code name version entriesCount } }',
    fromResult: (data) => ({ body: { object: 'list', data: (data.catalogs as Gql[]).map(serializeCatalogSummary), has_more: false } }),
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
    operation: `query($code: String!, $first: Int, $after: String, $q: String) {
      catalog(code: $code) { code name version entriesCount
        entries(first: $first, after: $after, q: $q) { nodes { id code name section department notes } pageInfo { hasNextPage } } } }`,
    toVariables: ({ params, query }) => ({ code: params.code, first: query.limit, after: query.starting_after ?? null, q: query.q ?? null }),
    fromResult: (data) => {
      const c = data.catalog as Gql | null;
      if (!c) return null;
      return { body: { ...serializeCatalogSummary(c), data: c.entries.nodes, has_more: c.entries.pageInfo.hasNextPage } };
    },
  },
];
