/**
 * Bulk issuance from a CSV file (ADR 0074): the service reads and dry-runs the file (one set of
 * rules, shared with ERPs), and «Emitir todo» sends its valid documents through
 * POST /v1/documents/batch, 100 at a time. Each batch's Idempotency-Key comes from the file's
 * SHA-256 and the batch's position (`csv-<sha256>-<n>`), so each document's own key is
 * `csv-<sha256>-<n>:<id_externo>`: the same file sent again issues nothing twice.
 */
import { api } from '../lib/http';

export interface CsvRowError {
  row: number;
  column: string | null;
  message: string;
}

export interface CsvPreviewDocument {
  index: number;
  external_id: string;
  rows: number[];
  ok: boolean;
  totals: { subtotal: string; iva: string; total: string; total_in_words: string } | null;
  body: Record<string, unknown>;
  errors: CsvRowError[];
}

export interface CsvPreview {
  file_sha256: string;
  type: string;
  emitter_id: string;
  document_count: number;
  valid_documents: number;
  invalid_rows: number;
  documents: CsvPreviewDocument[];
  rows: { row: number; external_id: string | null; ok: boolean; errors: { column: string | null; message: string }[] }[];
}

export interface BatchResult {
  index: number;
  external_id: string | null;
  status: number;
  idempotency_key: string | null;
  document: { id: string; control_number: string | null; status: string } | null;
  error: { detail: string; errors: { path: string | null; message: string }[] } | null;
}

export const BATCH_SIZE = 100;

export function templateUrl(type: string): string {
  return `/v1/documents/batch/csv-template?type=${encodeURIComponent(type)}`;
}

export function previewCsv(input: { emitterId: string; type: string; establishment: string; pointOfSale: string; csv: string }, key: string): Promise<CsvPreview> {
  return api<CsvPreview>('POST', '/v1/documents/batch/csv-preview', {
    body: { emitter_id: input.emitterId, type: input.type, establishment: input.establishment, point_of_sale: input.pointOfSale, csv: input.csv },
    idempotencyKey: key,
  });
}

/** One batch of the file: `n` is its position among the file's batches (part of its key). */
export async function issueBatch(sha256: string, n: number, documents: Record<string, unknown>[]): Promise<{ results: BatchResult[]; replayed: boolean }> {
  const res = await api<{ results: BatchResult[] }>('POST', '/v1/documents/batch', { body: { documents }, idempotencyKey: `csv-${sha256}-${n}` });
  return { results: res.results, replayed: false };
}

/** The current status and control number of issued documents (read again whenever the live stream (re)starts listening). */
export async function currentStatuses(ids: string[]): Promise<Map<string, { status: string; controlNumber: string | null }>> {
  const out = new Map<string, { status: string; controlNumber: string | null }>();
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const d = await api<{ status: string; control_number: string | null }>('GET', `/v1/documents/${encodeURIComponent(id)}`);
      out.set(id, { status: d.status.toUpperCase(), controlNumber: d.control_number });
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
  return out;
}

const quote = (v: string) => (/[",\r\n;]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** The result file: one line per row of the uploaded file, with the document it became or why it did not. */
export function resultCsv(preview: CsvPreview, results: Map<string, { id: string | null; controlNumber: string | null; status: string; error: string | null }>): string {
  const lines = [['fila', 'id_externo', 'documento_id', 'numero_control', 'estado', 'error']];
  for (const r of preview.rows) {
    const got = r.external_id ? results.get(r.external_id) : undefined;
    const rowError = r.errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join(' | ');
    const docOk = preview.documents.find((d) => d.external_id === r.external_id)?.ok ?? false;
    const error = rowError || (got?.error ?? (docOk ? '' : 'El documento tiene errores en otra de sus filas.'));
    lines.push([String(r.row), r.external_id ?? '', got?.id ?? '', got?.controlNumber ?? '', (got?.status ?? 'no_emitido').toLowerCase(), error]);
  }
  return `\uFEFF${lines.map((l) => l.map(quote).join(',')).join('\r\n')}\r\n`;
}
