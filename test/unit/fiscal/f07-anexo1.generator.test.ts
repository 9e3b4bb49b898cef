import { generateReport, type LedgerDocument, type LedgerRecord } from '../../../src/domain/fiscal/index';
import { DUI_RECEIVER, RELATED_CCF, item, ledgerDoc, ledgerRecord, sealOf } from './fiscal-fixtures';

function anexo1(documents: LedgerDocument[], records: LedgerRecord[] = [], params: unknown = {}, period = '2026-03') {
  const r = generateReport('f07_anexo1', { period, documents, records }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

const CCF = ledgerDoc({ type: '03', n: 1, at: '2026-03-10T16:45:30Z', body: {
  items: [item({ unitPrice: '100.00', quantity: '2' }), item({ tax: 'exenta', unitPrice: '50.00' }), item({ tax: 'no_sujeta', unitPrice: '25.00' })],
  globalDiscount: { gravada: '10.00' },
} });
const NC = ledgerDoc({ type: '05', n: 2, at: '2026-03-11T16:45:30Z', body: { items: [item({ unitPrice: '20.00', relatedDocument: RELATED_CCF })] } });
const ND_DUI = ledgerDoc({ type: '06', n: 3, at: '2026-03-12T16:45:30Z', body: { receiver: DUI_RECEIVER, items: [item({ unitPrice: '7.77', relatedDocument: RELATED_CCF })] } });
const CCF_PERCEPTION = ledgerDoc({ type: '03', n: 4, at: '2026-03-12T20:00:00Z', largeTaxpayer: true, body: { perception: true, items: [item({ unitPrice: '1000.00' })] } });
const FE = ledgerDoc({ type: '01', n: 5, at: '2026-03-12T20:00:00Z' });

const NAME = 'Cliente Corporativo, S.A. de C.V.';
const ROW_CCF = ['10/03/2026', '4', '03', 'DTE03M001P001000000000000001', sealOf(1), 'A0000000000040008000000000000001', '', '06140101901234', NAME, '50.00', '25.00', '190.00', '24.70', '0.00', '0.00', '265.00', '', '1', '3', '1'];
const ROW_NC = ['11/03/2026', '4', '05', 'DTE05M001P001000000000000002', sealOf(2), 'A0000000000040008000000000000002', '', '06140101901234', NAME, '0.00', '0.00', '20.00', '2.60', '0.00', '0.00', '20.00', '', '1', '3', '1'];
const ROW_ND = ['12/03/2026', '4', '06', 'DTE06M001P001000000000000003', sealOf(3), 'A0000000000040008000000000000003', '', '', NAME, '0.00', '0.00', '7.77', '1.01', '0.00', '0.00', '7.77', '012345678', '1', '3', '1'];
const ROW_PERC = ['12/03/2026', '4', '03', 'DTE03M001P001000000000000004', sealOf(4), 'A0000000000040008000000000000004', '', '06140101901234', NAME, '0.00', '0.00', '1000.00', '130.00', '0.00', '0.00', '1000.00', '', '1', '3', '1'];

describe('F-07 annex 1 from engine-built CCF/NC/ND', () => {
  it('one line per CCF/NC/ND in emission order; FE left out; NC positive; DUI in Q with H empty', () => {
    const report = anexo1([FE, ND_DUI, CCF_PERCEPTION, NC, CCF]);
    expect(report.rows).toEqual([ROW_CCF, ROW_NC, ROW_ND, ROW_PERC]);
    expect(report.totals).toEqual({
      exempt_sales: '50.00', non_subject_sales: '25.00', taxed_sales: '1217.77', vat_debit: '158.31',
      third_party_sales: '0.00', third_party_vat_debit: '0.00', total_sales: '1292.77',
    });
    expect(report.warnings).toEqual([]);
    expect(report.columns.map((c) => c.letter).join('')).toBe('ABCDEFGHIJKLMNOPQRST');
  });

  const cases: [string, unknown, string, string][] = [
    ['default P = J+K+L+N', {}, '265.00', '1292.77'],
    ['P = J+K+L+M+N+O (with_debits)', { total: 'with_debits' }, '289.70', '1451.08'],
  ];
  it.each(cases)('%s', (_label, params, rowTotal, total) => {
    const report = anexo1([CCF, NC, ND_DUI, CCF_PERCEPTION], [], params);
    expect(report.rows[0][15]).toBe(rowTotal);
    expect(report.totals.total_sales).toBe(total);
  });

  it('income codes are 0 before period 01/2025', () => {
    const old = ledgerDoc({ type: '03', n: 7, at: '2024-12-10T16:45:30Z' });
    expect(anexo1([old], [], {}, '2024-12').rows[0].slice(17)).toEqual(['0', '0', '1']);
  });

  it('excluded, rejected, other-period and same-period voided documents are left out', () => {
    const docs = [
      ledgerDoc({ type: '03', n: 10, at: '2026-03-10T16:45:30Z', tags: { excludeFromBooks: true } }),
      ledgerDoc({ type: '03', n: 11, at: '2026-03-10T16:45:30Z', status: 'rejected' }),
      ledgerDoc({ type: '03', n: 12, at: '2026-02-10T16:45:30Z' }),
      ledgerDoc({ type: '03', n: 13, at: '2026-03-10T16:45:30Z', status: 'voided', voidedAt: '2026-03-20T15:00:00Z' }),
    ];
    expect(anexo1(docs).rows).toEqual([]);
  });

  const voids: [string, unknown, string, number, number][] = [
    ['void_date: a CCF voided next month stays in its period', {}, '2026-03', 1, 0],
    ['void_date: the void month only warns', {}, '2026-04', 0, 1],
    ['issue_date: the voided CCF leaves its period', { voids: 'issue_date' }, '2026-03', 0, 0],
  ];
  it.each(voids)('%s', (_label, params, period, rows, lateWarnings) => {
    const late = ledgerDoc({ type: '03', n: 14, at: '2026-03-30T16:45:30Z', status: 'voided', voidedAt: '2026-04-05T15:00:00Z' });
    const report = anexo1([late], [], params, period);
    expect(report.rows.length).toBe(rows);
    expect(report.warnings.filter((w) => w.code === 'late_void').length).toBe(lateWarnings);
  });

  it('a sale on behalf of a third party moves to N/O', () => {
    const doc = ledgerDoc({ type: '03', n: 15, at: '2026-03-10T16:45:30Z' });
    (doc.json as Record<string, unknown>).ventaTercero = { nit: '06140101901235', nombre: 'Mandante', codDomiciliado: 2 };
    const report = anexo1([doc]);
    expect(report.rows[0].slice(9, 16)).toEqual(['0.00', '0.00', '0.00', '0.00', '10.00', '1.30', '10.00']);
    expect(report.warnings.map((w) => w.code)).toEqual(['third_party_sale']);
  });

  it('external-sales records: DTE and printed formulario único', () => {
    const records = [
      ledgerRecord('external-sales', {
        externalId: 'EXT-1', version: 1, accountingDate: '2026-03-09', issueDate: '2026-03-09', docClass: '4', docType: '03',
        generationCode: 'c0000000-0000-4000-8000-000000000001', controlNumber: 'DTE-03-S001P002-000000000000044', seal: sealOf(77),
        counterpart: { name: 'Cliente; Externo', nrc: '0076543-2' },
        amounts: { exempt: '1.00', non_subject: '2', taxed: '100.00', vat_debit: '13.00', third_party_taxed: '10', third_party_vat_debit: '1.30' },
        attributes: { operation_type: '4', income_type: '2' },
      }),
      ledgerRecord('external-sales', {
        externalId: 'EXT-2', version: 1, accountingDate: '2026-03-11', issueDate: '2026-03-11', docClass: '2', docType: '06',
        counterpart: { name: 'Otro', nit: '06140101901234' }, amounts: { taxed: '50.004' },
        attributes: { document_number: '000321', series: '19FU000C', resolution: '15041-RES-FU-12345-2019', operation_type: '1', income_type: '3' },
      }),
    ];
    const report = anexo1([CCF], records);
    expect(report.rows).toEqual([
      ['09/03/2026', '4', '03', 'DTE03S001P002000000000000044', sealOf(77), 'C0000000000040008000000000000001', '', '765432', 'Cliente Externo', '1.00', '2.00', '100.00', '13.00', '10.00', '1.30', '113.00', '', '4', '2', '1'],
      ROW_CCF,
      ['11/03/2026', '2', '06', '15041-RES-FU-12345-2019', '19FU000C', '000321', '000321', '06140101901234', 'Otro', '0.00', '0.00', '50.00', '0.00', '0.00', '0.00', '50.00', '', '1', '3', '1'],
    ]);
    expect(report.warnings).toEqual([
      { code: 'iva_mismatch', message: 'El registro EXT-2: el IVA 0.00 no es el 13 % de 50.00 (6.50 ± 0.01).', documentId: 'rec_EXT-2' },
    ]);
  });
});
