import { z } from 'zod';
import type { BatchOutcome } from '../../src/services/bulk-issuance/issue-document-batch.service';
import type { CsvPreview } from '../../src/services/bulk-issuance/preview-document-csv.service';
import { toDocument } from '../../src/graphql/document/document.mapper';
import { buildProblem, problemFromUserErrors, type ProblemContext } from '../problem';
import { camelKeysToSnake } from '../case-convert';
import { documentResource, serializeDocument } from './document.resource';
import { itemProblemSchema } from './problem-fields';

const batchProblem = itemProblemSchema(
  'El rechazo del documento: el mismo problema (RFC 9457, en español) que respondería POST /v1/documents por él; rutas de campo relativas al documento.',
  'DocumentBatchProblem',
);

export const documentBatchResource = z
  .object({
    object: z.literal('document_batch'),
    dry_run: z.boolean(),
    count: z.number().int(),
    succeeded: z.number().int().describe('Documentos emitidos (o simulados sin error)'),
    failed: z.number().int().describe('Documentos rechazados'),
    results: z.array(
      z.object({
        index: z.number().int().describe('Posición del documento en el lote (0 el primero)'),
        external_id: z.string().nullable(),
        status: z.number().int().describe('Lo que respondería POST /v1/documents?mode=async por este documento: 202 emitido y en transmisión (201/200 si ya terminó), 200 simulación, 4xx su rechazo'),
        idempotency_key: z.string().nullable().describe('El Idempotency-Key propio del documento: `<llave del lote>:<external_id>` o `<llave del lote>:#<posición>` (null en una simulación)'),
        document: documentResource.nullable(),
        error: batchProblem.nullable(),
      }),
    ),
  })
  .meta({ id: 'DocumentBatch' });

export function serializeDocumentBatch(b: BatchOutcome, ctx: ProblemContext): z.infer<typeof documentBatchResource> {
  const results = b.results.map((r) => {
    const problem = r.error ? buildProblem(problemFromUserErrors(r.error.errors.map((e) => ({ field: e.path, code: e.code, message: e.message }))), ctx) : null;
    return {
      index: r.index,
      external_id: r.externalId,
      status: problem ? problem.status : r.status,
      idempotency_key: r.idempotencyKey,
      document: r.document ? serializeDocument(toDocument(r.document)) : null,
      error: problem ? { type: problem.type, title: problem.title, status: problem.status, detail: problem.detail, instance: problem.instance, request_id: problem.request_id, errors: problem.errors } : null,
    };
  });
  const failed = results.filter((r) => r.error).length;
  return { object: 'document_batch', dry_run: b.dryRun, count: results.length, succeeded: results.length - failed, failed, results };
}

const money = z.string();

export const documentCsvPreviewResource = z
  .object({
    object: z.literal('document_csv_preview'),
    file_sha256: z.string().describe('SHA-256 del texto del archivo: el panel deriva de él y del id_externo el Idempotency-Key de cada documento'),
    type: z.string(),
    emitter_id: z.string(),
    document_count: z.number().int(),
    valid_documents: z.number().int(),
    invalid_rows: z.number().int(),
    documents: z.array(
      z.object({
        index: z.number().int(),
        external_id: z.string(),
        rows: z.array(z.number().int()).describe('Filas del archivo (la 1 es el encabezado)'),
        ok: z.boolean(),
        totals: z.object({ subtotal: money, iva: money, total: money, total_in_words: z.string() }).nullable(),
        body: z.record(z.string(), z.unknown()).describe('El cuerpo de emisión (DocumentCreate) listo para POST /v1/documents/batch'),
        errors: z.array(z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() })),
      }),
    ),
    rows: z.array(
      z.object({
        row: z.number().int(),
        external_id: z.string().nullable(),
        ok: z.boolean(),
        errors: z.array(z.object({ column: z.string().nullable(), message: z.string() })),
      }),
    ),
  })
  .meta({ id: 'DocumentCsvPreview' });

export function serializeCsvPreview(p: CsvPreview): z.infer<typeof documentCsvPreviewResource> {
  return {
    object: 'document_csv_preview',
    file_sha256: p.fileSha256,
    type: p.type,
    emitter_id: p.emitterId,
    document_count: p.documents.length,
    valid_documents: p.documents.filter((d) => d.ok).length,
    invalid_rows: p.rows.filter((r) => !r.ok).length,
    documents: p.documents.map((d) => ({
      index: d.index,
      external_id: d.externalId,
      rows: d.rows,
      ok: d.ok,
      totals: d.totals ? { subtotal: d.totals.subtotal, iva: d.totals.iva, total: d.totals.total, total_in_words: d.totals.totalInWords } : null,
      body: camelKeysToSnake(d.body) as Record<string, unknown>,
      errors: d.errors,
    })),
    rows: p.rows.map((r) => ({ row: r.row, external_id: r.externalId, ok: r.ok, errors: r.errors })),
  };
}
