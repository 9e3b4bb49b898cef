import { computeAmounts } from '../../../src/domain/dte/amounts/compute-amounts';
import type { AmountItemInput, AmountsInput } from '../../../src/domain/dte/amounts/amount.types';
import type { DteType } from '../../../src/domain/dte/dte.types';

function line(unitPrice: string, overrides: Partial<AmountItemInput> = {}): AmountItemInput {
  return { type: '1', quantity: '1', unitCode: '59', unitPrice, tax: 'gravada', ...overrides };
}

function input(type: DteType, items: AmountItemInput[], overrides: Partial<AmountsInput> = {}): AmountsInput {
  return { type, items, isLargeTaxpayer: false, ...overrides };
}

interface Row {
  label: string;
  input: AmountsInput;
  summary?: Record<string, unknown>;
  totals?: Record<string, string>;
  items?: Record<string, unknown>[];
  warnings?: string[];
}

const rows: Row[] = [
  {
    label: 'MH example: CCF one line 2000.00 → IVA 260.00 → 2260.00',
    input: input('03', [line('2000.00')]),
    summary: {
      totalGravada: '2000.00', subTotalVentas: '2000.00', subTotal: '2000.00', montoTotalOperacion: '2260.00', totalPagar: '2260.00',
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '260.00' }],
      totalLetras: 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100',
    },
    totals: { subtotal: '2000.00', iva: '260.00', total: '2260.00', totalInWords: 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100' },
    items: [{ ventaGravada: '2000', tributos: ['20'], ivaItem: '0' }],
  },
  {
    label: 'MH example: CCF 65.09 with a 15.01 discount → 50.08 → IVA 6.51 → 56.59',
    input: input('03', [line('65.09', { discount: '15.01' })]),
    summary: { totalGravada: '50.08', totalDescu: '15.01', subTotal: '50.08', iva: '6.51', montoTotalOperacion: '56.59', totalPagar: '56.59' },
    totals: { subtotal: '50.08', iva: '6.51', total: '56.59', totalInWords: 'CINCUENTA Y SEIS DÓLARES CON 59/100' },
    items: [{ montoDescu: '15.01', ventaGravada: '50.08' }],
  },
  {
    label: 'FE: 11.30 with IVA inside → IVA 1.30, nothing added',
    input: input('01', [line('11.30')]),
    summary: { totalGravada: '11.30', subTotal: '11.30', iva: '1.30', tributos: null, montoTotalOperacion: '11.30', totalPagar: '11.30' },
    totals: { subtotal: '11.30', iva: '1.30', total: '11.30', totalInWords: 'ONCE DÓLARES CON 30/100' },
    items: [{ ventaGravada: '11.3', ivaItem: '1.3', tributos: null }],
  },
  {
    label: 'FE: 3 × 5.00 → ivaItem 1.72566372 (8 decimals) → totalIva 1.73',
    input: input('01', [line('5.00', { quantity: '3' })]),
    summary: { totalGravada: '15.00', iva: '1.73', totalPagar: '15.00' },
    items: [{ cantidad: '3', ventaGravada: '15', ivaItem: '1.72566372' }],
  },
  {
    label: 'FE: summary IVA from rounded item IVA (3 lines of 1.00)',
    input: input('01', [line('1.00'), line('1.00'), line('1.00')]),
    summary: { totalGravada: '3.00', iva: '0.35' },
    items: [{ ivaItem: '0.11504425' }, { ivaItem: '0.11504425' }, { ivaItem: '0.11504425' }],
  },
  {
    label: 'FE mixed gravada/exenta/no_sujeta',
    input: input('01', [line('113.00'), line('50.00', { tax: 'exenta' }), line('20.00', { tax: 'no_sujeta' })]),
    summary: { totalGravada: '113.00', totalExenta: '50.00', totalNoSuj: '20.00', subTotalVentas: '183.00', iva: '13.00', totalPagar: '183.00' },
    items: [{ ventaGravada: '113', ivaItem: '13' }, { ventaExenta: '50', ivaItem: '0', tributos: null }, { ventaNoSuj: '20', tributos: null }],
  },
  {
    label: 'CCF mixed gravada/exenta/no_sujeta: IVA only on the taxed part',
    input: input('03', [line('100.00'), line('40.00', { tax: 'exenta' }), line('10.00', { tax: 'no_sujeta' })]),
    summary: { subTotalVentas: '150.00', iva: '13.00', montoTotalOperacion: '163.00', totalPagar: '163.00' },
    items: [{ tributos: ['20'] }, { tributos: null }, { tributos: null }],
  },
  {
    label: 'CCF global discounts on gravada and exenta',
    input: input('03', [line('200.00'), line('50.00', { tax: 'exenta' })], { globalDiscount: { gravada: '10.00', exenta: '5.00' } }),
    summary: {
      subTotalVentas: '250.00', descuGravada: '10.00', descuExenta: '5.00', descuNoSuj: '0.00', porcentajeDescuento: '6.00',
      totalDescu: '15.00', subTotal: '235.00', iva: '24.70', montoTotalOperacion: '259.70', totalPagar: '259.70',
    },
    totals: { subtotal: '235.00', iva: '24.70', total: '259.70', totalInWords: 'DOSCIENTOS CINCUENTA Y NUEVE DÓLARES CON 70/100' },
  },
  {
    label: 'MH manual discount example: item discounts + 10 % global → totalDescu 109.50',
    input: input('03', [
      line('25.00', { quantity: '10', discount: '25.00' }),
      line('80.00', { quantity: '5', discount: '15.00' }),
      line('10.00', { quantity: '4', discount: '5.00', tax: 'exenta' }),
    ], { globalDiscount: { exenta: '3.50', gravada: '61.00' } }),
    summary: {
      totalExenta: '35.00', totalGravada: '610.00', subTotalVentas: '645.00', descuExenta: '3.50', descuGravada: '61.00',
      porcentajeDescuento: '10.00', totalDescu: '109.50', subTotal: '580.50', iva: '71.37', montoTotalOperacion: '651.87',
    },
  },
  {
    label: 'FE global discount on gravada: the IVA inside the discount leaves totalIva',
    input: input('01', [line('113.00')], { globalDiscount: { gravada: '11.30' } }),
    summary: { descuGravada: '11.30', subTotal: '101.70', iva: '11.70', totalPagar: '101.70', porcentajeDescuento: '10.00' },
  },
  {
    label: 'CCF withholding IVA 1 % above 100.00',
    input: input('03', [line('150.00')], { withholdingIva1: true }),
    summary: { iva: '19.50', ivaRete: '1.50', montoTotalOperacion: '169.50', totalPagar: '168.00' },
    warnings: [],
  },
  {
    label: 'CCF withholding at exactly 100.00 is applied',
    input: input('03', [line('100.00')], { withholdingIva1: true }),
    summary: { ivaRete: '1.00', totalPagar: '112.00' },
    warnings: [],
  },
  {
    label: 'CCF withholding below 100.00: not applied, warning',
    input: input('03', [line('99.99')], { withholdingIva1: true }),
    summary: { iva: '13.00', ivaRete: '0.00', totalPagar: '112.99' },
    warnings: ['withholding_below_threshold'],
  },
  {
    label: 'CCF withholding on the base after the global discount (110 − 20 = 90 < 100)',
    input: input('03', [line('110.00')], { withholdingIva1: true, globalDiscount: { gravada: '20.00' } }),
    summary: { ivaRete: '0.00', iva: '11.70', totalPagar: '101.70' },
    warnings: ['withholding_below_threshold'],
  },
  {
    label: 'FE withholding: 1 % of the base without IVA (226.00 → 200.00 → 2.00)',
    input: input('01', [line('226.00')], { withholdingIva1: true }),
    summary: { iva: '26.00', ivaRete: '2.00', montoTotalOperacion: '226.00', totalPagar: '224.00' },
    warnings: [],
  },
  {
    label: 'FE withholding below: 112.99 holds a base of 99.99',
    input: input('01', [line('112.99')], { withholdingIva1: true }),
    summary: { ivaRete: '0.00', totalPagar: '112.99' },
    warnings: ['withholding_below_threshold'],
  },
  {
    label: 'CCF perception 1 % by a large taxpayer',
    input: input('03', [line('1000.00')], { perception: true, isLargeTaxpayer: true }),
    summary: { iva: '130.00', ivaPerci: '10.00', montoTotalOperacion: '1130.00', totalPagar: '1140.00' },
  },
  // Perception, Código Tributario art. 163: goods only (item types 1 and 3), without IVA, from 100.00.
  {
    label: 'CCF perception at exactly 100.00 of goods → 1.00',
    input: input('03', [line('100.00')], { perception: true, isLargeTaxpayer: true }),
    summary: { iva: '13.00', ivaPerci: '1.00', montoTotalOperacion: '113.00', totalPagar: '114.00' },
    items: [{ ivaPerci: '1' }],
    warnings: [],
  },
  {
    label: 'CCF perception below: 99.99 of goods → none, with the warning',
    input: input('03', [line('99.99')], { perception: true, isLargeTaxpayer: true }),
    summary: { ivaPerci: '0.00', totalPagar: '112.99' },
    items: [{ ivaPerci: '0' }],
    warnings: ['perception_below_threshold'],
  },
  {
    label: 'CCF perception on the goods part only: 80.00 goods + 500.00 services → below 100.00, none',
    input: input('03', [line('80.00'), line('500.00', { type: '2' })], { perception: true, isLargeTaxpayer: true }),
    summary: { iva: '75.40', ivaPerci: '0.00', totalPagar: '655.40' },
    warnings: ['perception_below_threshold'],
  },
  {
    label: 'CCF perception: goods (type 1) and goods-and-services (type 3) lines count, services (2) do not',
    input: input('03', [line('150.00'), line('50.00', { type: '3' }), line('400.00', { type: '2' })], { perception: true, isLargeTaxpayer: true }),
    summary: { iva: '78.00', ivaPerci: '2.00', montoTotalOperacion: '678.00', totalPagar: '680.00' },
    items: [{ ivaPerci: '1.5' }, { ivaPerci: '0.5' }, { ivaPerci: '0' }],
    warnings: [],
  },
  {
    label: 'CCF perception after the taxed global discount: 120.00 goods + 80.00 services − 50.00 → goods base 90.00, none',
    input: input('03', [line('120.00'), line('80.00', { type: '2' })], { perception: true, isLargeTaxpayer: true, globalDiscount: { gravada: '50.00' } }),
    summary: { subTotal: '150.00', iva: '19.50', ivaPerci: '0.00', totalPagar: '169.50' },
    warnings: ['perception_below_threshold'],
  },
  {
    label: 'CCF perception after the taxed global discount: 300.00 goods + 100.00 services − 40.00 → goods base 270.00 → 2.70',
    input: input('03', [line('300.00'), line('100.00', { type: '2' })], { perception: true, isLargeTaxpayer: true, globalDiscount: { gravada: '40.00' } }),
    summary: { subTotal: '360.00', iva: '46.80', ivaPerci: '2.70', montoTotalOperacion: '406.80', totalPagar: '409.50' },
    warnings: [],
  },
  {
    label: 'CCF withholding counts goods and services alike (art. 162): 60.00 + 40.00 services → 1.00',
    input: input('03', [line('60.00'), line('40.00', { type: '2' })], { withholdingIva1: true }),
    summary: { ivaRete: '1.00', totalPagar: '112.00' },
    warnings: [],
  },
  {
    label: 'NC: IVA in tributos and totalIva, per-line IVA',
    input: input('05', [line('50.00', { quantity: '2' })]),
    summary: { totalGravada: '100.00', iva: '13.00', tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '13.00' }], totalPagar: '113.00' },
    totals: { subtotal: '100.00', iva: '13.00', total: '113.00', totalInWords: 'CIENTO TRECE DÓLARES CON 00/100' },
    items: [{ totalIva: '13', ivaRete: '0', ivaPerci: '0' }],
  },
  {
    label: 'ND with withholding: per-line ivaRete',
    input: input('06', [line('200.00')], { withholdingIva1: true }),
    summary: { iva: '26.00', ivaRete: '2.00', totalPagar: '224.00' },
    items: [{ totalIva: '26', ivaRete: '2' }],
  },
  {
    label: 'CCF tourism lodging (59): 5 % of the taxed line',
    input: input('03', [line('100.00', { taxes: ['59'] })]),
    summary: {
      tributos: [
        { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '13.00' },
        { codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: '5.00' },
      ],
      montoTotalOperacion: '118.00', totalPagar: '118.00',
    },
    items: [{ tributos: ['20', '59'], tributes: [{ code: '59', value: '5' }] }],
  },
  // Rate-based tributes use the same base as IVA: after the taxed global discount. Per-unit ones stay on quantity.
  {
    label: 'CCF tourism (59) with a 20.00 taxed global discount: IVA and 59 on 80.00',
    input: input('03', [line('100.00', { taxes: ['59'] })], { globalDiscount: { gravada: '20.00' } }),
    summary: {
      subTotal: '80.00',
      tributos: [
        { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '10.40' },
        { codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: '4.00' },
      ],
      montoTotalOperacion: '94.40', totalPagar: '94.40',
    },
  },
  {
    label: 'CCF tourism (59) on one of two taxed lines, with a discount: its share of the discounted base',
    input: input('03', [line('300.00', { taxes: ['59'] }), line('100.00')], { globalDiscount: { gravada: '40.00' } }),
    summary: {
      subTotal: '360.00',
      tributos: [
        { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '46.80' },
        { codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: '13.50' },
      ],
      montoTotalOperacion: '420.30',
    },
  },
  {
    label: 'FE tourism (59) with a 22.60 taxed global discount: 5 % of (113.00 − 22.60) / 1.13 = 4.00',
    input: input('01', [line('113.00', { taxes: ['59'] })], { globalDiscount: { gravada: '22.60' } }),
    summary: { subTotal: '90.40', iva: '10.40', tributos: [{ codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: '4.00' }], montoTotalOperacion: '94.40' },
  },
  {
    label: 'CCF fuel with a taxed global discount: FOVIAL and COTRANS stay per gallon, IVA on the discounted base',
    input: input('03', [line('4.00', { quantity: '10', unitCode: '22', taxes: ['D1', 'C8'] })], { globalDiscount: { gravada: '10.00' } }),
    summary: {
      subTotal: '30.00',
      tributos: [
        { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '3.90' },
        { codigo: 'D1', descripcion: 'FOVIAL ($0.20 Ctvs. por galón)', valor: '2.00' },
        { codigo: 'C8', descripcion: 'COTRANS ($0.10 Ctvs. por galón)', valor: '1.00' },
      ],
      montoTotalOperacion: '36.90',
    },
  },
  {
    label: 'CCF air departure (71) with a taxed global discount: 7.00 per unit, unchanged',
    input: input('03', [line('50.00', { quantity: '2', taxes: ['71'] })], { globalDiscount: { gravada: '50.00' } }),
    summary: { subTotal: '50.00', iva: '6.50', montoTotalOperacion: '70.50' },
  },
  {
    label: 'FE tourism lodging (59): 5 % of the price without IVA',
    input: input('01', [line('113.00', { taxes: ['59'] })]),
    summary: { iva: '13.00', tributos: [{ codigo: '59', descripcion: 'Turismo: por alojamiento (5%)', valor: '5.00' }], montoTotalOperacion: '118.00' },
    items: [{ tributos: ['59'] }],
  },
  {
    label: 'CCF fuel: FOVIAL 0.20 and COTRANS 0.10 per gallon',
    input: input('03', [line('4.00', { quantity: '10', unitCode: '22', taxes: ['D1', 'C8'] })]),
    summary: {
      totalGravada: '40.00',
      tributos: [
        { codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: '5.20' },
        { codigo: 'D1', descripcion: 'FOVIAL ($0.20 Ctvs. por galón)', valor: '2.00' },
        { codigo: 'C8', descripcion: 'COTRANS ($0.10 Ctvs. por galón)', valor: '1.00' },
      ],
      montoTotalOperacion: '48.20',
    },
  },
  {
    label: 'CCF air departure (71): 7.00 per unit',
    input: input('03', [line('50.00', { quantity: '2', taxes: ['71'] })]),
    summary: { montoTotalOperacion: '127.00' },
  },
  {
    label: 'MH manual cement example: a type-4 line carries the section-2 tribute (57)',
    input: input('03', [line('8.00', { quantity: '100' }), line('32.00', { type: '4', unitCode: '99', taxes: ['57'] })]),
    summary: { totalGravada: '832.00', iva: '108.16', totalPagar: '940.16' },
    items: [{ codTributo: null, tributos: ['20'] }, { codTributo: '57', tributos: ['20'], ventaGravada: '32' }],
  },
  {
    label: 'no_gravado charge: outside the base, added to the total',
    input: input('03', [line('100.00'), line('5.00', { tax: 'no_gravado', unitCode: '99' })]),
    summary: { subTotalVentas: '100.00', iva: '13.00', totalNoGravado: '5.00', montoTotalOperacion: '113.00', totalPagar: '118.00' },
    items: [{}, { precioUni: '0', noGravado: '5', ventaGravada: '0', tributos: null }],
  },
  {
    label: 'no_gravado credit (negative)',
    input: input('01', [line('113.00'), line('-10.00', { tax: 'no_gravado', unitCode: '99' })]),
    summary: { totalNoGravado: '-10.00', totalPagar: '103.00' },
  },
  {
    label: 'MH rounding example: 1.87654322 × 3.55555555 − 1 → 5.67215366',
    input: input('03', [line('3.55555555', { quantity: '1.87654322', discount: '1' })]),
    summary: { totalGravada: '5.67', iva: '0.74' },
    items: [{ cantidad: '1.87654322', precioUni: '3.55555555', ventaGravada: '5.67215366', totalIva: '0.73737998' }],
  },
];

describe('computeAmounts', () => {
  it.each(rows.map((r) => [r.label, r] as const))('%s', (_label, row) => {
    const result = computeAmounts(row.input);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    if (row.summary) expect(result.value.summary).toMatchObject(row.summary);
    if (row.totals) expect(result.value.totals).toEqual(row.totals);
    if (row.items) row.items.forEach((expected, i) => expect(result.value.items[i]).toMatchObject(expected));
    if (row.warnings) expect(result.value.warnings.map((w) => w.code)).toEqual(row.warnings);
  });

  it('every summary amount has exactly 2 decimals', () => {
    const r = computeAmounts(input('03', [line('3.33333333', { quantity: '3' })], { withholdingIva1: true }));
    if (!r.ok) throw new Error('unexpected');
    const { tributos, totalLetras, ...amounts } = r.value.summary;
    for (const v of Object.values(amounts)) expect(v).toMatch(/^-?\d+\.\d{2}$/);
    for (const t of tributos ?? []) expect(t.valor).toMatch(/^\d+\.\d{2}$/);
    expect(totalLetras).toBe('ONCE DÓLARES CON 30/100');
  });

  it.each([
    ['withholding', input('03', [line('99.99')], { withholdingIva1: true }),
      { code: 'withholding_below_threshold', message: 'No se aplicó la retención de IVA 1 %: la base gravada sin IVA (99.99 USD) es menor que 100.00 USD.' }],
    ['perception', input('03', [line('99.99'), line('900.00', { type: '2' })], { perception: true, isLargeTaxpayer: true }),
      { code: 'perception_below_threshold', message: 'No se aplicó la percepción de IVA 1 %: la base gravada de bienes sin IVA (99.99 USD) es menor que 100.00 USD.' }],
  ])('the %s below-threshold warning is in Spanish and names the base', (_label, amounts, warning) => {
    const r = computeAmounts(amounts);
    expect(r.ok && r.value.warnings).toEqual([warning]);
  });

  it('perception and withholding on one document are refused in Spanish, citing both articles', () => {
    expect(computeAmounts(input('03', [line('1000.00')], { perception: true, withholdingIva1: true, isLargeTaxpayer: true }))).toEqual({
      ok: false,
      errors: [{
        path: 'perception',
        code: 'invalid_combination',
        message: 'La percepción y la retención de IVA 1 % se excluyen en un mismo documento: percibe el gran contribuyente que vende bienes a quien no lo es (Código Tributario art. 163); retiene el gran contribuyente que compra a quien no lo es (art. 162). Indique solo una.',
      }],
    });
  });

  const refusals: [string, AmountsInput, { path: string; code: string }[]][] = [
    ['perception by an issuer that is not a large taxpayer', input('03', [line('100')], { perception: true }), [{ path: 'perception', code: 'perception_not_allowed' }]],
    ['perception on an FE', input('01', [line('100')], { perception: true, isLargeTaxpayer: true }), [{ path: 'perception', code: 'perception_not_allowed' }]],
    ['perception on an NC', input('05', [line('100')], { perception: true, isLargeTaxpayer: true }), [{ path: 'perception', code: 'perception_not_allowed' }]],
    ['item discount larger than the line', input('03', [line('10.00', { discount: '11.00' })]), [{ path: 'items[0].discount', code: 'discount_exceeds_amount' }]],
    ['global discount larger than the taxed total', input('03', [line('10.00')], { globalDiscount: { gravada: '20.00' } }), [{ path: 'globalDiscount.gravada', code: 'discount_exceeds_amount' }]],
    ['global discount on an NC (no such fields in NC v4)', input('05', [line('10.00')], { globalDiscount: { gravada: '1.00' } }), [{ path: 'globalDiscount', code: 'not_allowed_for_type' }]],
    ['informative ad-valorem C5: no computable value', input('03', [line('10.00', { taxes: ['C5'] })]), [{ path: 'items[0].taxes[0]', code: 'tribute_not_computable' }]],
    ['D5 "otras tasas" has no rate', input('03', [line('10.00', { taxes: ['D5'] })]), [{ path: 'items[0].taxes[0]', code: 'tribute_not_computable' }]],
    ['D4 is for MH internal use', input('03', [line('10.00', { taxes: ['D4'] })]), [{ path: 'items[0].taxes[0]', code: 'tribute_not_allowed' }]],
    ['C3 belongs to export invoices', input('03', [line('10.00', { taxes: ['C3'] })]), [{ path: 'items[0].taxes[0]', code: 'not_allowed_for_type' }]],
    ['IVA 20 listed on an FE', input('01', [line('10.00', { taxes: ['20'] })]), [{ path: 'items[0].taxes[0]', code: 'not_allowed_for_type' }]],
    ['FOVIAL on a line not measured in gallons', input('03', [line('10.00', { taxes: ['D1'] })]), [{ path: 'items[0].unitCode', code: 'tribute_requires_gallons' }]],
    ['section-2 tribute on an ordinary line', input('03', [line('10.00', { taxes: ['57'] })]), [{ path: 'items[0].taxes[0]', code: 'tribute_not_applicable' }]],
    ['tourism tribute on an exempt line', input('03', [line('10.00', { tax: 'exenta', taxes: ['59'] })]), [{ path: 'items[0].taxes[0]', code: 'tribute_not_applicable' }]],
    ['type-4 line without its tribute code', input('03', [line('10.00', { type: '4', unitCode: '99' })]), [{ path: 'items[0].taxes', code: 'required' }]],
    ['a credit larger than the document', input('03', [line('100.00'), line('-200.00', { tax: 'no_gravado' })]), [{ path: 'items', code: 'total_negative' }]],
    ['a line above MH maximum', input('03', [line('99999999999', { quantity: '2' })]), [{ path: 'items[0]', code: 'out_of_range' }]],
  ];

  it.each(refusals)('refuses %s', (_label, amountsInput, expected) => {
    const r = computeAmounts(amountsInput);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map(({ path, code }) => ({ path, code }))).toEqual(expected);
  });
});
