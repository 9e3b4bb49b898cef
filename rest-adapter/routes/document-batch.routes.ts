import { z } from 'zod';
import { documentCreateSchema } from '../../src/domain/dte';
import { CSV_DTE_TYPES, type CsvDteType } from '../../src/domain/dte/document-csv';
import { MAX_BATCH_DOCUMENTS } from '../../src/services/bulk-issuance/issue-document-batch.service';
import { previewDocumentCsvSchema } from '../../src/services/bulk-issuance/preview-document-csv.service';
import { jsonResult, type HttpResult } from '../http-result';
import { documentBatchResource, documentCsvPreviewResource, serializeCsvPreview, serializeDocumentBatch } from '../resources/document-batch.resource';
import type { RestRoute } from '../route';

const boolQuery = z.enum(['true', 'false', '1', '0'], '"dry_run" es true o false.').transform((v) => v === 'true' || v === '1');

/**
 * The batch's shape is judged as a whole (each document with the issuance schema, paths naming
 * `documents[i]`): a malformed document refuses the batch before anything is issued; business
 * refusals (unknown emitter, missing credentials, MH's rules) come back per document (ADR 0074).
 */
const documentBatchSchema = z.strictObject({
  documents: z
    .array(documentCreateSchema)
    .min(1, { error: 'El lote debe traer al menos un documento.' })
    .max(MAX_BATCH_DOCUMENTS, { error: `Un lote admite hasta ${MAX_BATCH_DOCUMENTS} documentos; nada se emitió. Divida el envío en lotes con llaves distintas.` }),
});

export const documentBatchRoutes: RestRoute[] = [
  {
    id: 'createDocumentBatch',
    method: 'POST',
    path: '/v1/documents/batch',
    status: 200,
    refusals: ['idempotency_key_missing'],
    tag: 'Documentos',
    summary: 'Emite hasta 100 documentos en una solicitud, cada uno con su propio Idempotency-Key derivado del lote; responde el resultado de cada documento en orden.',
    description:
      'Cada documento se emite como `POST /v1/documents?mode=async` (mismas reglas de numeración, firma y contingencia): su resultado trae `status` 202 y el documento, o su problema (4xx) si se rechazó; los demás siguen. ' +
      'El `Idempotency-Key` del lote es obligatorio: cada documento se emite bajo `<llave>:<external_id>` (o `<llave>:#<posición>` sin external_id), así que repetir el lote con la misma llave —después de una caída a mitad del lote, un timeout o por error— devuelve los mismos resultados y no emite nada dos veces. ' +
      'Un documento mal formado, más de 100 documentos o un external_id repetido rechazan el lote completo (422) sin emitir nada. `dry_run=true` simula cada documento sin guardar nada.',
    scope: 'documents:write',
    query: z.object({ dry_run: boolQuery.optional().describe('true: simula cada documento (nada se guarda ni se gasta)') }),
    body: { schema: documentBatchSchema, required: true, graphqlInput: 'DocumentBatchInput' },
    response: documentBatchResource,
    // The per-document problems carry the request's problem context (instance, request id): a handler.
    handler: async (_req, { query, body }, ctx, problem): Promise<HttpResult> => {
      const outcome = await ctx.services.issueDocumentBatch.execute(ctx.actor!, (body as z.output<typeof documentBatchSchema>).documents, { dryRun: query.dry_run === true });
      return jsonResult(200, serializeDocumentBatch(outcome, problem));
    },
  },
  {
    id: 'previewDocumentCsv',
    method: 'POST',
    path: '/v1/documents/batch/csv-preview',
    status: 200,
    tag: 'Documentos',
    summary: 'Lee un archivo CSV de emisión masiva (una fila por línea; filas con el mismo id_externo son un documento) y simula cada documento: marca cada fila con error, en español, sin emitir nada.',
    description:
      'Cuerpo JSON con el texto del archivo en `csv` (UTF-8, separado por comas o por punto y coma), el emisor, el tipo (cualquiera de los once) y el establecimiento y punto de venta que usan las filas que no los traen. ' +
      'Responde cada documento con su cuerpo de emisión listo para `POST /v1/documents/batch`, sus totales o sus errores por fila y columna, y el SHA-256 del archivo. Encabezados desconocidos o un CSV ilegible: 422. Nada se guarda ni se numera.',
    scope: 'documents:write',
    body: { schema: previewDocumentCsvSchema, required: true, restOnly: 'Un archivo para ERPs y el panel: un cliente GraphQL envía los documentos mismos con createDocumentBatch(dryRun: true).' },
    response: documentCsvPreviewResource,
    call: async ({ body }, ctx) => ({ body: serializeCsvPreview(await ctx.services.previewDocumentCsv.execute(ctx.actor!, body as z.output<typeof previewDocumentCsvSchema>)) }),
  },
  {
    id: 'getDocumentCsvTemplate',
    method: 'GET',
    path: '/v1/documents/batch/csv-template',
    status: 200,
    tag: 'Documentos',
    summary: 'La plantilla CSV de emisión masiva de un tipo (encabezados en español y dos documentos de ejemplo).',
    scope: 'documents:read',
    query: z.object({ type: z.enum(CSV_DTE_TYPES, '"type" es un tipo de DTE (CAT-002): 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15.').describe('Tipo de DTE (CAT-002): 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15') }),
    response: null,
    binaryMediaType: 'text/csv',
    handler: async (_req, { query }, ctx): Promise<HttpResult> => {
      const t = ctx.services.getDocumentCsvTemplate.execute(query.type as CsvDteType);
      return { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${t.filename}"` }, body: t.csv };
    },
  },
];
