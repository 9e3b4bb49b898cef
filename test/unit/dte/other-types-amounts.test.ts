/**
 * Amounts of CR, CL, DCL, FEX, FSE, CD and NR, table-driven with exact values. Rows labelled "MH"
 * reproduce the worked examples of MH's structure manual (Manual de Estructuras v1.6) and MH-API-NOTES.
 */
import { computeCdAmounts } from '../../../src/domain/dte/cd/cd-amounts';
import { computeClAmounts } from '../../../src/domain/dte/cl/cl-amounts';
import { computeCrAmounts } from '../../../src/domain/dte/cr/cr-amounts';
import { computeDclAmounts } from '../../../src/domain/dte/dcl/dcl-amounts';
import { computeFexAmounts } from '../../../src/domain/dte/fex/fex-amounts';
import { computeFseAmounts } from '../../../src/domain/dte/fse/fse-amounts';
import { computeAmounts } from '../../../src/domain/dte/amounts/compute-amounts';

function ok<T>(r: { ok: true; value: T } | { ok: false; errors: unknown[] }): T {
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe('CR — IVA withheld per CAT-006 code', () => {
  it.each([
    ['MH: 22 (1 %) on 12,345,678,901.12 → 123,456,789.01', [{ taxableAmount: '12345678901.12', code: '22' }], '123456789.01', '1604938257.15'],
    ['22 on 100.00 → 1.00', [{ taxableAmount: '100.00', code: '22' }], '1.00', '13.00'],
    ['22 rounds half up: 150.50 → 1.505 → 1.51', [{ taxableAmount: '150.50', code: '22' }], '1.51', '19.57'],
    ['C4 (13 %) on 200.00 → 26.00', [{ taxableAmount: '200.00', code: 'C4' }], '26.00', '26.00'],
    ['C9 takes the amount given', [{ taxableAmount: '500.00', code: 'C9', withheldAmount: '10.00' }], '10.00', '65.00'],
    ['two lines add up', [{ taxableAmount: '1500.00', code: '22' }, { taxableAmount: '200.00', code: 'C4' }], '41.00', '221.00'],
  ])('%s', (_label, lines, retenido, iva) => {
    const a = ok(computeCrAmounts(lines));
    expect({ totalIvaRetenido: a.totalIvaRetenido, totalIva: a.totalIva }).toEqual({ totalIvaRetenido: retenido, totalIva: iva });
  });

  it('refuses a line whose withholding would be 0.00', () => {
    expect(computeCrAmounts([{ taxableAmount: '0.40', code: '22' }])).toEqual({
      ok: false, errors: [{ path: 'withholdings[0].taxableAmount', code: 'out_of_range', message: expect.any(String) }],
    });
  });
});

describe('CL — settled documents', () => {
  it.each([
    ['MH field 57/58: 400 taxed and an invalidated 200 → IVA 26.00, monto 226.00', [{ gravada: '400' }, { gravada: '-200' }],
      { subTotalVentas: '200.00', iva: '26.00', montoTotalOperacion: '226.00', ivaPerci: '0.00', total: '226.00' }],
    ['MH field 43–45: net values per bucket add up', [{ noSujeta: '90', exenta: '90', gravada: '90' }],
      { subTotalVentas: '270.00', iva: '11.70', montoTotalOperacion: '281.70', ivaPerci: '0.00', total: '281.70' }],
    ['exports carry no IVA; perception is added to the total', [{ exports: '1000.00' }, { gravada: '100.00', perception: '1.00' }],
      { subTotalVentas: '1100.00', iva: '13.00', montoTotalOperacion: '1113.00', ivaPerci: '1.00', total: '1114.00' }],
    ['invalidated documents outweigh the active ones → 0.00 (MH)', [{ gravada: '100' }, { gravada: '-300' }],
      { subTotalVentas: '0.00', iva: '0.00', montoTotalOperacion: '0.00', ivaPerci: '0.00', total: '0.00' }],
    ['8-decimal line values are summed before rounding', [{ gravada: '10.005' }, { gravada: '10.005' }],
      { subTotalVentas: '20.01', iva: '2.60', montoTotalOperacion: '22.61', ivaPerci: '0.00', total: '22.61' }],
  ])('%s', (_label, lines, expected) => {
    const a = computeClAmounts(lines);
    expect({ subTotalVentas: a.subTotalVentas, iva: a.iva, montoTotalOperacion: a.montoTotalOperacion, ivaPerci: a.ivaPerci, total: a.total }).toEqual(expected);
  });

  it('line IVA is informative: ventaGravada × 13 % to 8 decimals', () => {
    expect(computeClAmounts([{ gravada: '-200' }, { exenta: '5' }]).lines.map((l) => [l.ivaItem, l.tributos])).toEqual([['-26', ['20']], ['0', null]]);
  });
});

describe('DCL — card-issuer settlement', () => {
  it.each([
    ['MH field 51: 10,925,379,470.02 × 2 % = 218,507,589.40', { operationsAmount: '12345678801.12', commission: '0' },
      { subTotal: '12345678801.12', montoSujetoPercepcion: '10925379470.02', iva: '1420299331.10', ivaPercibido: '218507589.40', ivaComision: '0.00', liquidoApagar: '12127171211.72' }],
    ['round figures', { operationsAmount: '11300.00', commission: '250.00' },
      { subTotal: '11300.00', montoSujetoPercepcion: '10000.00', iva: '1300.00', ivaPercibido: '200.00', ivaComision: '32.50', liquidoApagar: '10817.50' }],
    ['tips are not subject to perception', { operationsAmount: '1000.00', nonPerceptionAmount: '100.00', commission: '20.00' },
      { subTotal: '900.00', montoSujetoPercepcion: '796.46', iva: '103.54', ivaPercibido: '15.93', ivaComision: '2.60', liquidoApagar: '961.47' }],
  ])('%s', (_label, input, expected) => {
    const a = ok(computeDclAmounts(input));
    expect({ subTotal: a.subTotal, montoSujetoPercepcion: a.montoSujetoPercepcion, iva: a.iva, ivaPercibido: a.ivaPercibido, ivaComision: a.ivaComision, liquidoApagar: a.liquidoApagar }).toEqual(expected);
  });

  it.each([
    ['non-perception ≥ operations', { operationsAmount: '100.00', nonPerceptionAmount: '100.00', commission: '0' }, 'settlement.nonPerceptionAmount'],
    ['perception would be 0.00', { operationsAmount: '0.20', commission: '0' }, 'settlement.operationsAmount'],
    ['commission eats the whole settlement', { operationsAmount: '100.00', commission: '98.00' }, 'settlement.commission'],
  ])('refuses: %s', (_label, input, path) => {
    const r = computeDclAmounts(input);
    expect(r.ok ? [] : r.errors.map((e) => e.path)).toEqual([path]);
  });
});

describe('FEX — exports at 0 %', () => {
  it.each([
    ['MH field 68: gravada − descuento + seguro + flete', [{ quantity: '100', unitPrice: '245.50' }], { globalDiscount: '50.00', insurance: '120.00', freight: '350.00' },
      { totalGravada: '24550.00', descuGravada: '50.00', porcentajeDescuento: '0.20', montoTotalOperacion: '24970.00', totalNoGravado: '0.00', totalPagar: '24970.00' }],
    ['item discount is netted in ventaGravada', [{ quantity: '40', unitPrice: '18.75', discount: '30.00' }], {},
      { totalGravada: '720.00', descuGravada: '0.00', porcentajeDescuento: '0.00', montoTotalOperacion: '720.00', totalNoGravado: '0.00', totalPagar: '720.00' }],
    ['MH field 70: a credit outside the base lowers the total', [{ quantity: '1', unitPrice: '500' }, { quantity: '1', unitPrice: '-25.50', tax: 'no_gravado' }], {},
      { totalGravada: '500.00', descuGravada: '0.00', porcentajeDescuento: '0.00', montoTotalOperacion: '500.00', totalNoGravado: '-25.50', totalPagar: '474.50' }],
    ['8-decimal quantities', [{ quantity: '3.33333333', unitPrice: '3' }], {},
      { totalGravada: '10.00', descuGravada: '0.00', porcentajeDescuento: '0.00', montoTotalOperacion: '10.00', totalNoGravado: '0.00', totalPagar: '10.00' }],
  ])('%s', (_label, items, opts, expected) => {
    const a = ok(computeFexAmounts(items, opts));
    expect({ totalGravada: a.totalGravada, descuGravada: a.descuGravada, porcentajeDescuento: a.porcentajeDescuento, montoTotalOperacion: a.montoTotalOperacion, totalNoGravado: a.totalNoGravado, totalPagar: a.totalPagar }).toEqual(expected);
  });
});

describe('FSE — purchases from an excluded subject', () => {
  it.each([
    ['MH sample: 280 at 10 % → 28 → 252', [{ quantity: '10', unitPrice: '25' }, { quantity: '1', unitPrice: '30' }], { rentaRate: '10' },
      { totalCompra: '280.00', subTotal: '280.00', reteRenta: '28.00', totalPagar: '252.00' }],
    ['no withholding', [{ quantity: '2', unitPrice: '12.345' }], {}, { totalCompra: '24.69', subTotal: '24.69', reteRenta: '0.00', totalPagar: '24.69' }],
    ['global discount before the withholding', [{ quantity: '1', unitPrice: '1000' }], { globalDiscount: '100.00', rentaRate: '10' },
      { totalCompra: '1000.00', subTotal: '900.00', reteRenta: '90.00', totalPagar: '810.00' }],
    ['withholding rounds half up', [{ quantity: '1', unitPrice: '10.05' }], { rentaRate: '10' }, { totalCompra: '10.05', subTotal: '10.05', reteRenta: '1.01', totalPagar: '9.04' }],
  ])('%s', (_label, items, opts, expected) => {
    const a = ok(computeFseAmounts(items, opts));
    expect({ totalCompra: a.totalCompra, subTotal: a.subTotal, reteRenta: a.reteRenta, totalPagar: a.totalPagar }).toEqual(expected);
  });
});

describe('CD — donations (MH Anexo 11)', () => {
  it.each([
    ['cash: 1 × 1500.00', [{ donationType: '1', quantity: '1', unitPrice: '1500.00' }], '1500.00', '1500.00'],
    ['used goods: 3 × 400.00 − 300.00 depreciation', [{ donationType: '2', quantity: '3', unitPrice: '400.00', depreciation: '300.00' }], '900.00', '0.00'],
    ['service: 10 hours × 25.00', [{ donationType: '3', quantity: '10', unitPrice: '25.00' }], '250.00', '0.00'],
    ['mixed', [{ donationType: '1', quantity: '1', unitPrice: '100.10' }, { donationType: '2', quantity: '2', unitPrice: '0.125' }], '100.35', '100.10'],
  ])('%s', (_label, items, total, cash) => {
    const a = ok(computeCdAmounts(items));
    expect({ valorTotal: a.valorTotal, cashTotal: a.cashTotal }).toEqual({ valorTotal: total, cashTotal: cash });
  });
});

describe('NR — amounts as a CCF (prices without IVA)', () => {
  it.each([
    ['MH-API-NOTES: 2000.00 → IVA 260.00 → 2260.00', [{ type: '1', quantity: '1', unitCode: '59', unitPrice: '2000', tax: 'gravada' as const }], '2000.00', '260.00', '2260.00'],
    ['MH-API-NOTES: 65.09 − 15.01 → 50.08 → IVA 6.51 → 56.59', [{ type: '1', quantity: '1', unitCode: '59', unitPrice: '65.09', discount: '15.01', tax: 'gravada' as const }], '50.08', '6.51', '56.59'],
  ])('%s', (_label, items, subTotal, iva, total) => {
    const r = computeAmounts({ type: '03', items, isLargeTaxpayer: false });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect([r.value.summary.subTotal, r.value.summary.iva, r.value.summary.montoTotalOperacion]).toEqual([subTotal, iva, total]);
  });
});
