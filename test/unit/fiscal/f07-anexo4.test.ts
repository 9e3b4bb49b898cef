/**
 * Annex 4 (ventas gravadas por cuenta de terceros domiciliados) from issued CLs (08) [F-07 doc §3.4]:
 * one line per CL body line, A/N the mandante (CL receiver), C–I the settled sale document (E/F from
 * our own DTE), J–M the CL; exact cells, totals and warnings per case, then the status rules.
 */
import { computeInputHash, documentFingerprint, generateReport, reportInputRows, writeReportCsv, type LedgerDocument, type ReportType } from '../../../src/domain/fiscal/index';
import { CCF_RECEIVER } from '../dte/dte-fixtures';
import { compact, genCode, ledgerDoc, sealOf, type Body } from './fiscal-fixtures';

function report(documents: LedgerDocument[], period = '2026-03', params: unknown = {}, type: ReportType = 'f07_anexo4') {
  const r = generateReport(type, { period, documents, records: [] }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}
const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

const CCF = ledgerDoc({ type: '03', n: 30, at: '2026-03-02T16:00:00Z' });
const FEX = ledgerDoc({ type: '11', n: 31, at: '2026-03-04T16:00:00Z' });
const rel = (type: string, generationCode: string, issuedOn: string) => ({ type, generationCode, issuedOn });
const cl = (lines: Body[], extra: Partial<Parameters<typeof ledgerDoc>[0]> = {}, receiver: Body = {}) => ledgerDoc({
  type: '08', n: 80, at: '2026-03-20T16:00:00Z', body: { receiver: { ...CCF_RECEIVER, ...receiver }, settledDocuments: lines }, ...extra,
});
const MANDANTE = ['06140101901234', 'Cliente Corporativo, S.A. de C.V.'];
const CL_IDS = [sealOf(80), 'DTE08M001P001000000000000080', compact(genCode(80)), '20/03/2026'];
const CCF_IDS = [sealOf(30), 'DTE03M001P001000000000000030', compact(genCode(30))];

describe('annex 4 rows from a CL', () => {
  const cases: [string, Body[], Body, string[][], Record<string, string>, string[]][] = [
    ['our CCF: E seal, F control number, G code; H taxed without IVA, I its 13 %',
      [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '400.00', perception: '4.00' }], {},
      [[...MANDANTE, '02/03/2026', '03', ...CCF_IDS, '400.00', '52.00', ...CL_IDS, '', '4']],
      { operation_amount: '400.00', vat: '52.00' }, []],
    ['8-decimal line amounts round half up to cents (123.455 → 123.46, IVA 16.04915 → 16.05)',
      [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '123.455' }], {},
      [[...MANDANTE, '02/03/2026', '03', ...CCF_IDS, '123.46', '16.05', ...CL_IDS, '', '4']],
      { operation_amount: '123.46', vat: '16.05' }, []],
    ['a paper FE: no series or resolution, its number uppercase without hyphens; the exempt part left out',
      [{ relatedDocument: rel('01', 'a-0150', '2026-03-03'), gravada: '200.00', exenta: '50.00' }], {},
      [[...MANDANTE, '03/03/2026', '01', '', '', 'A0150', '200.00', '26.00', ...CL_IDS, '', '4']],
      { operation_amount: '200.00', vat: '26.00' }, ['settlement_not_reported', 'settled_document_not_found']],
    ['a DTE this emitter did not issue: E and F empty, G its code',
      [{ relatedDocument: rel('06', genCode(99).toLowerCase(), '2026-03-05'), gravada: '10.00' }], {},
      [[...MANDANTE, '05/03/2026', '06', '', '', compact(genCode(99)), '10.00', '1.30', ...CL_IDS, '', '4']],
      { operation_amount: '10.00', vat: '1.30' }, ['settled_document_not_found']],
    ['our FEX: exports in H, no IVA',
      [{ relatedDocument: rel('11', genCode(31), '2026-03-04'), exports: '1000.00' }], {},
      [[...MANDANTE, '04/03/2026', '11', sealOf(31), 'DTE11M001P001000000000000031', compact(genCode(31)), '1000.00', '0.00', ...CL_IDS, '', '4']],
      { operation_amount: '1000.00', vat: '0.00' }, []],
    ['a mandante identified by DUI: A empty, N the DUI',
      [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '100.00' }], { documentType: '13', documentNumber: '01234567-8', nrc: null },
      [['', 'Cliente Corporativo, S.A. de C.V.', '02/03/2026', '03', ...CCF_IDS, '100.00', '13.00', ...CL_IDS, '012345678', '4']],
      { operation_amount: '100.00', vat: '13.00' }, []],
    ['a mandante with a 9-digit NIT and an NRC: the NIT is its DUI (N), never both',
      [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '100.00' }], { documentNumber: '012345678' },
      [['', 'Cliente Corporativo, S.A. de C.V.', '02/03/2026', '03', ...CCF_IDS, '100.00', '13.00', ...CL_IDS, '012345678', '4']],
      { operation_amount: '100.00', vat: '13.00' }, []],
    ['an invalidated document (negative line) is left out, the others stay, one line each in CL order',
      [
        { relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '300.00' },
        { relatedDocument: rel('03', genCode(32), '2026-03-03'), gravada: '-50.00' },
        { relatedDocument: rel('01', '0151', '2026-03-06'), gravada: '80.00' },
      ], {},
      [
        [...MANDANTE, '02/03/2026', '03', ...CCF_IDS, '300.00', '39.00', ...CL_IDS, '', '4'],
        [...MANDANTE, '06/03/2026', '01', '', '', '0151', '80.00', '10.40', ...CL_IDS, '', '4'],
      ],
      { operation_amount: '380.00', vat: '49.40' }, ['settlement_not_reported', 'settled_document_not_found']],
    ['a line with only exempt and non-subject sales gives no row',
      [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), exenta: '70.00', noSujeta: '5.00' }], {},
      [], { operation_amount: '0.00', vat: '0.00' }, ['settlement_not_reported']],
    ['a sale document of another month: its own date in C, with a warning',
      [{ relatedDocument: rel('03', genCode(30), '2026-02-27'), gravada: '100.00' }], {},
      [[...MANDANTE, '27/02/2026', '03', ...CCF_IDS, '100.00', '13.00', ...CL_IDS, '', '4']],
      { operation_amount: '100.00', vat: '13.00' }, ['issue_date_outside_period']],
    ['a non-domiciled mandante (CAT-032 2): no row',
      [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '400.00' }], { fiscalDomicile: '2' },
      [], { operation_amount: '0.00', vat: '0.00' }, ['settlement_not_reported']],
  ];
  it.each(cases)('%s', (_label, lines, receiver, rows, totals, warnings) => {
    const r = report([CCF, FEX, cl(lines, {}, receiver)]);
    expect(r.report.rows).toEqual(rows);
    expect(r.report.totals).toEqual(totals);
    expect(codes(r.report)).toEqual(warnings);
    expect(r.rulesVersion).toBe('f07-v14/f07_anexo4@2026.4');
  });

  it('the upload file: 15 cells, `;`, no header, CRLF', () => {
    const r = generateReport('f07_anexo4', { period: '2026-03', documents: [CCF, cl([{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '400.00' }])], records: [] });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(writeReportCsv('f07_anexo4', r.report, r.params).toString('utf8')).toBe(
      `06140101901234;Cliente Corporativo, S.A. de C.V.;02/03/2026;03;${sealOf(30)};DTE03M001P001000000000000030;${compact(genCode(30))};400.00;52.00;${sealOf(80)};DTE08M001P001000000000000080;${compact(genCode(80))};20/03/2026;;4\r\n`,
    );
  });

  it('the input hash covers the settled document of another period (its seal fills E)', () => {
    const feb = ledgerDoc({ type: '03', n: 30, at: '2026-02-25T16:00:00Z' });
    const other = ledgerDoc({ type: '03', n: 33, at: '2026-02-25T16:00:00Z' });
    const rows = reportInputRows({ period: '2026-03', documents: [feb, other, cl([{ relatedDocument: rel('03', genCode(30), '2026-02-25'), gravada: '1.00' }])], records: [] });
    expect(rows.map((x) => (x as { id: string }).id)).toEqual(['doc_30', 'doc_80']);
  });

  it('a CL line amount is part of the CL fingerprint', () => {
    const hash = (d: LedgerDocument) => computeInputHash([documentFingerprint(d)], 'f07-v14/f07_anexo4@2026.4', {});
    const a = cl([{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '400.00' }]);
    const b = cl([{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '400.01' }]);
    expect(hash(a)).not.toBe(hash(b));
  });
});

describe('annex 4 and the CL status', () => {
  const LINE = [{ relatedDocument: rel('03', genCode(30), '2026-03-02'), gravada: '400.00' }];
  const ROW = [...MANDANTE, '02/03/2026', '03', ...CCF_IDS, '400.00', '52.00'];
  const cases: [string, Partial<Parameters<typeof ledgerDoc>[0]>, string, unknown, string[][], string[]][] = [
    ['processed: counted', {}, '2026-03', {}, [[...ROW, ...CL_IDS, '', '4']], []],
    ['sending (not sealed yet): counted once, J empty', { status: 'sending' }, '2026-03', {}, [[...ROW, '', ...CL_IDS.slice(1), '', '4']], ['not_sealed']],
    ['contingency: counted once, J empty', { status: 'contingency' }, '2026-03', {}, [[...ROW, '', ...CL_IDS.slice(1), '', '4']], ['contingency_not_sealed']],
    ['error: left out with a warning', { status: 'error' }, '2026-03', {}, [], ['document_not_counted']],
    ['voided in its period: left out (it is in anulados)', { status: 'voided', voidedAt: '2026-03-25T16:00:00Z' }, '2026-03', {}, [], []],
    ['voided in a later period: stays in its issue period', { status: 'voided', voidedAt: '2026-04-02T16:00:00Z' }, '2026-03', {}, [[...ROW, ...CL_IDS, '', '4']], []],
    ['voided in a later period, that period: no negative line, a warning', { status: 'voided', voidedAt: '2026-04-02T16:00:00Z' }, '2026-04', {}, [], ['late_void']],
    ['voided later, voids=issue_date: left out of its issue period', { status: 'voided', voidedAt: '2026-04-02T16:00:00Z' }, '2026-03', { voids: 'issue_date' }, [], []],
    ['excluded from books', { tags: { excludeFromBooks: true } }, '2026-03', {}, [], []],
  ];
  it.each(cases)('%s', (_label, extra, period, params, rows, warnings) => {
    const r = report([CCF, cl(LINE, extra)], period, params);
    expect(r.report.rows).toEqual(rows);
    expect(codes(r.report)).toEqual(warnings);
  });

  it('a CL voided in its period is still listed in anulados', () => {
    const r = report([cl(LINE, { status: 'voided', voidedAt: '2026-03-25T16:00:00Z' })], '2026-03', {}, 'f07_anulados');
    expect(r.report.rows.map((x) => [x[0], x[4]])).toEqual([['DTE08M001P001000000000000080', '08']]);
  });
});
