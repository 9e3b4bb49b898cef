/** Fixtures of the fiscal-books tests: ledger documents built with the real DTE engine, records parsed by the domain. */
import Decimal from 'decimal.js';
import { buildDte, parseDocumentCreate } from '../../../src/domain/dte/index';
import { isExtendedDteType, type AnyDteType } from '../../../src/domain/dte/dte.types';
import {
  DEFAULT_FISCAL_TAGS, parseFiscalRecord, toLedgerRecord,
  type FiscalResource, type FiscalTags, type LedgerDocument, type LedgerDocumentStatus, type LedgerRecord,
} from '../../../src/domain/fiscal/index';
import { body, item, makeContext, RELATED_CCF, type Body } from '../dte/dte-fixtures';
import { otherBody } from '../dte/other-types-fixtures';

export { body, item, RELATED_CCF, type Body };

/** Uppercase UUID number `n` (`A0000000-0000-4000-8000-00000000000n`). */
export function genCode(n: number): string {
  return `A0000000-0000-4000-8000-${n.toString(16).toUpperCase().padStart(12, '0')}`;
}

export function compact(code: string): string {
  return code.replace(/-/g, '');
}

/** A 40-character seal. */
export function sealOf(n: number): string {
  return `2026${n.toString(16).toUpperCase().padStart(36, '0')}`;
}

export function controlOf(type: string, n: number, pos = 'M001P001'): string {
  return `DTE-${type}-${pos}-${String(n).padStart(15, '0')}`;
}

export interface DocSpec {
  type: AnyDteType;
  n: number;
  /** Instant of issue (UTC ISO); fecEmi/horEmi are its El Salvador local date and time. */
  at: string;
  body?: Body;
  status?: LedgerDocumentStatus;
  seal?: string | null;
  voidedAt?: string | null;
  tags?: Partial<FiscalTags>;
  pos?: string;
  largeTaxpayer?: boolean;
}

/** Builds the official JSON with the engine and wraps it as the books see it. */
export function ledgerDoc(spec: DocSpec): LedgerDocument {
  const pos = spec.pos ?? 'M001P001';
  const place = { establishment: pos.slice(0, 4), pointOfSale: pos.slice(4), ...spec.body };
  const parsed = parseDocumentCreate(isExtendedDteType(spec.type) ? otherBody(spec.type, place) : body(spec.type, place));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const ctx = makeContext(spec.type, {
    generationCode: genCode(spec.n),
    controlNumber: controlOf(spec.type, spec.n, pos),
    issuedAt: new Date(spec.at),
    establishment: { ...makeContext(spec.type).establishment, code: pos.slice(0, 4) },
    pointOfSale: { code: pos.slice(4) },
  });
  if (spec.largeTaxpayer) ctx.emitter = { ...ctx.emitter, isLargeTaxpayer: true };
  const built = buildDte(parsed.value, ctx);
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  const json = built.json as { identificacion: { fecEmi: string } };
  const status = spec.status ?? 'processed';
  return {
    id: `doc_${spec.n}`,
    type: spec.type as LedgerDocument['type'],
    environment: '00',
    status,
    json: built.json,
    seal: spec.seal !== undefined ? spec.seal : status === 'processed' || status === 'voided' ? sealOf(spec.n) : null,
    issuedOn: json.identificacion.fecEmi,
    processedAt: spec.at,
    voidedAt: spec.voidedAt ?? null,
    voidInfo: spec.voidedAt ? { reasonType: '2', replacementGenerationCode: null, seal: sealOf(9000 + spec.n) } : null,
    fiscalTags: { ...DEFAULT_FISCAL_TAGS, incomeCodes: { operationType: '1', incomeType: '3' }, ...spec.tags },
  };
}

/** Parses a record body (camelCase) and books it; throws when invalid. */
export function ledgerRecord(resource: FiscalResource, recordBody: Body, id?: string): LedgerRecord {
  const r = parseFiscalRecord(resource, recordBody);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return toLedgerRecord(id ?? `rec_${String(recordBody.externalId)}`, resource, r.value);
}

/** CCF receiver identified by a DUI homologated as NIT. */
export const DUI_RECEIVER = { ...(body('03').receiver as Body), documentType: '13', documentNumber: '01234567-8' };

export const PURCHASE_BODY: Body = {
  externalId: 'P-1', version: 1, accountingDate: '2026-03-12', issueDate: '2026-03-10', docClass: '4', docType: '03',
  generationCode: 'b0000000-0000-4000-8000-000000000001', controlNumber: 'DTE-03-M001P001-000000000000007',
  seal: sealOf(501), counterpart: { name: 'Proveedor Uno, S.A. de C.V.', nit: '0614-010190-123-4', nrc: '12345-6' },
  amounts: { taxed_internal: '100.00', vat_credit: '13.00', exempt_internal: '5.50' },
  attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '2' },
};

/** Sum of a column of 2-decimal cells, exact (decimal.js), as a 2-decimal string. */
export function sumColumn(rows: readonly string[][], index: number): string {
  return rows.reduce((s, r) => s.plus(r[index]), new Decimal(0)).toFixed(2);
}

/** For every amount column: `{key, total}` from the report totals and from the rows. */
export function totalsVsRows(report: { columns: { key: string; kind: string }[]; rows: string[][]; totals: Record<string, string> }): { fromTotals: string[][]; fromRows: string[][] } {
  const amount = report.columns.map((c, i) => [c, i] as const).filter(([c]) => c.kind === 'amount');
  return {
    fromTotals: amount.map(([c]) => [c.key, report.totals[c.key]]),
    fromRows: amount.map(([c, i]) => [c.key, sumColumn(report.rows, i)]),
  };
}
