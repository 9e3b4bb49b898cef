import { generateReport, type LedgerDocument, type LedgerRecord, type ReportType } from '../../../src/domain/fiscal/index';
import { PURCHASE_BODY, item, ledgerDoc, ledgerRecord } from './fiscal-fixtures';

function warnings(type: ReportType, documents: LedgerDocument[], records: LedgerRecord[] = [], params: unknown = {}, period = '2026-03') {
  const r = generateReport(type, { period, documents, records }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report.warnings;
}

function withIva(doc: LedgerDocument, valor: number): LedgerDocument {
  const json = JSON.parse(JSON.stringify(doc.json));
  json.resumen.tributos[0].valor = valor;
  return { ...doc, json };
}

const at = '2026-03-10T16:45:30Z';
const CASES: [string, ReportType, LedgerDocument[], LedgerRecord[], { code: string; message: string; documentId: string | null }[], unknown?][] = [
  ['a processed document without seal', 'f07_anexo1', [ledgerDoc({ type: '03', n: 1, at, seal: null })], [], [
    { code: 'missing_seal', message: 'El documento DTE-03-M001P001-000000000000001 no tiene sello de recepción.', documentId: 'doc_1' },
  ]],
  ['a contingency document not yet sealed', 'f07_anexo2', [ledgerDoc({ type: '01', n: 2, at, status: 'contingency' })], [], [
    { code: 'contingency_not_sealed', message: 'El documento DTE-01-M001P001-000000000000002 está en contingencia y aún no tiene sello de recepción; se registra sin sello.', documentId: 'doc_2' },
  ]],
  ['a signed document in flight', 'f07_anexo1', [ledgerDoc({ type: '03', n: 3, at, status: 'signed' })], [], [
    { code: 'not_sealed', message: 'El documento DTE-03-M001P001-000000000000003 (estado signed) aún no tiene sello de recepción; se registra sin sello.', documentId: 'doc_3' },
  ]],
  ['an IVA that is not 13 % of its base (beyond ±0.01)', 'f07_anexo1', [withIva(ledgerDoc({ type: '03', n: 4, at }), 1.32)], [], [
    { code: 'iva_mismatch', message: 'El documento DTE-03-M001P001-000000000000004: el IVA 1.32 no es el 13 % de 10.00 (1.30 ± 0.01).', documentId: 'doc_4' },
  ]],
  ['an IVA off by exactly 0.01 is accepted', 'f07_anexo1', [withIva(ledgerDoc({ type: '03', n: 5, at }), 1.31)], [], []],
  ['a purchase without classification', 'f07_anexo3', [], [ledgerRecord('purchases', { ...PURCHASE_BODY, attributes: {} })], [
    { code: 'purchase_without_classification', message: 'La compra P-1 no tiene tipo de operación, clasificación, sector y tipo de costo/gasto, obligatorios desde 02/2024.', documentId: 'rec_P-1' },
  ]],
  ['a purchase IVA that is not 13 %', 'f07_anexo3', [], [ledgerRecord('purchases', { ...PURCHASE_BODY, amounts: { taxed_internal: '100.00', vat_credit: '12.00' } })], [
    { code: 'iva_mismatch', message: 'La compra P-1: el IVA 12.00 no es el 13 % de 100.00 (13.00 ± 0.01).', documentId: 'rec_P-1' },
  ]],
  ['a DTE purchase without seal', 'f07_anexo3', [], [ledgerRecord('purchases', { ...PURCHASE_BODY, seal: undefined })], [
    { code: 'missing_seal', message: 'El registro P-1 (DTE) no tiene sello de recepción; la columna de serie queda vacía.', documentId: 'rec_P-1' },
  ]],
  ['an FE whose contained IVA does not match', 'f07_anexo2', [(() => {
    const d = ledgerDoc({ type: '01', n: 6, at, body: { items: [item({ unitPrice: '11.30' })] } });
    const json = JSON.parse(JSON.stringify(d.json));
    json.resumen.totalIva = 1.5;
    return { ...d, json };
  })()], [], [
    { code: 'iva_mismatch', message: 'El documento DTE-01-M001P001-000000000000006: el IVA incluido 1.50 no corresponde a 11.30 con IVA (1.30 ± 0.01).', documentId: 'doc_6' },
  ]],
  ['a sale without income codes from 01/2025 (income = blank)', 'f07_anexo1', [ledgerDoc({ type: '03', n: 7, at, tags: { incomeCodes: null } })], [], [
    { code: 'missing_income_codes', message: 'El documento DTE-03-M001P001-000000000000007 no tiene tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025.', documentId: 'doc_7' },
  ], { income: 'blank' }],
  ['a sale without income codes from 01/2025 (income = infer, the default)', 'f07_anexo1', [ledgerDoc({ type: '03', n: 7, at, tags: { incomeCodes: null } })], [], [
    { code: 'inferred_income_codes', message: 'El documento DTE-03-M001P001-000000000000007 no tiene tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025: se usaron los deducidos de sus montos e ítems, tipo de operación 1 (Gravada) y tipo de ingreso 3 (Comerciales). Confírmelos o corríjalos etiquetando el documento con PATCH /v1/documents/doc_7/fiscal.', documentId: 'doc_7' },
  ]],
  ['FE without income codes, grouped (income = infer)', 'f07_anexo2', [
    ledgerDoc({ type: '01', n: 8, at, tags: { incomeCodes: null }, body: { items: [item({ type: '2' })] } }),
    ledgerDoc({ type: '01', n: 9, at: '2026-03-10T17:00:00Z', tags: { incomeCodes: { operationType: '1', incomeType: '2' } }, body: { items: [item({ type: '2' })] } }),
  ], [], [
    { code: 'inferred_income_codes', message: 'Las 2 facturas del 2026-03-10 (del DTE-01-M001P001-000000000000008 al DTE-01-M001P001-000000000000009) incluyen 1 sin etiquetar (la primera, DTE-01-M001P001-000000000000008) que no tienen tipo de operación y tipo de ingreso (Renta), obligatorios desde 01/2025: se usaron los deducidos de sus montos e ítems, tipo de operación 1 (Gravada) y tipo de ingreso 2 (Servicios). Confírmelos o corríjalos etiquetando cada factura con PATCH /v1/documents/{id}/fiscal.', documentId: 'doc_8' },
  ]],
  ['a sale without income codes before 01/2025 writes 0 without a warning', 'f07_anexo1', [ledgerDoc({ type: '03', n: 10, at: '2024-12-10T16:45:30Z', tags: { incomeCodes: null } })], [], [], { period: '2024-12' }],
  ['a record dated outside its period', 'f07_anexo7', [], [ledgerRecord('withholdings-received', {
    externalId: 'R-1', version: 1, accountingDate: '2026-03-02', issueDate: '2026-02-27', docClass: '4', docType: '07', generationCode: 'E0000000-0000-4000-8000-000000000001',
    seal: '2026E0000000000000000000000000000000000A', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '100', withheld_amount: '1' }, attributes: { kind: 'retention_1' },
  })], [
    { code: 'issue_date_outside_period', message: 'El registro R-1 tiene fecha de emisión 2026-02-27, fuera del período 2026-03; el MH exige fechas del período.', documentId: 'rec_R-1' },
  ]],
];

describe('report warnings', () => {
  // Rows have 5 or 6 elements: a fixed arity of 6 would make jest pass `done` to the 5-element ones.
  it.each(CASES)('%s', (...row) => {
    const [, type, docs, records, expected, params] = row as unknown as (typeof CASES)[number];
    const { period, ...p } = (params ?? {}) as { period?: string };
    expect(warnings(type, docs, records, p, period)).toEqual(expected);
  });
});

describe('records without issue_date, doc_class or doc_type', () => {
  const bare = { externalId: 'P-9', version: 1, accountingDate: '2026-03-20', counterpart: { name: 'Proveedor', nrc: '12' }, amounts: { taxed_internal: '10.00', vat_credit: '1.30' } };

  it.each([
    ['a DTE purchase: class 4 from its generation code, date from the accounting date, empty type', { ...bare, generationCode: 'C0000000-0000-4000-8000-000000000001', seal: '2026' + '0'.repeat(36) }, ['20/03/2026', '4', '', 'C0000000000040008000000000000001'], [
      { code: 'missing_doc_type', message: 'El registro P-9 no indica el tipo de documento (doc_type); la columna de tipo queda vacía.', documentId: 'rec_P-9' },
    ]],
    ['a printed purchase: class 1, no number given', { ...bare, docType: '03', issueDate: '2026-03-18' }, ['18/03/2026', '1', '03', ''], [
      { code: 'missing_document_number', message: 'El registro P-9 no indica el número del documento (attributes.document_number); la columna de número queda vacía.', documentId: 'rec_P-9' },
    ]],
    ['a customs purchase: class 3 from its type', { ...bare, docType: '12', amounts: { taxed_import_goods: '10.00', vat_credit: '1.30' }, attributes: { document_number: '4-77' } }, ['20/03/2026', '3', '12', '477'], []],
  ])('annex 3 derives %s', (_label, recordBody, firstCells, expected) => {
    const r = generateReport('f07_anexo3', { period: '2026-03', documents: [], records: [ledgerRecord('purchases', recordBody)] }, {});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.report.rows.map((row) => row.slice(0, 4))).toEqual([firstCells]);
    expect(r.report.warnings.filter((w) => w.code !== 'purchase_without_classification')).toEqual(expected);
  });

  it.each(['f07_anexo1', 'f07_anexo2', 'libro_ventas_contribuyentes', 'libro_ventas_consumidor'] as const)('%s names the external sale it leaves out for lack of doc_type', (type) => {
    const sale = ledgerRecord('external-sales', { externalId: 'V-9', version: 1, accountingDate: '2026-03-20', amounts: { taxed: '113.00' } });
    const r = generateReport(type, { period: '2026-03', documents: [], records: [sale] }, {});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.report.rows.filter((row) => row.includes('113.00'))).toEqual([]);
    expect(r.report.warnings).toEqual([{ code: 'missing_doc_type', message: 'La venta V-9 no indica el tipo de documento (doc_type): no se incluye en este reporte.', documentId: 'rec_V-9' }]);
  });

  it('the purchase book dates a record without issue_date by its accounting date', () => {
    const r = generateReport('libro_compras', { period: '2026-03', documents: [], records: [ledgerRecord('purchases', { ...bare, docType: '03', generationCode: 'C0000000-0000-4000-8000-000000000002', seal: '2026' + '1'.repeat(36) })] }, {});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.report.rows[0].slice(0, 4)).toEqual(['1', '20/03/2026', '03', 'C0000000000040008000000000000002']);
    expect(r.report.warnings).toEqual([]);
  });
});
