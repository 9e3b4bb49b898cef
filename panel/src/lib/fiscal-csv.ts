/**
 * Fiscal records from a CSV file: one record per row, columns named like the REST body's fields
 * (`external_id`, `accounting_date`, `counterpart.nit`, `amounts.taxed_internal`, `attributes.sector`…),
 * separated by commas or semicolons (as spreadsheets in El Salvador save them). Empty cells are left out.
 */

export function parseCsv(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < clean.length; i++) {
    const c = clean[i];
    if (quoted) {
      if (c === '"' && clean[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && clean[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

const TOP_LEVEL: Record<string, string> = {
  external_id: 'externalId',
  version: 'version',
  source: 'source',
  accounting_date: 'accountingDate',
  issue_date: 'issueDate',
  doc_class: 'docClass',
  doc_type: 'docType',
  generation_code: 'generationCode',
  control_number: 'controlNumber',
  seal: 'seal',
  exclude_from_books: 'excludeFromBooks',
};
const COUNTERPART: Record<string, string> = { name: 'name', nit: 'nit', nrc: 'nrc', dui: 'dui', country_code: 'countryCode' };

export interface CsvRecords {
  items: Record<string, unknown>[];
  /** The file's line number of each item (header = line 1), to report results by line. */
  lines: number[];
  /** Columns the import does not know (left out, said to the user). */
  unknownColumns: string[];
}

export function recordsFromCsv(rows: string[][]): CsvRecords {
  const [header = [], ...body] = rows;
  const cols = header.map((h) => h.trim().toLowerCase());
  const unknownColumns = cols.filter((c) => !(c in TOP_LEVEL) && !(c.startsWith('counterpart.') && c.slice(12) in COUNTERPART) && !/^(amounts|attributes)\.[a-z0-9_]+$/.test(c));
  const items: Record<string, unknown>[] = [];
  const lines: number[] = [];
  body.forEach((cells, index) => {
    const item: Record<string, unknown> = {};
    cols.forEach((col, i) => {
      const value = (cells[i] ?? '').trim();
      if (!value) return;
      if (col in TOP_LEVEL) {
        const key = TOP_LEVEL[col];
        if (key === 'version') item.version = /^\d+$/.test(value) ? Number(value) : value;
        else if (key === 'excludeFromBooks') item.excludeFromBooks = /^(true|1|s[ií]|yes)$/i.test(value);
        else item[key] = value;
      } else if (col.startsWith('counterpart.') && col.slice(12) in COUNTERPART) {
        item.counterpart = { ...(item.counterpart as object), [COUNTERPART[col.slice(12)]]: value };
      } else if (col.startsWith('amounts.') || col.startsWith('attributes.')) {
        const [group, key] = col.split('.');
        item[group] = { ...(item[group] as object), [key]: value.replace(',', '.') };
      }
    });
    item.version ??= 1;
    items.push(item);
    lines.push(index + 2);
  });
  return { items, lines, unknownColumns };
}

/** A template per resource with its usual columns (the full key tables are in the fiscal docs). */
export const CSV_TEMPLATES: Record<string, string[]> = {
  purchases: ['external_id', 'version', 'accounting_date', 'issue_date', 'doc_class', 'doc_type', 'generation_code', 'control_number', 'counterpart.name', 'counterpart.nit', 'counterpart.nrc', 'amounts.taxed_internal', 'amounts.vat_credit', 'attributes.operation_type', 'attributes.classification', 'attributes.sector', 'attributes.cost_type'],
  'withholdings-received': ['external_id', 'version', 'accounting_date', 'issue_date', 'doc_class', 'doc_type', 'generation_code', 'control_number', 'counterpart.name', 'counterpart.nit', 'amounts.subject_amount', 'amounts.withheld_amount', 'attributes.kind'],
  'external-sales': ['external_id', 'version', 'accounting_date', 'issue_date', 'doc_class', 'doc_type', 'control_number', 'counterpart.name', 'counterpart.nit', 'counterpart.nrc', 'amounts.exempt', 'amounts.non_subject', 'amounts.taxed', 'amounts.vat_debit'],
  'withholdings-made': ['external_id', 'version', 'accounting_date', 'issue_date', 'doc_class', 'doc_type', 'generation_code', 'counterpart.name', 'counterpart.nit', 'amounts.subject_amount', 'amounts.withheld_amount', 'attributes.kind'],
};

/** The CSV column a refused field is in (`accountingDate` → `accounting_date`, `amounts.taxedInternal` → `amounts.taxed_internal`). */
export function csvColumn(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Why a row was refused, by column, without saying the same thing twice. */
export function rowProblem(error: { message: string; errors: { field: string | null; message: string }[] }): string {
  const byField = error.errors.map((e) => (e.field ? `${csvColumn(e.field)}: ${e.message}` : e.message));
  if (!byField.length) return error.message;
  // The general message usually repeats one field's: keep it only when it says something else.
  const repeated = error.errors.some((e) => e.message === error.message);
  return [...(repeated ? [] : [error.message]), ...byField].join(' ');
}
