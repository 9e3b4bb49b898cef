import { generateReport, type LedgerDocument, type LedgerRecord, type ReportType } from '../../../src/domain/fiscal/index';
import { DUI_RECEIVER, item, ledgerDoc, ledgerRecord, sealOf } from './fiscal-fixtures';

function report(type: ReportType, records: LedgerRecord[], documents: LedgerDocument[] = []) {
  const r = generateReport(type, { period: '2026-03', documents, records }, {});
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

const base = { version: 1, accountingDate: '2026-03-20', issueDate: '2026-03-15' };
const dte = (type: string, n: number) => ({
  docClass: '4', docType: type, generationCode: `E0000000-0000-4000-8000-00000000000${n}`, controlNumber: `DTE-${type}-M001P001-00000000000000${n}`, seal: sealOf(700 + n),
});
const code = (n: number) => `E000000000004000800000000000000${n}`;

const RECEIVED = [
  ledgerRecord('withholdings-received', { ...base, externalId: 'R-1', ...dte('07', 1), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '1000.00', withheld_amount: '10.00' }, attributes: { kind: 'retention_1' } }),
  ledgerRecord('withholdings-received', { ...base, externalId: 'R-2', docClass: '1', docType: '05', counterpart: { dui: '01234567-8' }, amounts: { subject_amount: '100', withheld_amount: '5.00' }, attributes: { kind: 'retention_1', document_number: '88', series: '19NC000A' } }),
  ledgerRecord('withholdings-received', { ...base, externalId: 'R-3', ...dte('03', 3), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '500', perceived_amount: '5' }, attributes: { kind: 'perception_1' } }),
  ledgerRecord('withholdings-received', { ...base, externalId: 'R-4', docClass: '3', docType: '12', counterpart: { nit: '06140108140066' }, amounts: { subject_amount: '800', perceived_amount: '8' }, attributes: { kind: 'perception_1', document_number: '4-99' } }),
];
const MADE = [
  ledgerRecord('withholdings-made', { ...base, externalId: 'M-1', ...dte('07', 5), counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '200.00', withheld_amount: '2.00' }, attributes: { kind: 'retention_1' } }),
  ledgerRecord('withholdings-made', { ...base, externalId: 'M-2', ...dte('07', 6), counterpart: { dui: '012345678' }, amounts: { subject_amount: '100.00', withheld_amount: '13.00' }, attributes: { kind: 'retention_13' } }),
  ledgerRecord('withholdings-made', { ...base, externalId: 'M-3', docClass: '1', docType: '06', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '50.00', withheld_amount: '6.50' }, attributes: { kind: 'retention_13', document_number: '12', series: '20ND000B', resolution: 'RES-77' } }),
];

const cases: [string, ReportType, LedgerRecord[], string[][], Record<string, string>, string[]][] = [
  ['annex 7: retentions 1 % received', 'f07_anexo7', RECEIVED, [
    ['06140101901234', '15/03/2026', '07', sealOf(701), code(1), '1000.00', '10.00', '', '7'],
    ['', '15/03/2026', '05', '19NC000A', '88', '100.00', '5.00', '012345678', '7'],
  ], { subject_amount: '1100.00', withheld_amount: '15.00' }, ['rate_mismatch']],
  ['annex 8: perceptions 1 % received (CCF and DUCA)', 'f07_anexo8', RECEIVED, [
    ['06140101901234', '15/03/2026', '03', sealOf(703), code(3), '500.00', '5.00', '', '8'],
    ['06140108140066', '15/03/2026', '12', '', '499', '800.00', '8.00', '', '8'],
  ], { subject_amount: '1300.00', perceived_amount: '13.00' }, []],
  ['annex 10: retentions 1 % made', 'f07_anexo10', MADE, [
    ['06140101901234', '15/03/2026', '07', 'DTE07M001P001000000000000005', sealOf(705), code(5), '200.00', '2.00', '', '10'],
  ], { subject_amount: '200.00', withheld_amount: '2.00' }, []],
  ['annex 12: retentions 13 % made (D = serie, E = resolución)', 'f07_anexo12', MADE, [
    ['', '15/03/2026', '07', sealOf(706), 'DTE07M001P001000000000000006', code(6), '100.00', '13.00', '012345678', '12'],
    ['06140101901234', '15/03/2026', '06', '20ND000B', 'RES-77', '12', '50.00', '6.50', '', '12'],
  ], { subject_amount: '150.00', withheld_amount: '19.50' }, []],
];

describe('F-07 withholding and perception annexes from records', () => {
  it.each(cases)('%s', (_label, type, records, rows, totals, warnings) => {
    const r = report(type, records);
    expect(r.rows).toEqual(rows);
    expect(r.totals).toEqual(totals);
    expect(r.warnings.map((w) => w.code)).toEqual(warnings);
  });
});

describe('F-07 annex 9 — perceptions made by the declarant', () => {
  it('issued CCF with ivaPerci and an external record; CCF without perception left out', () => {
    const withPerception = ledgerDoc({ type: '03', n: 50, at: '2026-03-10T16:45:30Z', largeTaxpayer: true, body: { receiver: DUI_RECEIVER, perception: true, items: [item({ unitPrice: '1000.00' })] } });
    const without = ledgerDoc({ type: '03', n: 51, at: '2026-03-10T16:45:30Z' });
    const external = ledgerRecord('external-sales', {
      ...base, externalId: 'X-9', docClass: '4', docType: '03', generationCode: 'E0000000-0000-4000-8000-000000000009',
      controlNumber: 'DTE-03-M001P001-000000000000009', seal: sealOf(709), counterpart: { name: 'C', nit: '06140101901234' },
      amounts: { taxed: '300.00', vat_debit: '39.00', vat_perceived: '3.00' },
    });
    const r = report('f07_anexo9', [external], [without, withPerception]);
    expect(r.rows).toEqual([
      ['', '10/03/2026', '03', 'DTE03M001P001000000000000050', sealOf(50), 'A0000000000040008000000000000032', '1000.00', '10.00', '012345678', '9'],
      ['06140101901234', '15/03/2026', '03', 'DTE03M001P001000000000000009', sealOf(709), code(9), '300.00', '3.00', '', '9'],
    ]);
    expect(r.totals).toEqual({ subject_amount: '1300.00', perceived_amount: '13.00' });
  });
});
