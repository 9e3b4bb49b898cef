/** The special-operations event (fe-eop-v1): official schema (file from ../shared), totals and line rules. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileOfficialSchema, createOfficialAjv } from '../../../src/domain/dte/schemas/decimal-multiple-of';
import { buildSpecialOperationEvent, type SpecialOperationLineInput } from '../../../src/domain/events/special-operation-event.builder';

type Json = Record<string, any>;
const OFFICIAL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../shared/mh/schemas/2026/fe-eop-v1.json'), 'utf8').replace(/^\uFEFF/, ''));
const validate = compileOfficialSchema(createOfficialAjv(), OFFICIAL);
const FVS: SpecialOperationLineInput = { documentType: '02', rangeFrom: '0001', rangeTo: '0150', issuedOn: '2026-02-27', quantity: 150, description: 'Facturas de venta simplificada', gravada: '1500.00', exenta: '12.34' };
const VOUCHER: SpecialOperationLineInput = { documentType: '97', documentNumber: 'CCI-000123', issuedOn: '2026-02-28', quantity: 1, description: 'Comprobante de control interno', noSujeta: '20.00' };

function build(lines: SpecialOperationLineInput[]) {
  return buildSpecialOperationEvent({ environment: '00', generationCode: 'F1B2C3D4-1111-4222-8333-444455556666', at: new Date('2026-03-05T15:00:00Z'), emitter: { nit: '06142803901121', name: 'Empresa Demo' }, lines });
}

describe('buildSpecialOperationEvent', () => {
  it('a range of simplified invoices and an internal voucher: official schema and exact totals', () => {
    const r = build([FVS, VOUCHER]);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const j = r.json as Json;
    expect({ valid: validate(j), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(j.identificacion).toEqual({ version: 1, ambiente: '00', tipoModelo: 1, tipoOperacion: 1, tipoEvento: '17', codigoGeneracion: 'F1B2C3D4-1111-4222-8333-444455556666', fecEmi: '2026-03-05', horEmi: '09:00:00', tipoMoneda: 'USD' });
    expect(j.cuerpoDocumento[0]).toEqual({
      numItem: 1, codigoGeneracionRef: null, tipoDocumento: '02', numDocumento: null, fechaEmision: '2026-02-27', cantidad: 150, descripcion: 'Facturas de venta simplificada',
      docDel: '0001', docAl: '0150', precioUni: 10.08226667, ventaNoSuj: 0, ventaExenta: 12.34, ventaGravada: 1500, tributos: null,
    });
    expect(j.resumen).toEqual({ totalNoSuj: 20, totalExenta: 12.34, totalGravada: 1500, subTotal: 1532.34, tributos: null, total: 1532.34, totalLetras: 'MIL QUINIENTOS TREINTA Y DOS DÓLARES CON 34/100' });
    expect(r.totals).toEqual({ subtotal: '1532.34', iva: '0.00', total: '1532.34', totalInWords: 'MIL QUINIENTOS TREINTA Y DOS DÓLARES CON 34/100' });
  });

  it.each([
    ['a simplified-invoice line without its range', { ...FVS, rangeTo: undefined }, 'lines[0].rangeTo', 'required'],
    ['a voucher without its number', { ...VOUCHER, documentNumber: undefined }, 'lines[0].documentNumber', 'required'],
    ['a voucher with a quantity of 2', { ...VOUCHER, quantity: 2 }, 'lines[0].quantity', 'invalid_combination'],
    ['a line with no value', { ...VOUCHER, noSujeta: undefined }, 'lines[0].gravada', 'required'],
    ['a document dated after the event', { ...VOUCHER, issuedOn: '2026-03-06' }, 'lines[0].issuedOn', 'out_of_range'],
    ['a range that starts after it ends', { ...FVS, rangeFrom: '0150', rangeTo: '0001' }, 'lines[0].rangeFrom', 'out_of_range'],
    ['a quantity the range does not span', { ...FVS, quantity: 149 }, 'lines[0].quantity', 'invalid_combination'],
    ['a quantity over the range', { ...FVS, rangeTo: '0003', quantity: 4 }, 'lines[0].quantity', 'invalid_combination'],
    ['letters in the first number', { ...FVS, rangeFrom: 'A001' }, 'lines[0].rangeFrom', 'invalid_format'],
    ['a sign in the last number', { ...FVS, rangeTo: '-150' }, 'lines[0].rangeTo', 'invalid_format'],
    ['a decimal point in the last number', { ...FVS, rangeTo: '150.0' }, 'lines[0].rangeTo', 'invalid_format'],
  ])('refuses %s', (_label, line, path, code) => {
    const r = build([line as SpecialOperationLineInput]);
    expect(r.ok ? [] : r.errors.map((e) => ({ path: e.path, code: e.code }))).toEqual([{ path, code }]);
  });
});
