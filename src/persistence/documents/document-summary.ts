import type { DocumentRow } from './document-row';

/** The columns of the `data` of every `document.*` event (the document summary of `document.processed`). */
export const SUMMARY_COLUMNS = [
  'id', 'type', 'status', 'environment', 'emitter_id', 'external_id', 'generation_code', 'control_number', 'reception_stamp', 'processed_at', 'total', 'mh_response',
] as const satisfies readonly (keyof DocumentRow)[];

export type DocumentSummaryRow = Pick<DocumentRow, (typeof SUMMARY_COLUMNS)[number]>;

/** The `data` of every `document.*` event (spec, Delivery), built in JavaScript. */
export function documentSummary(r: DocumentSummaryRow): Record<string, unknown> {
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
    processed_at: r.processed_at ? new Date(r.processed_at).toISOString() : null,
    total: String(r.total),
    mh_response: r.mh_response ?? null,
  };
}

/**
 * The same summary built by PostgreSQL from a row aliased `alias` (a test keeps the two equal), so a
 * status change writes its outbox event in the statement that changes the row.
 */
export function summaryJsonSql(alias: string): string {
  const c = (col: string) => `${alias}.${col}`;
  return `jsonb_build_object('id', ${c('id')}, 'object', 'document', 'type', ${c('type')}, 'status', ${c('status')}, 'environment', ${c('environment')},
    'emitter_id', ${c('emitter_id')}, 'external_id', ${c('external_id')}, 'generation_code', ${c('generation_code')}, 'control_number', ${c('control_number')},
    'reception_stamp', ${c('reception_stamp')}, 'processed_at', to_char(${c('processed_at')} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'total', ${c('total')}::text, 'mh_response', ${c('mh_response')})`;
}
