/**
 * The DTE types beyond 01/03/05/06 in the books [F-07 doc §4.1]: issued CR → annexes 10/12 (replacing
 * withholdings-made records of the same generation code), FEX → annex 2 O/P/Q/R and the consumer
 * book, FSE → annex 5 and the purchase book, CL → annex 4 (f07-anexo4.test.ts), NR/DCL only in
 * anulados, exact cells.
 */
import { REPORT_TYPE_NAMES, generateReport, type LedgerDocument, type LedgerRecord, type ReportType } from '../../../src/domain/fiscal/index';
import { compact, controlOf, genCode, ledgerDoc, ledgerRecord, sealOf } from './fiscal-fixtures';

function report(type: ReportType, documents: LedgerDocument[], records: LedgerRecord[] = [], period = '2026-03', params: unknown = {}) {
  const r = generateReport(type, { period, documents, records }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.report;
}

const FSE_CODE = genCode(140);
const rel = (type: string, code: string, issuedOn: string) => ({ type, generationCode: code, issuedOn });
/** 1 % on 1500.00 and 250.50 (2.505 → 2.51), 13 % on an FSE of 280.00, and a C9 line. */
const CR_BODY = {
  withholdings: [
    { relatedDocument: rel('03', 'C1B2C3D4-1111-4222-8333-444455556666', '2026-03-02'), taxableAmount: '1500.00', code: '22' },
    { relatedDocument: rel('03', 'C1B2C3D4-1111-4222-8333-444455556667', '2026-03-03'), taxableAmount: '250.50', code: '22' },
    { relatedDocument: rel('14', FSE_CODE, '2026-03-04'), taxableAmount: '280.00', code: 'C4' },
    { relatedDocument: rel('01', 'C1B2C3D4-1111-4222-8333-444455556668', '2026-03-05'), taxableAmount: '100.00', code: 'C9', withheldAmount: '2.00' },
  ],
};
const cr = (n: number, extra: Partial<Parameters<typeof ledgerDoc>[0]> = {}) => ledgerDoc({ type: '07', n, at: '2026-03-11T16:00:00Z', body: CR_BODY, ...extra });
/** The same withholdings on documents of 12–15 February, for a CR of February (a CR withholds on documents already issued). */
const FEBRUARY_CR_BODY = { withholdings: CR_BODY.withholdings.map((w, i) => ({ ...w, relatedDocument: { ...w.relatedDocument, issuedOn: `2026-02-1${i + 2}` } })) };
const CR_NIT = '06140101901234';
const made = (externalId: string, code: string, kind: string, subject: string, withheld: string) => ledgerRecord('withholdings-made', {
  externalId, version: 1, accountingDate: '2026-03-20', issueDate: '2026-03-11', docClass: '4', docType: '07',
  generationCode: code, controlNumber: controlOf('07', 999), seal: sealOf(999), counterpart: { nit: CR_NIT },
  amounts: { subject_amount: subject, withheld_amount: withheld }, attributes: { kind },
});

describe('annexes 10 and 12 from issued CRs (07)', () => {
  const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

  const cases: [string, ReportType, string[][], Record<string, string>, string[]][] = [
    ['annex 10: the 22 items (1 %), C9 named in a warning', 'f07_anexo10',
      [[CR_NIT, '11/03/2026', '07', 'DTE07M001P001000000000000070', sealOf(70), compact(genCode(70)), '1750.50', '17.51', '', '10']],
      { subject_amount: '1750.50', withheld_amount: '17.51' }, ['withholding_not_reported']],
    ['annex 12: the C4 items (13 %), series before resolution', 'f07_anexo12',
      [[CR_NIT, '11/03/2026', '07', sealOf(70), 'DTE07M001P001000000000000070', compact(genCode(70)), '280.00', '36.40', '', '12']],
      { subject_amount: '280.00', withheld_amount: '36.40' }, []],
  ];
  it.each(cases)('%s', (_label, type, rows, totals, warnings) => {
    const r = report(type, [cr(70)]);
    expect(r.rows).toEqual(rows);
    expect(r.totals).toEqual(totals);
    expect(codes(r)).toEqual(warnings);
  });

  it('a withholdings-made record with the CR\'s generation code is replaced: one line, the CR\'s values', () => {
    const records = [
      made('M-SAME', genCode(70), 'retention_1', '999.00', '9.99'),
      made('M-SAME-13', genCode(70), 'retention_13', '100.00', '13.00'),
      made('M-OTHER', genCode(71), 'retention_1', '200.00', '2.00'),
    ];
    const a10 = report('f07_anexo10', [cr(70)], records);
    expect(a10.rows).toEqual([
      [CR_NIT, '11/03/2026', '07', 'DTE07M001P001000000000000070', sealOf(70), compact(genCode(70)), '1750.50', '17.51', '', '10'],
      [CR_NIT, '11/03/2026', '07', 'DTE07M001P001000000000000999', sealOf(999), compact(genCode(71)), '200.00', '2.00', '', '10'],
    ]);
    expect(a10.totals).toEqual({ subject_amount: '1950.50', withheld_amount: '19.51' });
    expect(a10.warnings.filter((w) => w.code === 'record_superseded').map((w) => w.documentId)).toEqual(['rec_M-SAME']);
    const a12 = report('f07_anexo12', [cr(70)], records);
    expect(a12.rows.map((r) => [r[5], r[6], r[7]])).toEqual([[compact(genCode(70)), '280.00', '36.40']]);
  });

  const statuses: [string, Partial<Parameters<typeof ledgerDoc>[0]>, string[][], string[]][] = [
    ['voided in its period: no line, and its same-code record is not counted either', { status: 'voided', voidedAt: '2026-03-15T16:00:00Z' }, [], ['record_superseded']],
    ['rejected: not counted, its record still replaced', { status: 'rejected' }, [], ['record_superseded']],
    ['in contingency: counted once, without seal', { status: 'contingency' },
      [[CR_NIT, '11/03/2026', '07', 'DTE07M001P001000000000000070', '', compact(genCode(70)), '1750.50', '17.51', '', '10']],
      ['withholding_not_reported', 'contingency_not_sealed', 'record_superseded']],
  ];
  it.each(statuses)('CR %s', (_label, spec, rows, warnings) => {
    const r = report('f07_anexo10', [cr(70, spec)], [made('M-SAME', genCode(70), 'retention_1', '999.00', '9.99')]);
    expect(r.rows).toEqual(rows);
    expect(codes(r)).toEqual(warnings);
  });

  it('a CR voided in a later period stays in its issue period and is only warned about in the void period', () => {
    const late = cr(72, { at: '2026-02-20T16:00:00Z', body: FEBRUARY_CR_BODY, status: 'voided', voidedAt: '2026-03-02T16:00:00Z' });
    expect(report('f07_anexo10', [late], [], '2026-02').rows.map((r) => r[7])).toEqual(['17.51']);
    const march = report('f07_anexo10', [late]);
    expect(march.rows).toEqual([]);
    expect(codes(march)).toEqual(['late_void']);
    expect(report('f07_anulados', [late]).rows).toEqual([['DTE07M001P001000000000000072', '4', '0', '0', '07', 'D', sealOf(72), '0', '0', genCode(72)]]);
  });

  it('voids = issue_date leaves a late-voided CR out of its issue period', () => {
    const late = cr(72, { at: '2026-02-20T16:00:00Z', body: FEBRUARY_CR_BODY, status: 'voided', voidedAt: '2026-03-02T16:00:00Z' });
    expect(report('f07_anexo10', [late], [], '2026-02', { voids: 'issue_date' }).rows).toEqual([]);
  });
});

const FOREIGN = { name: 'Buyer Inc.', documentType: '37', documentNumber: 'US-1', activityDescription: 'Comercio', country: 'US', foreignAddress: 'Miami, FL', personType: '2' };
/** Goods 1000.00 + services 500.00, global discount 150.00: net 1350.00 → services 450.00, goods 900.00 (freight 350 and insurance 120 left out). */
const MIXED_EXPORT = {
  receiver: FOREIGN,
  items: [{ type: '1', description: 'Café', quantity: '10', unitCode: '59', unitPrice: '100.00' }, { type: '2', description: 'Asesoría', quantity: '1', unitCode: '99', unitPrice: '500.00' }],
  globalDiscount: { gravada: '150.00' },
};

describe('FEX (11) in annex 2 and the consumer book', () => {
  const fexUs = ledgerDoc({ type: '11', n: 110, at: '2026-03-11T17:00:00Z', body: MIXED_EXPORT });
  const fexGt = ledgerDoc({ type: '11', n: 111, at: '2026-03-12T17:00:00Z' });
  const fexZf = ledgerDoc({ type: '11', n: 112, at: '2026-03-13T17:00:00Z', tags: { freeZone: true } });
  const fe = ledgerDoc({ type: '01', n: 113, at: '2026-03-11T18:00:00Z' });
  const voided = ledgerDoc({ type: '11', n: 114, at: '2026-03-13T18:00:00Z', status: 'voided', voidedAt: '2026-03-14T16:00:00Z' });
  const docs = [fexUs, fexGt, fexZf, fe, voided];
  const na = ['N/A', 'N/A', 'N/A', 'N/A'];
  const line = (date: string, type: string, n: number, amounts: string[], total: string) =>
    [date, '4', type, ...na, compact(genCode(n)), compact(genCode(n)), '', ...amounts, total, '1', '3', '2'];

  it('annex 2: one line per day and type; O (Central America), P (elsewhere), Q (services), R (free zone); no IVA check; voided left out', () => {
    const r = report('f07_anexo2', docs);
    expect(r.rows).toEqual([
      line('11/03/2026', '01', 113, ['0.00', '0.00', '0.00', '10.00', '0.00', '0.00', '0.00', '0.00', '0.00'], '10.00'),
      line('11/03/2026', '11', 110, ['0.00', '0.00', '0.00', '0.00', '0.00', '900.00', '450.00', '0.00', '0.00'], '1350.00'),
      line('12/03/2026', '11', 111, ['0.00', '0.00', '0.00', '0.00', '25270.00', '0.00', '0.00', '0.00', '0.00'], '25270.00'),
      line('13/03/2026', '11', 112, ['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '25270.00', '0.00'], '25270.00'),
    ]);
    expect(r.totals).toMatchObject({ exports_central_america: '25270.00', exports_outside_central_america: '900.00', exports_services: '450.00', free_zone_sales: '25270.00', total_sales: '51900.00' });
    expect(r.warnings.map((w) => w.code)).toEqual([]);
  });

  it('a FEX invalidated in a later period is a negative annex-2 line in the void period', () => {
    const late = ledgerDoc({ type: '11', n: 115, at: '2026-02-27T17:00:00Z', status: 'voided', voidedAt: '2026-03-03T16:00:00Z', body: MIXED_EXPORT });
    const r = report('f07_anexo2', [late]);
    expect(r.rows).toEqual([line('27/02/2026', '11', 115, ['0.00', '0.00', '0.00', '0.00', '0.00', '-900.00', '-450.00', '0.00', '0.00'], '-1350.00')]);
  });

  it('consumer book: FEX in "exportaciones" per day and type; the contribuyentes summary carries them', () => {
    const r = report('libro_ventas_consumidor', docs);
    const exportRows = r.rows.filter((row) => row[1] === '11').map((row) => [row[0], row[2], row[10], row[11]]);
    expect(exportRows).toEqual([
      ['11/03/2026', compact(genCode(110)), '1350.00', '1350.00'],
      ['12/03/2026', compact(genCode(111)), '25270.00', '25270.00'],
      ['13/03/2026', compact(genCode(112)), '25270.00', '25270.00'],
    ]);
    expect(r.totals.exports).toBe('51890.00');
    expect(report('libro_ventas_contribuyentes', docs).totals.consumer_exports).toBe('51890.00');
  });
});

describe('FSE (14) in annex 5 and the purchase book', () => {
  const fse = ledgerDoc({ type: '14', n: 140, at: '2026-03-12T17:00:00Z' });
  const sameCode = ledgerRecord('purchases', {
    externalId: 'P-14', version: 1, accountingDate: '2026-03-12', issueDate: '2026-03-12', docClass: '4', docType: '14',
    generationCode: FSE_CODE, controlNumber: controlOf('14', 140), seal: sealOf(140), counterpart: { name: 'María', dui: '01234567-8' },
    amounts: { operation_amount: '300.00' }, attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '2' },
  });
  const fseRow = (withheld: string, quartet: string[]) => ['2', '012345678', 'María Elena Ramírez', '12/03/2026', sealOf(140), compact(FSE_CODE), '280.00', withheld, ...quartet, '5'];

  const cases: [string, LedgerDocument[], LedgerRecord[], string[][], string[]][] = [
    ['alone: I–L empty with a warning', [fse], [], [fseRow('0.00', ['', '', '', ''])], ['purchase_without_classification']],
    ['with the CR that withheld 13 % on it (H) and the replaced record (I–L; not counted twice)', [fse, cr(70)], [sameCode], [fseRow('36.40', ['1', '2', '2', '2'])], ['record_superseded']],
    ['voided: left out, and so is its record', [ledgerDoc({ type: '14', n: 140, at: '2026-03-12T17:00:00Z', status: 'voided', voidedAt: '2026-03-13T17:00:00Z' })], [sameCode], [], ['record_superseded']],
  ];
  it.each(cases)('annex 5: %s', (_label, documents, records, rows, warnings) => {
    const r = report('f07_anexo5', documents, records);
    expect(r.rows).toEqual(rows);
    expect(r.warnings.map((w) => w.code)).toEqual(warnings);
  });

  it('purchase book: one line for the FSE in "compras a sujetos excluidos", its record left out', () => {
    const r = report('libro_compras', [fse, cr(70)], [sameCode]);
    expect(r.rows).toEqual([
      ['1', '12/03/2026', '14', compact(FSE_CODE), '', '012345678', 'María Elena Ramírez', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '280.00', '36.40', '280.00'],
    ]);
    expect(r.totals).toMatchObject({ total_purchases: '280.00', vat_withheld: '36.40', excluded_subject_purchases: '280.00' });
  });
});

describe('NR (04), CL (08) and DCL (09): anulados when invalidated, and the CL in annex 4', () => {
  const processed = [
    // After the DCL's settled period (1–7 March): a DCL settles a period already ended.
    ledgerDoc({ type: '04', n: 40, at: '2026-03-08T16:00:00Z' }),
    ledgerDoc({ type: '08', n: 80, at: '2026-03-08T16:00:00Z' }),
    ledgerDoc({ type: '09', n: 90, at: '2026-03-08T16:00:00Z' }),
  ];
  it('processed ones are in no annex or book, but annex 4 for the CL (one line per settled document)', () => {
    for (const type of REPORT_TYPE_NAMES) {
      expect([type, report(type, processed).rows.length]).toEqual([type, type === 'f07_anexo4' ? 2 : 0]);
    }
  });

  it('voided ones are listed in anulados with their type', () => {
    const voided = processed.map((d) => ({ ...d, status: 'voided' as const, voidedAt: '2026-03-09T16:00:00Z' }));
    expect(report('f07_anulados', voided).rows.map((r) => [r[0], r[4]])).toEqual([
      ['DTE04M001P001000000000000040', '04'], ['DTE08M001P001000000000000080', '08'], ['DTE09M001P001000000000000090', '09'],
    ]);
  });
});
