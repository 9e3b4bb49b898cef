import { z } from 'zod';
import type { DirectoryKind } from '../../src/domain/directory/directory-csv';
import { MAX_DIRECTORY_BATCH } from '../../src/services/directory/import-directory-entries';
import { importDirectoryCsvSchema, type ImportDirectoryCsvInput } from '../../src/services/directory/import-directory-csv.service';
import { snakeKeysToCamel } from '../case-convert';
import { jsonResult, type HttpResult } from '../http-result';
import { idParam } from '../query-schemas';
import {
  customerImportResource, directoryCsvImportResource, productImportResource, serializeCustomerImport, serializeDirectoryCsvImport, serializeProductImport,
} from '../resources/directory-import.resource';
import type { RestRoute } from '../route';

const TAG = 'Directorio';
const emitterParam = idParam('id', 'Id del emisor');

const batchBody = z.object({
  items: z.array(z.unknown()).max(MAX_DIRECTORY_BATCH, `Un lote admite como máximo ${MAX_DIRECTORY_BATCH} elementos; no se guardó nada.`),
  dryRun: z.boolean().optional().describe('true: vista previa; valida cada elemento y dice qué se haría, sin guardar nada'),
});

/** A REST item → the camelCase item the create schema reads, and the keys REST does not admit. */
function itemsFromRest(items: unknown[]): { values: unknown[]; badKeys: string[][] } {
  const converted = items.map((item) => (item === null || typeof item !== 'object' || Array.isArray(item) ? { value: item, badKeys: [] } : snakeKeysToCamel(item)));
  return { values: converted.map((c) => c.value), badKeys: converted.map((c) => c.badKeys) };
}

const NAMES: Record<DirectoryKind, { one: string; many: string; key: string; single: string }> = {
  customers: { one: 'cliente', many: 'clientes', key: 'document_number', single: 'POST /v1/emitters/{id}/customers' },
  products: { one: 'producto o servicio', many: 'productos y servicios', key: 'code', single: 'POST /v1/emitters/{id}/products' },
};

const batchDescription = (k: DirectoryKind) =>
  `Cada elemento se valida como en ${NAMES[k].single}; el resultado de cada uno, en orden: \`created\`, \`updated\` (el emisor ya tenía un ${NAMES[k].one} con ese \`${NAMES[k].key}\`: se actualiza con el elemento) o \`refused\` con su problema en español (los demás se guardan). ` +
  `Un \`${NAMES[k].key}\` repetido en el lote rechaza las repeticiones. Más de ${MAX_DIRECTORY_BATCH} elementos: 422 y nada se guarda. \`dry_run: true\` en el cuerpo: vista previa, nada se guarda. El Idempotency-Key es del lote entero: repetirlo devuelve la misma respuesta.`;

const csvDescription = (k: DirectoryKind) =>
  `Cuerpo JSON con el texto del archivo en \`csv\` (UTF-8, con o sin BOM, separado por comas o por punto y coma; los encabezados en español de la plantilla, en cualquier orden) y \`dry_run\`. Una fila por ${NAMES[k].one}, hasta ${MAX_DIRECTORY_BATCH}; cada fila se trata como un elemento del lote (${NAMES[k].key === 'code' ? '`codigo`' : '`numero_documento`'} existente: actualiza). ` +
  'Responde cada fila con su número, su resultado y sus errores por columna, en español. `dry_run: true`: vista previa sin guardar nada. Encabezados desconocidos, un CSV ilegible o más filas: 422 y nada se guarda.';

function routesOf(kind: DirectoryKind): RestRoute[] {
  const base = `/v1/emitters/:id/${kind}`;
  const cap = kind === 'customers' ? 'Customers' : 'Products';
  return [
    {
      id: `import${cap}`,
      method: 'POST',
      path: `${base}/batch`,
      status: 200,
      refusals: [kind === 'customers' ? 'customer_document_taken' : 'product_code_taken'],
      tag: TAG,
      summary: `Crea o actualiza hasta ${MAX_DIRECTORY_BATCH} ${NAMES[kind].many} en una transacción (o los valida sin guardar); cada elemento trae su resultado.`,
      description: batchDescription(kind),
      scope: 'emitters:write',
      params: emitterParam,
      body: { schema: batchBody, required: true, opaque: ['items'], graphqlMutation: { field: `import${cap}` }, graphqlPathFields: { emitterId: 'id' } },
      response: kind === 'customers' ? customerImportResource : productImportResource,
      // The per-item problems carry the request's problem context (instance, request id): a handler.
      handler: async (_req, input, gctx, problem): Promise<HttpResult> => {
        const body = input.body as z.output<typeof batchBody>;
        const { values, badKeys } = itemsFromRest(body.items);
        const opts = { dryRun: body.dryRun === true };
        if (kind === 'customers') {
          return jsonResult(200, serializeCustomerImport(await gctx.services.importCustomers.execute(gctx.actor!, input.params.id, values, opts), badKeys, problem));
        }
        return jsonResult(200, serializeProductImport(await gctx.services.importProducts.execute(gctx.actor!, input.params.id, values, opts), badKeys, problem));
      },
    },
    {
      id: `import${cap}Csv`,
      method: 'POST',
      path: `${base}/csv-import`,
      status: 200,
      tag: TAG,
      summary: `Importa un archivo CSV de ${NAMES[kind].many} (o lo revisa sin guardar): el resultado y los errores de cada fila, en español.`,
      description: csvDescription(kind),
      scope: 'emitters:write',
      params: emitterParam,
      body: { schema: importDirectoryCsvSchema, required: true, restOnly: `Un archivo para ERPs y el panel: un cliente GraphQL envía los elementos mismos con import${cap}(dryRun).` },
      response: directoryCsvImportResource,
      call: async ({ params, body }, ctx) => ({ body: serializeDirectoryCsvImport(await ctx.services.importDirectoryCsv.execute(ctx.actor!, kind, params.id, body as ImportDirectoryCsvInput)) }),
    },
    {
      id: `get${cap}CsvTemplate`,
      method: 'GET',
      path: `${base}/csv-template`,
      status: 200,
      tag: TAG,
      summary: `La plantilla CSV de ${NAMES[kind].many} (encabezados en español y dos filas de ejemplo).`,
      scope: 'emitters:read',
      params: emitterParam,
      response: null,
      binaryMediaType: 'text/csv',
      handler: async (_req, input, gctx): Promise<HttpResult> => {
        const t = await gctx.services.getDirectoryCsvTemplate.execute(gctx.actor!, kind, input.params.id);
        return { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${t.filename}"` }, body: t.csv };
      },
    },
    {
      id: `export${cap}`,
      method: 'GET',
      path: `${base}/export`,
      status: 200,
      tag: TAG,
      summary: `Exporta los ${NAMES[kind].many} del emisor como CSV, en flujo, con los encabezados de la plantilla (el archivo se puede editar e importar de nuevo).`,
      description: 'UTF-8 con BOM, separador `;`, CRLF (como los libros de IVA y la exportación de documentos); un texto que una hoja de cálculo ejecutaría como fórmula (`=`, `+`, `-`, `@`…) lleva un apóstrofo delante (la importación lo quita). En orden alfabético, por páginas de 500, sin Content-Length; `Content-Disposition: attachment; filename="clientes-AAAAMMDD.csv"` (o `productos-…`, fecha de El Salvador).',
      scope: 'emitters:read',
      params: emitterParam,
      response: null,
      binaryMediaType: 'text/csv',
      handler: async (_req, input, gctx): Promise<HttpResult> => {
        const file = await gctx.services.exportDirectory.execute(gctx.actor!, kind, input.params.id);
        return {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file.filename}"`, 'Cache-Control': 'no-store' },
          body: { kind: 'stream', write: file.write },
        };
      },
    },
  ];
}

/**
 * Bulk work on an emitter's directory (ADR 0065): batches of customers and products (upsert by
 * document number / code, with a preview), their CSV import, template and streamed export. Listed
 * before the directory's own routes so `…/customers/export` is never read as a customer id.
 */
export const directoryImportRoutes: RestRoute[] = [...routesOf('customers'), ...routesOf('products')];
