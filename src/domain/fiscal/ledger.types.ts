/** The books' view of issued documents and ingested records. */
import type { DocumentStatus } from '../documents/document-status';
import type { FiscalRecord } from './fiscal-record.schema';
import { periodOf } from './period.helpers';
import { withDerivedFields } from './record-derivations';
import type { FiscalResource } from './record-keys.catalog';

/**
 * Issued DTE types the ledger loads: those a book or annex reports (01, 03, 05, 06, 07, 11, 14) and
 * those only the anulados annex lists when invalidated (04, 08, 09) [F-07 doc §3.13 E, §4.1]. CD 15
 * is in no book or annex, not even anulados (ADR 0036).
 */
export const LEDGER_DOCUMENT_TYPES = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14'] as const;
export type LedgerDocumentType = (typeof LEDGER_DOCUMENT_TYPES)[number];

/** The documents' state machine's status list (src/domain/documents). */
export type LedgerDocumentStatus = DocumentStatus;

/** Fiscal tags of an issued document (spec "Fiscal tags of an issued document"), camelCase. */
export interface FiscalTags {
  /** Annex 1 R/S, annex 2 U/V (from period 01/2025). */
  incomeCodes?: { operationType: string; incomeType: string } | null;
  /** Sale to a free-zone / DPA user at zero rate (annex 2 R). */
  freeZone: boolean;
  /** Exempt sales not subject to proportionality (annex 2 L instead of K). */
  exemptNonProportional: boolean;
  /** Leaves the document out of every book and annex. */
  excludeFromBooks: boolean;
  externalRef: string | null;
}

/** An issued DTE as the books see it. */
export interface LedgerDocument {
  id: string;
  type: LedgerDocumentType;
  environment: '00' | '01';
  status: LedgerDocumentStatus;
  /** The official DTE JSON as signed (amounts are JSON numbers). */
  json: Record<string, unknown>;
  /** MH's selloRecibido, null before the seal. */
  seal: string | null;
  /** `identificacion.fecEmi` (yyyy-MM-dd): the period the document belongs to. */
  issuedOn: string;
  processedAt: string | Date | null;
  voidedAt: string | Date | null;
  voidInfo?: { reasonType: string; replacementGenerationCode: string | null; seal: string | null } | null;
  fiscalTags: FiscalTags;
}

/** A validated fiscal record with the period it is booked in (the month of its accounting date). */
export interface LedgerRecord {
  id: string;
  resource: FiscalResource;
  period: string;
  record: FiscalRecord;
}

export const DEFAULT_FISCAL_TAGS: FiscalTags = {
  incomeCodes: null, freeZone: false, exemptNonProportional: false, excludeFromBooks: false, externalRef: null,
};

/** A record as the books read it: missing `issueDate` and `docClass` derived (record-derivations.ts). */
export function toLedgerRecord(id: string, resource: FiscalResource, record: FiscalRecord): LedgerRecord {
  return { id, resource, period: periodOf(record.accountingDate), record: withDerivedFields(record) };
}
