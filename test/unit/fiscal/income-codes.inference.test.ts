import { generateReport, inferIncomeCodes, inferIncomeType, inferOperationType, type IncomeCodeBasis, type LedgerDocument } from '../../../src/domain/fiscal/index';
import { dteFacts } from '../../../src/domain/fiscal/dte-facts.reader';
import { RELATED_CCF, item, ledgerDoc } from './fiscal-fixtures';

describe('inferOperationType (annex amounts in cents)', () => {
  const rows: [string, number, number, number, string | null][] = [
    ['only taxed', 100, 0, 0, '1'],
    ['only exempt', 0, 5000, 0, '2'],
    ['only non-subject', 0, 0, 1, '2'],
    ['exempt and non-subject', 0, 300, 200, '2'],
    ['taxed and exempt', 1, 1, 0, '4'],
    ['taxed and non-subject', 99999, 0, 1, '4'],
    ['taxed, exempt and non-subject', 10, 20, 30, '4'],
    ['nothing at all', 0, 0, 0, null],
  ];
  it.each(rows)('%s', (_label, taxed, exempt, nonSubject, expected) => {
    expect(inferOperationType(taxed, exempt, nonSubject)).toBe(expected);
  });
});

describe('inferIncomeType (items)', () => {
  const base = { goods: 0, services: 0, items: 0, serviceItems: 0 };
  const rows: [string, Partial<IncomeCodeBasis> & { type: string }, string][] = [
    ['FE, all items services', { type: '01', items: 2, serviceItems: 2 }, '2'],
    ['FE, goods and services', { type: '01', items: 2, serviceItems: 1 }, '3'],
    ['FE, only goods', { type: '01', items: 3, serviceItems: 0 }, '3'],
    ['CCF, one service', { type: '03', items: 1, serviceItems: 1 }, '2'],
    ['NC without items', { type: '05', items: 0, serviceItems: 0 }, '3'],
    ['FEX, only goods', { type: '11', goods: 100, items: 1 }, '7'],
    ['FEX, only services', { type: '11', services: 100, items: 1, serviceItems: 1 }, '9'],
    ['FEX, mixed, goods larger', { type: '11', goods: 501, services: 500, items: 2, serviceItems: 1 }, '7'],
    ['FEX, mixed, services larger', { type: '11', goods: 499, services: 500, items: 2, serviceItems: 1 }, '9'],
    ['FEX, mixed, tie → goods', { type: '11', goods: 500, services: 500, items: 2, serviceItems: 1 }, '7'],
  ];
  it.each(rows)('%s', (_label, b, expected) => {
    expect(inferIncomeType({ ...base, ...b })).toBe(expected);
  });
});

describe('inferIncomeCodes from engine-built documents (exact values)', () => {
  const at = '2026-03-10T16:45:30Z';
  const rows: [string, LedgerDocument, { operationType: string; incomeType: string } | null][] = [
    ['CCF, taxed goods', ledgerDoc({ type: '03', n: 1, at }), { operationType: '1', incomeType: '3' }],
    ['CCF, taxed services', ledgerDoc({ type: '03', n: 2, at, body: { items: [item({ type: '2' })] } }), { operationType: '1', incomeType: '2' }],
    ['CCF, taxed + exempt services', ledgerDoc({ type: '03', n: 3, at, body: { items: [item({ type: '2' }), item({ type: '2', tax: 'exenta' })] } }), { operationType: '4', incomeType: '2' }],
    ['CCF, non-subject goods', ledgerDoc({ type: '03', n: 4, at, body: { items: [item({ tax: 'no_sujeta' })] } }), { operationType: '2', incomeType: '3' }],
    ['FE, taxed good + exempt service (fixture body of the API tests)', ledgerDoc({ type: '01', n: 5, at, body: { items: [item({ unitPrice: '5.65', quantity: '2' }), item({ type: '2', tax: 'exenta', unitPrice: '3.00' })] } }), { operationType: '4', incomeType: '3' }],
    ['FE, exempt + non-subject services', ledgerDoc({ type: '01', n: 6, at, body: { items: [item({ type: '2', tax: 'exenta' }), item({ type: '2', tax: 'no_sujeta' })] } }), { operationType: '2', incomeType: '2' }],
    ['FE, goods and services item (tipoItem 3) → comerciales', ledgerDoc({ type: '01', n: 7, at, body: { items: [item({ type: '3' })] } }), { operationType: '1', incomeType: '3' }],
    ['ND, taxed service', ledgerDoc({ type: '06', n: 8, at, body: { items: [item({ type: '2', relatedDocument: RELATED_CCF })] } }), { operationType: '1', incomeType: '2' }],
  ];
  it.each(rows)('%s', (_label, doc, expected) => {
    expect(dteFacts(doc).inferredIncomeCodes).toEqual(expected);
  });

  it('a type-4 item (otros tributos) does not stop a service document being Servicios; FEX items by tipoItem or tipoItemExpor', () => {
    const basis = (type: string, body: unknown[], emisor: Record<string, unknown> = {}) => {
      const doc = { ...ledgerDoc({ type: '01', n: 9, at }), json: { identificacion: { tipoDte: type }, emisor, cuerpoDocumento: body, resumen: { totalGravada: 10 } } };
      return dteFacts(doc as LedgerDocument).inferredIncomeCodes;
    };
    expect(basis('01', [{ tipoItem: 2, ventaGravada: 10 }, { tipoItem: 4, ventaGravada: 1 }])).toEqual({ operationType: '1', incomeType: '2' });
    expect(basis('11', [{ tipoItem: 1, ventaGravada: 4.004 }, { tipoItem: 2, ventaGravada: 5.99999999 }])).toEqual({ operationType: '1', incomeType: '9' });
    expect(basis('11', [{ tipoItem: 1, ventaGravada: 6 }, { tipoItem: 2, ventaGravada: 4 }])).toEqual({ operationType: '1', incomeType: '7' });
    expect(basis('11', [{ ventaGravada: 10 }], { tipoItemExpor: 2 })).toEqual({ operationType: '1', incomeType: '9' });
    expect(basis('11', [{ ventaGravada: 10 }], { tipoItemExpor: 1 })).toEqual({ operationType: '1', incomeType: '7' });
  });

  it('no amount → nothing inferred', () => {
    expect(inferIncomeCodes({ type: '01', exempt: 0, nonSubject: 0, taxed: 0, goods: 0, services: 0, items: 1, serviceItems: 1 })).toBeNull();
  });
});

describe('annex 1 R/S of untagged documents', () => {
  const at = '2026-03-10T16:45:30Z';
  const docs = [
    ledgerDoc({ type: '03', n: 1, at, tags: { incomeCodes: null }, body: { items: [item({ type: '2' }), item({ type: '2', tax: 'exenta' })] } }),
    ledgerDoc({ type: '03', n: 2, at: '2026-03-11T16:45:30Z', tags: { incomeCodes: null } }),
    ledgerDoc({ type: '03', n: 3, at: '2026-03-12T16:45:30Z', tags: { incomeCodes: { operationType: '12', incomeType: '12' } } }),
  ];
  const run = (params: unknown, period = '2026-03', list = docs) => {
    const r = generateReport('f07_anexo1', { period, documents: list, records: [] }, params);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.report;
  };
  const cases: [string, unknown, string[][], [string, string][]][] = [
    ['infer (default)', {}, [['4', '2'], ['1', '3'], ['12', '12']], [['inferred_income_codes', 'doc_1'], ['inferred_income_codes', 'doc_2']]],
    ['infer (explicit)', { income: 'infer' }, [['4', '2'], ['1', '3'], ['12', '12']], [['inferred_income_codes', 'doc_1'], ['inferred_income_codes', 'doc_2']]],
    ['blank', { income: 'blank' }, [['', ''], ['', ''], ['12', '12']], [['missing_income_codes', 'doc_1'], ['missing_income_codes', 'doc_2']]],
  ];
  it.each(cases)('%s', (_label, params, codes, warnings) => {
    const report = run(params);
    expect(report.rows.map((r) => r.slice(17, 19))).toEqual(codes);
    expect(report.warnings.map((w) => [w.code, w.documentId])).toEqual(warnings);
  });

  it('before 01/2025: 0 and no warning', () => {
    const old = ledgerDoc({ type: '03', n: 4, at: '2024-12-10T16:45:30Z', tags: { incomeCodes: null } });
    const report = run({}, '2024-12', [old]);
    expect(report.rows.map((r) => r.slice(17, 19))).toEqual([['0', '0']]);
    expect(report.warnings).toEqual([]);
  });

  it('an unknown fallback value is refused', () => {
    expect(generateReport('f07_anexo1', { period: '2026-03', documents: [], records: [] }, { income: 'guess' })).toMatchObject({ ok: false });
  });
});
