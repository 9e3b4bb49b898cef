/** Non-blocking remarks attached to a report (Spanish messages, stable codes). */
import type { ReportWarning } from './report.types';

export const WarningCode = {
  missingSeal: 'missing_seal',
  notSealed: 'not_sealed',
  contingencyNotSealed: 'contingency_not_sealed',
  documentNotCounted: 'document_not_counted',
  ivaMismatch: 'iva_mismatch',
  rateMismatch: 'rate_mismatch',
  purchaseWithoutClassification: 'purchase_without_classification',
  missingIncomeCodes: 'missing_income_codes',
  inferredIncomeCodes: 'inferred_income_codes',
  missingCounterpartId: 'missing_counterpart_id',
  thirdPartySale: 'third_party_sale',
  lateVoid: 'late_void',
  lateVoidOutsideWindow: 'late_void_outside_window',
  issueDateOutsidePeriod: 'issue_date_outside_period',
  purchaseOutsideWindow: 'purchase_outside_window',
  missingDocType: 'missing_doc_type',
  missingDocumentNumber: 'missing_document_number',
  recordSuperseded: 'record_superseded',
  withholdingNotReported: 'withholding_not_reported',
  settlementNotReported: 'settlement_not_reported',
  settledDocumentNotFound: 'settled_document_not_found',
  missingCustomsDeclaration: 'missing_customs_declaration',
} as const;

export function warn(code: string, message: string, documentId: string | null): ReportWarning {
  return { code, message, documentId };
}
