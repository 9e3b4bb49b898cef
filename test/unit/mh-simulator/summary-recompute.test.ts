/** The simulator's own recomputation of DTE amounts, with MH's ±0.01 tolerance. */
import { buildDte, parseDocumentCreate, type DteType } from '../../../src/domain/dte';
import { recomputeSummary } from '../../../src/mh-simulator/rules/summary-recompute';
import { body, item, makeContext, type Body } from '../dte/dte-fixtures';

function built(type: DteType, overrides: Body = {}): Record<string, any> {
  const parsed = parseDocumentCreate(body(type, overrides));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const r = buildDte(parsed.value, makeContext(type));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return JSON.parse(JSON.stringify(r.json));
}

/** Adds cents to a 2-decimal amount without float noise. */
function plus(value: number, delta: string): number {
  return Number((Math.round(value * 100) + Math.round(Number(delta) * 100)) / 100);
}

const MIXED_ITEMS = [
  item({ unitPrice: '13.37', quantity: '3', discount: '1.11' }),
  item({ tax: 'exenta', unitPrice: '3.33', quantity: '3' }),
  item({ tax: 'no_sujeta', unitPrice: '0.99', quantity: '7' }),
  item({ unitPrice: '4.42477876', quantity: '1' }),
];

describe('recomputeSummary — documents built by the engine are consistent', () => {
  it.each([
    ['FE, mixed lines with a discount', '01', { items: MIXED_ITEMS }],
    ['FE with a global discount and IVA withholding', '01', {
      items: [item({ unitPrice: '250.00', quantity: '2' })], globalDiscount: { gravada: '10.00' }, withholding: { iva1: true },
      receiver: { name: 'Cliente', documentType: '13', documentNumber: '01234567-8' },
    }],
    ['CCF, mixed lines with a discount', '03', { items: MIXED_ITEMS }],
    ['CCF 65.09 − 15.01 global discount → IVA 6.51 (MH example)', '03', { items: [item({ unitPrice: '65.09' })], globalDiscount: { gravada: '15.01' } }],
    ['CCF 2000.00 → IVA 260.00 (MH example)', '03', { items: [item({ unitPrice: '2000.00' })] }],
    ['NC', '05', {}],
    ['ND with several lines', '06', { items: [item({ unitPrice: '17.31', quantity: '3', relatedDocument: 'B1B2C3D4-1111-4222-8333-444455556666' }), item({ unitPrice: '0.07', quantity: '9', relatedDocument: 'B1B2C3D4-1111-4222-8333-444455556666' })] }],
  ] as const)('%s', (_label, type, overrides) => {
    expect(recomputeSummary(type, built(type, overrides as Body))).toEqual([]);
  });
});

describe('recomputeSummary — tolerance ±0.01', () => {
  it.each(['0.01', '-0.01'])('FE totalIva off by %s is accepted', (delta) => {
    const json = built('01', { items: MIXED_ITEMS });
    json.resumen.totalIva = plus(json.resumen.totalIva, delta);
    expect(recomputeSummary('01', json)).toEqual([]);
  });
  it.each(['0.02', '-0.02'])('FE totalIva off by %s is rejected, naming the field', (delta) => {
    const json = built('01', { items: MIXED_ITEMS });
    const expected = json.resumen.totalIva;
    json.resumen.totalIva = plus(expected, delta);
    expect(recomputeSummary('01', json)).toEqual([{ field: 'resumen.totalIva', declared: String(json.resumen.totalIva), expected: String(expected) }]);
  });
  it('CCF IVA tributo (20) off by 0.02 names resumen.tributos[0].valor', () => {
    const json = built('03', { items: MIXED_ITEMS });
    json.resumen.tributos[0].valor = plus(json.resumen.tributos[0].valor, '0.02');
    json.resumen.montoTotalOperacion = plus(json.resumen.montoTotalOperacion, '0.02');
    json.resumen.totalPagar = plus(json.resumen.totalPagar, '0.02');
    expect(recomputeSummary('03', json).map((m) => m.field)).toEqual(['resumen.tributos[0].valor']);
  });
  it('CCF without the IVA tributo is refused on resumen.tributos', () => {
    const json = built('03');
    json.resumen.tributos = null;
    expect(recomputeSummary('03', json).map((m) => m.field)).toEqual(['resumen.tributos', 'resumen.montoTotalOperacion']);
  });
  it('NC totalIva off by 0.05', () => {
    const json = built('05');
    json.resumen.totalIva = plus(json.resumen.totalIva, '0.05');
    expect(recomputeSummary('05', json).map((m) => m.field)).toEqual(['resumen.totalIva']);
  });
  it('FE totalGravada off by 0.02 (the sum of the items decides)', () => {
    const json = built('01', { items: MIXED_ITEMS });
    json.resumen.totalGravada = plus(json.resumen.totalGravada, '0.02');
    json.resumen.subTotalVentas = plus(json.resumen.subTotalVentas, '0.02');
    json.resumen.subTotal = plus(json.resumen.subTotal, '0.02');
    json.resumen.montoTotalOperacion = plus(json.resumen.montoTotalOperacion, '0.02');
    json.resumen.totalPagar = plus(json.resumen.totalPagar, '0.02');
    expect(recomputeSummary('01', json).map((m) => m.field)).toEqual(['resumen.totalGravada']);
  });
  it('an item whose sale is not precioUni × cantidad − montoDescu', () => {
    const json = built('01', { items: MIXED_ITEMS });
    json.cuerpoDocumento[1].ventaExenta = 10.01;
    expect(recomputeSummary('01', json).map((m) => m.field)).toEqual(['cuerpoDocumento[1].ventaExenta', 'resumen.totalExenta']);
  });
  it('FE ivaItem off by 0.02', () => {
    const json = built('01');
    json.cuerpoDocumento[0].ivaItem = 1.17044248;
    expect(recomputeSummary('01', json).map((m) => m.field)).toEqual(['cuerpoDocumento[0].ivaItem', 'resumen.totalIva']);
  });
  it('totalPagar off by 1.00', () => {
    const json = built('03');
    json.resumen.totalPagar = plus(json.resumen.totalPagar, '1.00');
    expect(recomputeSummary('03', json)).toEqual([{ field: 'resumen.totalPagar', declared: '12.3', expected: '11.3' }]);
  });
  it('informative tributes (CAT-015 section 3, e.g. C5) do not enter montoTotalOperacion', () => {
    const json = built('03');
    json.resumen.tributos.push({ codigo: 'C5', descripcion: 'Impuesto ad-valorem por diferencial de precios de bebidas alcohólicas (8%)', valor: 5.55 });
    expect(recomputeSummary('03', json)).toEqual([]);
  });
  it('other section-1 tributes (59 turismo) do enter montoTotalOperacion', () => {
    const json = built('03');
    json.resumen.tributos.push({ codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: 0.5 });
    expect(recomputeSummary('03', json).map((m) => m.field)).toEqual(['resumen.montoTotalOperacion']);
  });
  it('NC/ND: montoTotalOperacion with ivaPerci − ivaRete (MH manual wording) is also accepted', () => {
    const json = built('05', { items: [item({ unitPrice: '200.00', relatedDocument: 'B1B2C3D4-1111-4222-8333-444455556666' })] });
    json.resumen.ivaRete = 2;
    json.resumen.montoTotalOperacion = plus(json.resumen.montoTotalOperacion, '-2');
    json.resumen.totalPagar = json.resumen.montoTotalOperacion;
    expect(recomputeSummary('05', json)).toEqual([]);
  });
});
