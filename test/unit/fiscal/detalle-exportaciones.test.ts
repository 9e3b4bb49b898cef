/**
 * Detalle de exportaciones (RCT 84; F-07 doc §6.2, §8) from issued FEX 11: one line per FEX in issue
 * order — correlative, fecEmi, generation code, foreign customer, customs declaration (from
 * `otrosDocumentos`), export value `totalGravada − descuGravada` — exact cells, totals, warnings and
 * the CSV bytes; the customs-declaration reading table-driven.
 */
import { documentFingerprint, generateReport, writeReportCsv, type LedgerDocument } from '../../../src/domain/fiscal/index';
import { customsDeclarationOf } from '../../../src/domain/fiscal/customs-declaration.reader';
import { compact, genCode, ledgerDoc } from './fiscal-fixtures';

function report(documents: LedgerDocument[], period = '2026-03', params: unknown = {}) {
  const r = generateReport('detalle_exportaciones', { period, documents, records: [] }, params);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}
const codes = (r: { warnings: { code: string }[] }) => r.warnings.map((w) => w.code);

const DUCA = { associatedDocuments: [{ code: '1', identification: '4-2026-000123', description: 'Declaración de Mercancías (DUCA-F)' }] };
const FOREIGN = { name: 'Buyer Inc.', documentType: '37', documentNumber: 'US-1', activityDescription: 'Comercio', country: 'US', foreignAddress: 'Miami, FL', personType: '2' };
/** Goods 1000.00 + services 500.00 − global discount 150.00 = 1350.00; freight 350 and insurance 120 left out. */
const MIXED = {
  receiver: FOREIGN,
  items: [{ type: '1', description: 'Café', quantity: '10', unitCode: '59', unitPrice: '100.00' }, { type: '2', description: 'Asesoría', quantity: '1', unitCode: '99', unitPrice: '500.00' }],
  globalDiscount: { gravada: '150.00' },
};
const PACIFICO = 'Importadora del Pacífico, S.A.';

describe('detalle de exportaciones rows', () => {
  const withDuca = ledgerDoc({ type: '11', n: 110, at: '2026-03-11T17:00:00Z', body: DUCA });
  const mixed = ledgerDoc({ type: '11', n: 111, at: '2026-03-12T17:00:00Z', body: MIXED });
  const earlier = ledgerDoc({ type: '11', n: 112, at: '2026-03-05T17:00:00Z', body: DUCA });
  const contingency = ledgerDoc({ type: '11', n: 113, at: '2026-03-13T17:00:00Z', status: 'contingency', body: DUCA });
  const voided = ledgerDoc({ type: '11', n: 114, at: '2026-03-13T18:00:00Z', status: 'voided', voidedAt: '2026-03-14T16:00:00Z', body: DUCA });
  const fe = ledgerDoc({ type: '01', n: 115, at: '2026-03-11T18:00:00Z' });
  const lateVoided = ledgerDoc({ type: '11', n: 116, at: '2026-02-27T17:00:00Z', status: 'voided', voidedAt: '2026-03-03T16:00:00Z', body: MIXED });
  const row = (i: number, date: string, n: number, name: string, duca: string, value: string) => [String(i), date, compact(genCode(n)), name, duca, value];

  const cases: [string, LedgerDocument[], Record<string, unknown>, string[][], Record<string, string>, string[]][] = [
    ['issue order, not input order; the value without freight and insurance; no declaration → empty with a warning',
      [withDuca, mixed, earlier], {},
      [row(1, '05/03/2026', 112, PACIFICO, '4-2026-000123', '25270.00'), row(2, '11/03/2026', 110, PACIFICO, '4-2026-000123', '25270.00'), row(3, '12/03/2026', 111, 'Buyer Inc.', '', '1350.00')],
      { export_value: '51890.00' }, ['missing_customs_declaration']],
    ['voided in its own period: left out; contingency: counted once with its warning; an FE: not an export',
      [withDuca, voided, contingency, fe], {},
      [row(1, '11/03/2026', 110, PACIFICO, '4-2026-000123', '25270.00'), row(2, '13/03/2026', 113, PACIFICO, '4-2026-000123', '25270.00')],
      { export_value: '50540.00' }, ['contingency_not_sealed']],
    ['voided in a later period: a negative line on its void date in the void period',
      [lateVoided, withDuca], {},
      [row(1, '03/03/2026', 116, 'Buyer Inc.', '', '-1350.00'), row(2, '11/03/2026', 110, PACIFICO, '4-2026-000123', '25270.00')],
      { export_value: '23920.00' }, []],
    ['voids = issue_date: no negative line for the later invalidation',
      [lateVoided, withDuca], { voids: 'issue_date' },
      [row(1, '11/03/2026', 110, PACIFICO, '4-2026-000123', '25270.00')],
      { export_value: '25270.00' }, []],
    ['codes = hyphenated: the 36-character generation code',
      [withDuca], { codes: 'hyphenated' },
      [['1', '11/03/2026', genCode(110), PACIFICO, '4-2026-000123', '25270.00']],
      { export_value: '25270.00' }, []],
    ['a period without FEX: no rows, zero total', [fe], {}, [], { export_value: '0.00' }, []],
  ];
  it.each(cases)('%s', (_label, docs, params, rows, totals, warnings) => {
    const r = report(docs, '2026-03', params);
    expect(r.report.rows).toEqual(rows);
    expect(r.report.totals).toEqual(totals);
    expect(codes(r.report)).toEqual(warnings);
    expect(r.rulesVersion).toBe('rct-83-86/detalle_exportaciones@2026.4');
  });

  it('the February FEX voided in March stays in February with its positive value', () => {
    const r = report([lateVoided], '2026-02');
    expect(r.report.rows).toEqual([row(1, '27/02/2026', 116, 'Buyer Inc.', '', '1350.00')]);
  });

  it('the CSV: BOM, header, one line per FEX, the Totales line, CRLF', () => {
    const r = report([withDuca, mixed]);
    expect(writeReportCsv('detalle_exportaciones', r.report, r.params).toString('utf8')).toBe(
      '\uFEFFN°;Fecha de la factura;Número de la factura (código de generación);Nombre del cliente del exterior;Número de declaración de mercancías / formulario aduanero;Valor de las exportaciones\r\n'
      + `1;11/03/2026;${compact(genCode(110))};Importadora del Pacífico, S.A.;4-2026-000123;25270.00\r\n`
      + `2;12/03/2026;${compact(genCode(111))};Buyer Inc.;;1350.00\r\n`
      + 'Totales;;;;;26620.00\r\n',
    );
  });

  it('the fingerprint of a FEX without a declaration has no customsDeclaration key (input hashes of earlier periods unchanged)', () => {
    const exportsOf = (d: LedgerDocument) => (documentFingerprint(d).facts as { typeFacts: { exports: Record<string, unknown> } }).typeFacts.exports;
    expect(Object.keys(exportsOf(mixed))).toEqual(['country', 'goods', 'services']);
    expect(exportsOf(withDuca)).toMatchObject({ customsDeclaration: '4-2026-000123' });
  });
});

describe('customsDeclarationOf (otrosDocumentos, CAT-021)', () => {
  const doc = (codDocAsociado: unknown, descDocumento: unknown, detalleDocumento: unknown) => ({ codDocAsociado, descDocumento, detalleDocumento });
  const cases: [string, unknown, string | null][] = [
    ['no otrosDocumentos', null, null],
    ['emisor (1), "Declaración de mercancías"', [doc(1, '4-2026-000123', 'Declaración de mercancías')], '4-2026-000123'],
    ['receptor (2), DUCA in capitals, number trimmed', [doc(2, ' 12345 ', 'DUCA-F número')], '12345'],
    ['formulario aduanero without accents', [doc(1, 'FA-9', 'Formulario aduanero de exportacion')], 'FA-9'],
    ['FAUCA', [doc(1, 'F-77', 'FAUCA Centroamérica')], 'F-77'],
    ['transport (4) is never the declaration', [doc(4, '4-2026-1', 'DUCA')], null],
    ['another document of the emitter', [doc(1, 'RES-1', 'Resolución de exportador')], null],
    ['a word that only contains "duca"', [doc(1, 'X-1', 'Educación')], null],
    ['the first declaration wins', [doc(1, 'RES-1', 'Permiso'), doc(1, 'D-1', 'Declaración aduanera'), doc(1, 'D-2', 'DUCA')], 'D-1'],
    ['an empty identification is skipped', [doc(1, '', 'DUCA'), doc(2, 'D-3', 'DUCA')], 'D-3'],
  ];
  it.each(cases)('%s', (_label, otros, expected) => {
    expect(customsDeclarationOf({ otrosDocumentos: otros })).toBe(expected);
  });
});
