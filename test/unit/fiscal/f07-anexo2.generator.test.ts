import { generateReport, type LedgerDocument } from '../../../src/domain/fiscal/index';
import { compact, genCode, item, ledgerDoc, ledgerRecord, totalsVsRows } from './fiscal-fixtures';

function anexo2(documents: LedgerDocument[], params: unknown = {}, period = '2026-03') {
  const r = generateReport('f07_anexo2', { period, documents, records: [] }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

/** Times in UTC; El Salvador is UTC−6. */
const DOCS = [
  ledgerDoc({ type: '01', n: 22, at: '2026-03-10T15:00:00Z' }),
  ledgerDoc({ type: '01', n: 21, at: '2026-03-10T14:00:00Z' }),
  ledgerDoc({ type: '01', n: 23, at: '2026-03-10T16:00:00Z', tags: { exemptNonProportional: true },
    body: { items: [item({ tax: 'exenta', unitPrice: '5.00' }), item({ unitPrice: '11.30' })] } }),
  ledgerDoc({ type: '01', n: 24, at: '2026-03-10T17:00:00Z', status: 'voided', voidedAt: '2026-03-10T20:00:00Z' }),
  ledgerDoc({ type: '01', n: 25, at: '2026-03-10T18:00:00Z', tags: { incomeCodes: { operationType: '2', incomeType: '2' } } }),
  ledgerDoc({ type: '01', n: 26, at: '2026-03-11T15:00:00Z', tags: { freeZone: true } }),
  ledgerDoc({ type: '01', n: 27, at: '2026-03-11T16:00:00Z', body: { items: [item({ tax: 'no_sujeta' })] } }),
  // 02:00 UTC on the 11th is 20:00 on the 10th in El Salvador: last FE of the 10th.
  ledgerDoc({ type: '01', n: 28, at: '2026-03-11T02:00:00Z' }),
  ledgerDoc({ type: '01', n: 29, at: '2026-02-20T15:00:00Z', status: 'voided', voidedAt: '2026-03-05T15:00:00Z' }),
  ledgerDoc({ type: '01', n: 30, at: '2026-03-12T15:00:00Z', status: 'error' }),
  ledgerDoc({ type: '03', n: 31, at: '2026-03-12T15:00:00Z' }),
];

const c = (n: number) => compact(genCode(n));
const NA = ['N/A', 'N/A', 'N/A', 'N/A'];

describe('F-07 annex 2 — FE grouped per day and type', () => {
  it('groups per day, type and income codes; first/last codes; tags fill L and R; a late void subtracts', () => {
    const report = anexo2(DOCS);
    expect(report.rows).toEqual([
      ['20/02/2026', '4', '01', ...NA, c(29), c(29), '', '0.00', '0.00', '0.00', '-10.00', '0.00', '0.00', '0.00', '0.00', '0.00', '-10.00', '1', '3', '2'],
      ['10/03/2026', '4', '01', ...NA, c(21), c(28), '', '0.00', '5.00', '0.00', '41.30', '0.00', '0.00', '0.00', '0.00', '0.00', '46.30', '1', '3', '2'],
      ['10/03/2026', '4', '01', ...NA, c(25), c(25), '', '0.00', '0.00', '0.00', '10.00', '0.00', '0.00', '0.00', '0.00', '0.00', '10.00', '2', '2', '2'],
      ['11/03/2026', '4', '01', ...NA, c(26), c(27), '', '0.00', '0.00', '10.00', '0.00', '0.00', '0.00', '0.00', '10.00', '0.00', '20.00', '1', '3', '2'],
    ]);
    expect(report.totals).toEqual({
      exempt_sales: '0.00', exempt_non_proportional: '5.00', non_subject_sales: '10.00', taxed_sales: '41.30',
      exports_central_america: '0.00', exports_outside_central_america: '0.00', exports_services: '0.00',
      free_zone_sales: '10.00', third_party_sales: '0.00', total_sales: '66.30',
    });
    expect(report.warnings.map((w) => [w.code, w.documentId])).toEqual([
      ['document_not_counted', 'doc_30'],
      ['late_void', 'doc_29'],
    ]);
  });

  it('totals equal the sums of the rows', () => {
    const { fromTotals, fromRows } = totalsVsRows(anexo2(DOCS));
    expect(fromTotals).toEqual(fromRows);
  });

  it('external-sales records of types 01/11 give one line each (DTE range, printed range)', () => {
    const records = [
      ledgerRecord('external-sales', {
        externalId: 'FE-DAY', version: 1, accountingDate: '2026-03-10', issueDate: '2026-03-10', docClass: '4', docType: '01',
        generationCode: genCode(900), attributes: { last_generation_code: genCode(950), operation_type: '1', income_type: '3' },
        amounts: { taxed: '1130.00', exempt: '1', exempt_non_proportional: '2', non_subject: '3', third_party_taxed: '4' },
      }),
      ledgerRecord('external-sales', {
        externalId: 'FEX-1', version: 1, accountingDate: '2026-03-10', issueDate: '2026-03-09', docClass: '1', docType: '11',
        attributes: { document_number: '101', last_document_number: '120', series: '20EX000F', resolution: 'RES-9', operation_type: '1', income_type: '7' },
        amounts: { exports_central_america: '10', exports_outside_central_america: '20', exports_services: '30', free_zone: '40' },
      }),
    ];
    const r = generateReport('f07_anexo2', { period: '2026-03', documents: [], records }, {});
    if (!r.ok) throw new Error('params');
    expect(r.report.rows).toEqual([
      ['09/03/2026', '1', '11', 'RES-9', '20EX000F', '101', '120', '101', '120', '', '0.00', '0.00', '0.00', '0.00', '10.00', '20.00', '30.00', '40.00', '0.00', '100.00', '1', '7', '2'],
      ['10/03/2026', '4', '01', ...NA, c(900), c(950), '', '1.00', '2.00', '3.00', '1130.00', '0.00', '0.00', '0.00', '0.00', '4.00', '1140.00', '1', '3', '2'],
    ]);
  });

  const params: [string, unknown, string, number][] = [
    ['hyphenated H/I', { codes: 'hyphenated' }, genCode(21), 4],
    ['issue_date basis: no negative line', { voids: 'issue_date' }, c(21), 3],
  ];
  it.each(params)('%s', (_label, p, firstCode, rows) => {
    const report = anexo2(DOCS, p);
    const tenth = report.rows.find((r) => r[0] === '10/03/2026')!;
    expect(tenth[7]).toBe(firstCode);
    expect(report.rows.length).toBe(rows);
  });

  it('a late void more than 3 periods back is flagged', () => {
    const old = ledgerDoc({ type: '01', n: 40, at: '2025-10-20T15:00:00Z', status: 'voided', voidedAt: '2026-03-05T15:00:00Z' });
    expect(anexo2([old]).warnings.map((w) => w.code)).toEqual(['late_void', 'late_void_outside_window']);
  });

  const untagged = () => [
    ledgerDoc({ type: '01', n: 41, at: '2026-03-10T15:00:00Z', tags: { incomeCodes: null } }),
    ledgerDoc({ type: '01', n: 42, at: '2026-03-10T16:00:00Z', tags: { incomeCodes: null } }),
    ledgerDoc({ type: '01', n: 43, at: '2026-03-10T17:00:00Z', tags: { incomeCodes: null }, body: { items: [item({ type: '2', tax: 'exenta' })] } }),
    ledgerDoc({ type: '01', n: 44, at: '2026-03-10T18:00:00Z', body: { items: [item({ type: '2', tax: 'exenta' })] } }),
  ];

  it('missing income codes with income = blank: one warning per line, U/V empty', () => {
    const report = anexo2(untagged().slice(0, 2), { income: 'blank' });
    expect(report.rows.map((r) => r.slice(20))).toEqual([['', '', '2']]);
    expect(report.warnings.map((w) => [w.code, w.documentId])).toEqual([['missing_income_codes', 'doc_41']]);
  });

  it('missing income codes by default: inferred per document, lines split by the inferred codes, tagged ones merged', () => {
    const report = anexo2(untagged());
    // 41, 42 gravada goods → 1/3; 43 exempt service → 2/2; 44 tagged 1/3 joins 41–42's line.
    expect(report.rows.map((r) => [r[7], r[8], ...r.slice(20)])).toEqual([
      [c(41), c(44), '1', '3', '2'],
      [c(43), c(43), '2', '2', '2'],
    ]);
    expect(report.warnings.map((w) => [w.code, w.documentId])).toEqual([['inferred_income_codes', 'doc_41'], ['inferred_income_codes', 'doc_43']]);
    expect(report.warnings[1].message).toBe('Las 1 facturas del 2026-03-10 (del DTE-01-M001P001-000000000000043 al DTE-01-M001P001-000000000000043) no tiene tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025: se usaron los deducidos de sus montos e ítems, tipo de operación 2 (No gravada o exento) y tipo de ingreso 2 (Servicios). Confírmelos o corríjalos etiquetando cada factura con PATCH /v1/documents/{id}/fiscal.');
  });

  it('a late void without income codes gets inferred U/V in its reversal line', () => {
    const old = ledgerDoc({ type: '01', n: 45, at: '2026-02-20T15:00:00Z', status: 'voided', voidedAt: '2026-03-05T15:00:00Z', tags: { incomeCodes: null } });
    const report = anexo2([old]);
    expect(report.rows.map((r) => r.slice(20))).toEqual([['1', '3', '2']]);
    expect(report.warnings.map((w) => w.code)).toEqual(['late_void', 'inferred_income_codes']);
  });

  it('periods before 01/2025 keep 0 in U/V, tagged or not, with either fallback', () => {
    const doc = ledgerDoc({ type: '01', n: 46, at: '2024-12-10T15:00:00Z', tags: { incomeCodes: null } });
    for (const income of ['infer', 'blank']) {
      const report = anexo2([doc], { income }, '2024-12');
      expect(report.rows.map((r) => r.slice(20))).toEqual([['0', '0', '2']]);
      expect(report.warnings).toEqual([]);
    }
  });
});
