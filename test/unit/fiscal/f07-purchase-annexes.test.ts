import { generateReport, type LedgerRecord } from '../../../src/domain/fiscal/index';
import { PURCHASE_BODY, ledgerRecord, sealOf, totalsVsRows } from './fiscal-fixtures';

function report(type: 'f07_anexo3' | 'f07_anexo5', records: LedgerRecord[], period = '2026-03') {
  const r = generateReport(type, { period, documents: [], records }, {});
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

const CCF = ledgerRecord('purchases', PURCHASE_BODY);
const NC = ledgerRecord('purchases', {
  ...PURCHASE_BODY, externalId: 'P-2', docType: '05', issueDate: '2026-03-11', generationCode: 'B0000000-0000-4000-8000-000000000002',
  controlNumber: 'DTE-05-M001P001-000000000000009', counterpart: { name: 'Persona Natural', dui: '01234567-8' },
  amounts: { taxed_internal: '10.00', vat_credit: '1.30' }, attributes: {},
});
const DUCA = ledgerRecord('purchases', {
  externalId: 'P-3', version: 1, accountingDate: '2026-03-15', issueDate: '2025-12-28', docClass: '3', docType: '12',
  counterpart: { name: 'Dirección General de Tesorería', nit: '06140108140066' }, attributes: { document_number: '4-123456', operation_type: '1', classification: '1', sector: '1', cost_type: '4' },
  amounts: { exempt_internment: '1', exempt_import: '2', taxed_internment_goods: '100', taxed_import_goods: '200', vat_credit: '39.00' },
});
const PRINTED = ledgerRecord('purchases', {
  externalId: 'P-4', version: 1, accountingDate: '2026-03-20', issueDate: '2026-03-20', docClass: '1', docType: '06',
  counterpart: { name: 'Ferretería "El Clavo"; S.A.', nrc: '000123-4' }, attributes: { document_number: '00077', operation_type: '9', classification: '9', sector: '9', cost_type: '9' },
  amounts: { taxed_internal: '50.00', vat_credit: '6.50' },
});
const FSE = ledgerRecord('purchases', {
  externalId: 'P-5', version: 1, accountingDate: '2026-03-21', issueDate: '2026-03-21', docClass: '4', docType: '14',
  generationCode: 'D0000000-0000-4000-8000-000000000005', seal: sealOf(605), counterpart: { name: 'Juan Pérez', dui: '012345678' },
  amounts: { operation_amount: '280.00', vat_withheld: '36.40' }, attributes: { operation_type: '1', classification: '2', sector: '4', cost_type: '2' },
});
const FSE_OTHER = ledgerRecord('purchases', {
  externalId: 'P-6', version: 1, accountingDate: '2026-03-22', issueDate: '2026-03-22', docClass: '1', docType: '14',
  counterpart: { name: 'Ana López' }, amounts: { operation_amount: '10' }, attributes: { other_id_number: 'p1234567', document_number: '55', series: 'SE01' },
});
const OTHER_PERIOD = ledgerRecord('purchases', { ...PURCHASE_BODY, externalId: 'P-7', accountingDate: '2026-04-01' });
const EXCLUDED = ledgerRecord('purchases', { ...PURCHASE_BODY, externalId: 'P-8', excludeFromBooks: true });

describe('F-07 annex 3 — purchases', () => {
  it('one line per purchase; identifiers without dashes; DUI in P with E empty; 14 goes to annex 5', () => {
    const r = report('f07_anexo3', [PRINTED, FSE, NC, CCF, DUCA, OTHER_PERIOD, EXCLUDED]);
    expect(r.rows).toEqual([
      ['28/12/2025', '3', '12', '4123456', '06140108140066', 'Dirección General de Tesorería', '0.00', '1.00', '2.00', '0.00', '100.00', '200.00', '0.00', '39.00', '303.00', '', '1', '1', '1', '4', '3'],
      ['10/03/2026', '4', '03', 'B0000000000040008000000000000001', '06140101901234', 'Proveedor Uno, S.A. de C.V.', '5.50', '0.00', '0.00', '100.00', '0.00', '0.00', '0.00', '13.00', '105.50', '', '1', '2', '2', '2', '3'],
      ['11/03/2026', '4', '05', 'B0000000000040008000000000000002', '', 'Persona Natural', '0.00', '0.00', '0.00', '10.00', '0.00', '0.00', '0.00', '1.30', '10.00', '012345678', '', '', '', '', '3'],
      ['20/03/2026', '1', '06', '00077', '1234', 'Ferretería El Clavo S.A.', '0.00', '0.00', '0.00', '50.00', '0.00', '0.00', '0.00', '6.50', '50.00', '', '9', '9', '9', '9', '3'],
    ]);
    expect(r.totals).toEqual({
      exempt_internal: '5.50', exempt_internment: '1.00', exempt_import: '2.00', taxed_internal: '160.00', taxed_internment_goods: '100.00',
      taxed_import_goods: '200.00', taxed_import_services: '0.00', vat_credit: '59.80', total_purchases: '468.50',
    });
    const { fromTotals, fromRows } = totalsVsRows(r);
    expect(fromTotals).toEqual(fromRows);
    expect(r.warnings.map((w) => [w.code, w.documentId])).toEqual([['purchase_without_classification', 'rec_P-2']]);
  });

  it('Q–T are 0 before period 02/2024', () => {
    const old = ledgerRecord('purchases', { ...PURCHASE_BODY, accountingDate: '2024-01-12', issueDate: '2024-01-10' });
    expect(report('f07_anexo3', [old], '2024-01').rows[0].slice(16)).toEqual(['0', '0', '0', '0', '3']);
  });

  it('a purchase older than 3 periods is flagged (Ley IVA art. 63)', () => {
    const late = ledgerRecord('purchases', { ...PURCHASE_BODY, issueDate: '2025-11-30' });
    expect(report('f07_anexo3', [late]).warnings.map((w) => w.code)).toEqual(['purchase_outside_window']);
  });
});

describe('F-07 annex 5 — purchases from sujetos excluidos', () => {
  it('DUI → 2, other document → 3; seal and code of the DTE; printed series and number', () => {
    const r = report('f07_anexo5', [CCF, FSE_OTHER, FSE]);
    expect(r.rows).toEqual([
      ['2', '012345678', 'Juan Pérez', '21/03/2026', sealOf(605), 'D0000000000040008000000000000005', '280.00', '36.40', '1', '2', '4', '2', '5'],
      ['3', 'P1234567', 'Ana López', '22/03/2026', 'SE01', '55', '10.00', '0.00', '', '', '', '', '5'],
    ]);
    expect(r.totals).toEqual({ operation_amount: '290.00', vat_withheld: '36.40' });
    expect(r.warnings.map((w) => [w.code, w.documentId])).toEqual([['purchase_without_classification', 'rec_P-6']]);
  });
});
