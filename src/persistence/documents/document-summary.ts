import { DOCUMENT_SUMMARY_FIELDS, documentView, type DocumentSummaryField } from '../../domain/documents';
import { kindOf, viewField, viewShape } from '../../domain/shared/view-schema';
import { documentEventData, summaryKey } from '../../domain/webhooks/webhook-event';
import type { DocumentReadRow, SnakeCase } from './document-row';

type SummaryColumn = SnakeCase<DocumentSummaryField> | 'total';

/**
 * The columns of the `data` of every `document.*` event: the view's DOCUMENT_SUMMARY_FIELDS (each
 * stored in the column of its name) and the total. A summary field the table lacks fails here.
 */
export const SUMMARY_COLUMNS = [...DOCUMENT_SUMMARY_FIELDS.map(summaryKey), 'total'] as readonly SummaryColumn[] satisfies readonly (keyof DocumentReadRow)[];

export type DocumentSummaryRow = Pick<DocumentReadRow, SummaryColumn>;

const shape = viewShape(documentView);
/** The summary's timestamp fields, read off the view once. */
const DATE_FIELDS: ReadonlySet<DocumentSummaryField> = new Set(DOCUMENT_SUMMARY_FIELDS.filter((f) => kindOf(viewField(shape[f]).inner) === 'date'));
const isDate = (f: DocumentSummaryField) => DATE_FIELDS.has(f);

/** The `data` of every `document.*` event (spec, Delivery) from a row: the domain's summary of its columns. */
export function documentSummary(r: DocumentSummaryRow): Record<string, unknown> {
  const row = r as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(DOCUMENT_SUMMARY_FIELDS.map((f) => [f, isDate(f) && row[summaryKey(f)] ? new Date(row[summaryKey(f)] as string) : row[summaryKey(f)]]));
  return documentEventData({ ...(fields as Parameters<typeof documentEventData>[0]), total: String(r.total) });
}

/**
 * The same summary built by PostgreSQL from a row aliased `alias` (a test keeps the two equal), so a
 * status change (and a birth) writes its outbox event in the statement that writes the row.
 */
export function summaryJsonSql(alias: string): string {
  const c = (col: string) => `${alias}.${col}`;
  const pairs = DOCUMENT_SUMMARY_FIELDS.filter((f) => f !== 'id').map((f) => {
    const col = c(summaryKey(f));
    return `'${summaryKey(f)}', ${isDate(f) ? `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : col}`;
  });
  return `jsonb_build_object('id', ${c('id')}, 'object', 'document', ${pairs.join(', ')}, 'total', ${c('total')}::text)`;
}
