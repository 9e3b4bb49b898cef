/** How a fiscal record fills the identifier and amount cells of an annex line. */
import { centsFromDecimalString, type Cents } from './cents.math';
import { compactCode, compactControlNumber, idSlots, stripHyphens, type IdSlots } from './identifier-format.helpers';
import type { LedgerRecord } from './ledger.types';
import { WarningCode, warn } from './report-warning.catalog';
import type { ReportWarning } from './report.types';
import { missingFieldWarnings } from './record-derivations';

export interface RecordIdentity {
  /** Número de resolución: DTE → control number without hyphens; printed → attributes.resolution (uppercase, as given). */
  resolution: string;
  /** Serie: DTE → MH seal; printed → attributes.series. */
  series: string;
  /** Número de documento: DTE → generation code without hyphens; else attributes.document_number (hyphens removed). */
  number: string;
  /** Número de control interno: formulario único (class 2) → the number; else empty. */
  internalControl: string;
}

/** Printed numbers and series as the annexes want them: without hyphens, uppercase. */
export function printedNumber(value: string | undefined): string {
  return value ? stripHyphens(value).toUpperCase() : '';
}

export function recordIdentity(lr: LedgerRecord): RecordIdentity {
  const r = lr.record;
  if (r.docClass === '4') {
    return {
      resolution: r.controlNumber ? compactControlNumber(r.controlNumber) : '',
      series: r.seal ?? '',
      number: r.generationCode ? compactCode(r.generationCode) : '',
      internalControl: '',
    };
  }
  const number = printedNumber(r.attributes.document_number);
  return {
    resolution: (r.attributes.resolution ?? '').toUpperCase(),
    series: printedNumber(r.attributes.series),
    number,
    internalControl: r.docClass === '2' ? number : '',
  };
}

const centsMemo = new WeakMap<Record<string, string>, Map<string, Cents>>();

/** An amount of the record in cents (absent → 0); parsed once per amounts object. */
export function recordCents(lr: LedgerRecord, key: string): Cents {
  const amounts = lr.record.amounts;
  let parsed = centsMemo.get(amounts);
  if (!parsed) {
    parsed = new Map();
    for (const [k, v] of Object.entries(amounts)) parsed.set(k, centsFromDecimalString(v));
    centsMemo.set(amounts, parsed);
  }
  return parsed.get(key) ?? 0;
}

export function recordIdSlots(lr: LedgerRecord, allowNrc: boolean): IdSlots {
  const c = lr.record.counterpart;
  return idSlots({ nit: c?.nit, nrc: c?.nrc, dui: c?.dui }, allowNrc);
}

/** A DTE record without seal, a record without type or number, and a counterpart without any usable identifier. */
export function recordIdentityWarnings(lr: LedgerRecord, slots: IdSlots | null, out: ReportWarning[]): void {
  const r = lr.record;
  missingFieldWarnings(lr, recordIdentity(lr).number, out);
  if (r.docClass === '4' && !r.seal) {
    out.push(warn(WarningCode.missingSeal, `El registro ${r.externalId} (DTE) no tiene sello de recepción; la columna de serie queda vacía.`, lr.id));
  }
  if (slots && !slots.nitOrNrc && !slots.dui) {
    out.push(warn(WarningCode.missingCounterpartId, `El registro ${r.externalId} no tiene NIT, NRC ni DUI de la contraparte.`, lr.id));
  }
}

/** Date cell source of a record: the document's issue date. */
export function recordDate(lr: LedgerRecord): string {
  return lr.record.issueDate ?? lr.record.accountingDate;
}
