import { isValidDate, isValidPeriod } from '../../domain/fiscal';
import { DomainError } from '../../domain/shared/domain-error';

/** Filters over an emitter's fiscal records (listing and aggregates); all optional and combinable. */
export interface FiscalRecordFilter {
  /** AAAA-MM of the accounting date (the period the record is booked in). */
  period?: string | null;
  /** Document type (CAT-002, or 12/13 for customs documents). */
  docType?: string | null;
  /** Document class 1–4. */
  docClass?: string | null;
  /** Counterpart NIT, NRC or DUI (with or without dashes), or part of its name. */
  counterpart?: string | null;
  /** Accounting dates from/to, inclusive (AAAA-MM-DD). */
  from?: string | null;
  to?: string | null;
}

/** Path of the filter's fields in errors, by the API's spelling (GraphQL `filter.docType`, REST `doc_type`). */
export type FilterFieldName = (field: keyof FiscalRecordFilter) => string;
const graphqlNames: FilterFieldName = (field) => `filter.${field}`;

/**
 * SQL conditions (with `?` placeholders) of a filter over `fiscal_records` aliased `r`, validated with
 * Spanish errors. Deleted records never match; the caller adds emitter, environment and resource.
 */
export function recordFilterSql(filter: FiscalRecordFilter, name: FilterFieldName = graphqlNames): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = ['r.deleted_at is null'];
  const params: unknown[] = [];
  const add = (clause: string, ...values: unknown[]) => {
    clauses.push(clause);
    params.push(...values);
  };
  if (filter.period != null) {
    if (!isValidPeriod(filter.period)) throw DomainError.field('invalid_format', name('period'), 'El periodo debe tener el formato AAAA-MM.');
    add('r.period = ?', filter.period);
  }
  if (filter.docType != null) {
    if (!/^\d{2}$/.test(filter.docType)) throw DomainError.field('invalid_format', name('docType'), 'El tipo de documento son dos dígitos (CAT-002), p. ej. 03 o 14.');
    add("r.body->>'docType' = ?", filter.docType);
  }
  if (filter.docClass != null) {
    if (!/^[1-4]$/.test(filter.docClass)) throw DomainError.field('invalid_value', name('docClass'), 'La clase de documento es 1, 2, 3 o 4.');
    add("r.body->>'docClass' = ?", filter.docClass);
  }
  const counterpart = filter.counterpart?.trim();
  if (counterpart) {
    if (counterpart.length > 200) throw DomainError.field('invalid_request', name('counterpart'), 'La contraparte admite hasta 200 caracteres.');
    const id = counterpart.replace(/[-\s]/g, '');
    add(
      "(r.body->'counterpart'->>'nit' = ? or r.body->'counterpart'->>'nrc' = ? or r.body->'counterpart'->>'dui' = ? or r.body->'counterpart'->>'name' ilike ?)",
      id, id, id, `%${counterpart.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    );
  }
  for (const [field, op] of [['from', '>='], ['to', '<=']] as const) {
    const value = filter[field];
    if (value == null) continue;
    if (!isValidDate(value)) throw DomainError.field('invalid_format', name(field), 'La fecha debe ser válida y tener el formato AAAA-MM-DD.');
    add(`r.accounting_date ${op} ?`, value);
  }
  if (filter.from != null && filter.to != null && filter.from > filter.to) {
    throw DomainError.field('invalid_value', name('to'), 'La fecha final es anterior a la inicial.');
  }
  return { clauses, params };
}
