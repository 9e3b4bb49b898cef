/** The `data` of every `document.*` event: the document summary of `document.processed` (spec, Delivery). */
export interface DocumentSummaryRow {
  id: string;
  type: string;
  status: string;
  environment: string;
  emitter_id: string;
  external_id: string | null;
  generation_code: string;
  control_number: string;
  reception_stamp: string | null;
  processed_at: Date | string | null;
  total: string;
  mh_response: { code: string | null; message: string | null; observations: string[] } | null;
}

export function documentSummary(r: DocumentSummaryRow): Record<string, unknown> {
  const processedAt = r.processed_at ? new Date(r.processed_at).toISOString() : null;
  return {
    id: r.id,
    object: 'document',
    type: r.type,
    status: r.status,
    environment: r.environment,
    emitter_id: r.emitter_id,
    external_id: r.external_id,
    generation_code: r.generation_code,
    control_number: r.control_number,
    reception_stamp: r.reception_stamp,
    processed_at: processedAt,
    total: String(r.total),
    mh_response: r.mh_response ?? null,
  };
}

export const SUMMARY_COLUMNS =
  'id, account_id, type, status, environment, emitter_id, external_id, generation_code, control_number, reception_stamp, processed_at, total::text as total, mh_response';

/**
 * The same summary built by PostgreSQL from a row aliased `alias` (as `documentSummary` builds it in
 * JavaScript; a test keeps the two equal), so a status change writes its outbox event in the same
 * statement that changes the row. `total` must already be text.
 */
export function summaryJsonSql(alias: string): string {
  const c = (col: string) => `${alias}.${col}`;
  return `jsonb_build_object('id', ${c('id')}, 'object', 'document', 'type', ${c('type')}, 'status', ${c('status')}, 'environment', ${c('environment')},
    'emitter_id', ${c('emitter_id')}, 'external_id', ${c('external_id')}, 'generation_code', ${c('generation_code')}, 'control_number', ${c('control_number')},
    'reception_stamp', ${c('reception_stamp')}, 'processed_at', to_char(${c('processed_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'total', ${c('total')}, 'mh_response', ${c('mh_response')})`;
}
