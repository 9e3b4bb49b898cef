/**
 * Which F-07 annex a fiscal record goes to, per resource, as the annex generators select records
 * [F07-ANNEXES-AND-VAT-BOOKS §4]: purchases → annex 5 for type 14 (sujeto excluido), annex 3 for the
 * rest; withholdings by `attributes.kind`; external sales by type (03/05/06 → annex 1, 01/11 → annex 2).
 * The table is built from the generators' own type and kind sets, so the analysts' aggregates (its
 * SQL form) and the annexes cannot route a record differently.
 */
import { ANEXO1_DOC_TYPES } from './f07-anexo1.generator';
import { ANEXO10_RECORD_KINDS } from './f07-anexo10.generator';
import { ANEXO12_RECORD_KINDS } from './f07-anexo12.generator';
import { ANEXO2_RECORD_DOC_TYPES } from './f07-anexo2.generator';
import { ANEXO5_RECORD_DOC_TYPES } from './f07-anexo5.generator';
import { ANEXO7_RECORD_KINDS, ANEXO8_RECORD_KINDS } from './f07-received-withholding.generator';
import type { FiscalRecord } from './fiscal-record.schema';
import type { FiscalResource } from './record-keys.catalog';
import type { ReportType } from './report-params.schema';

export interface RecordAnnexRoute {
  /** The record field the route reads: the document type or the withholding kind. */
  field: 'docType' | 'kind';
  routes: readonly (readonly [ReportType, ReadonlySet<string>])[];
  /** Annex of a record no route matches; '' when it goes to none. */
  otherwise: ReportType | '';
}

export const RECORD_ANNEX_ROUTES: Readonly<Record<FiscalResource, RecordAnnexRoute>> = {
  purchases: { field: 'docType', routes: [['f07_anexo5', ANEXO5_RECORD_DOC_TYPES]], otherwise: 'f07_anexo3' },
  'withholdings-received': { field: 'kind', routes: [['f07_anexo7', ANEXO7_RECORD_KINDS], ['f07_anexo8', ANEXO8_RECORD_KINDS]], otherwise: '' },
  'withholdings-made': { field: 'kind', routes: [['f07_anexo10', ANEXO10_RECORD_KINDS], ['f07_anexo12', ANEXO12_RECORD_KINDS]], otherwise: '' },
  'external-sales': { field: 'docType', routes: [['f07_anexo1', ANEXO1_DOC_TYPES], ['f07_anexo2', ANEXO2_RECORD_DOC_TYPES]], otherwise: '' },
};

/** The annex a record's amounts go to, or '' when none of the F-07 annexes reports it. */
export function recordAnnexOf(resource: FiscalResource, record: Pick<FiscalRecord, 'docType' | 'attributes'>): ReportType | '' {
  const route = RECORD_ANNEX_ROUTES[resource];
  const value = route.field === 'docType' ? record.docType : record.attributes.kind;
  for (const [annex, values] of route.routes) if (value != null && values.has(value)) return annex;
  return route.otherwise;
}

/**
 * Whether the VAT books count a record's amounts negative: a credit note (05) reduces the purchases
 * or sales it corrects (the books' default `notes: negative`); withholdings always add.
 */
export function recordCountsNegative(resource: FiscalResource, docType: string | null | undefined): boolean {
  return (resource === 'purchases' || resource === 'external-sales') && docType === '05';
}
