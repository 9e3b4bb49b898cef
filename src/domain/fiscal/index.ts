/** Public API of the fiscal-books domain (pure: records, ledger, F-07 annexes, VAT books, writers). */
export { FISCAL_RESOURCES, RESOURCE_KEYS, type FiscalResource, type KeySpec } from './record-keys.catalog';
export { fiscalRecordSchema, type Counterpart, type FiscalRecord } from './fiscal-record.schema';
export { isFiscalResource, parseFiscalRecord, type RecordParseResult } from './fiscal-record.parser';
export { compareVersions, recordContentHash, type VersionOutcome } from './record-version.helpers';
export { parseFiscalTags, type FiscalTagsPatch } from './fiscal-tags.schema';
export {
  DEFAULT_FISCAL_TAGS, LEDGER_DOCUMENT_TYPES, toLedgerRecord,
  type FiscalTags, type LedgerDocument, type LedgerDocumentStatus, type LedgerDocumentType, type LedgerRecord,
} from './ledger.types';
export { isValidDate, isValidPeriod, localDateOf, periodOf } from './period.helpers';
export type { ColumnKind, FiscalReport, ReportColumn, ReportInput, ReportWarning } from './report.types';
export { WarningCode } from './report-warning.catalog';
export { inferIncomeCodes, inferIncomeType, inferOperationType, type IncomeCodeBasis, type IncomeCodes } from './income-codes.inference';
export {
  REPORT_PARAMS_SCHEMAS, REPORT_TYPE_NAMES, defaultReportParams, isBookType, isReportType, parseReportParams,
  type AnnexCsvParams, type BookCsvParams, type ReportParams, type ReportType,
} from './report-params.schema';
export { FISCAL_RULES_VERSION, REPORT_TYPES, reportFileName, reportTypeInfo, type ReportFormat, type ReportTypeInfo } from './report-types.catalog';
export { generateAllForBench, generateReport, writeReportCsv, type GenerateResult } from './report.generator';
export { writeAnnexCsv } from './annex-csv.writer';
export { SALES_ANNEX_DOC_TYPES, salesAnnexOf, type SalesAnnexType } from './sales-annex.routing';
export { writeBookCsv } from './book-csv.writer';
export { BOOK_TOTALS_LABEL, bookSummary, type BookSummary } from './book-summary.labels';
export { computeInputHash, documentFingerprint, reportInputRows } from './input-hash.helpers';
export { SUPERSEDING_TYPES, isSuperseded } from './issued-supersedes.rules';
export { SETTLED_DOC_TYPES, settledCodesToLoad } from './settled-documents.rules';
export { RECORD_ANNEX_ROUTES, recordAnnexOf, recordCountsNegative, type RecordAnnexRoute } from './record-annex.routing';
export { FISCAL_PERIOD_STATUSES, FISCAL_REPORT_FAILED_FIELDS, FISCAL_REPORT_READY_FIELDS, FISCAL_REPORT_STATUSES, REPORT_FORMATS, fiscalReportView, type FiscalReportView } from './fiscal-report-view';
