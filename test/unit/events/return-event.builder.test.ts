/**
 * The return event (fe-eret-v1) built from an original FE, FEX or FSE: official schema (file read
 * from ../shared), prorated discounts, exact totals and the per-line returnable balance.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDte } from '../../../src/domain/dte/builders/build-dte';
import { parseDocumentCreate } from '../../../src/domain/dte/document-create.schema';
import { compileOfficialSchema, createOfficialAjv } from '../../../src/domain/dte/schemas/decimal-multiple-of';
import { buildReturnEvent, returnableBalance, type ReturnEventInput } from '../../../src/domain/events/return-event.builder';
import { body, makeContext } from '../dte/dte-fixtures';
import { otherBody } from '../dte/other-types-fixtures';

type Json = Record<string, any>;
const OFFICIAL = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../shared/mh/schemas/2026/fe-eret-v1.json'), 'utf8').replace(/^\uFEFF/, ''));
const validate = compileOfficialSchema(createOfficialAjv(), OFFICIAL);
const CODE = 'E1B2C3D4-1111-4222-8333-444455556666';

function original(type: '01' | '11' | '14', b: Json): Json {
  const p = parseDocumentCreate(b);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  const r = buildDte(p.value, makeContext(type));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.json as Json;
}

const FE = original('01', body('01', {
  receiver: { name: 'Consumidor', documentType: '13', documentNumber: '01234567-8', email: 'c@correo.sv' },
  items: [
    { type: '1', description: 'Botellas', quantity: '10', unitCode: '59', unitPrice: '2.26', discount: '1.13', tax: 'gravada' },
    { type: '1', description: 'Libros', quantity: '3', unitCode: '59', unitPrice: '15.00', tax: 'exenta' },
    { type: '2', description: 'Abono por devolución de envases', quantity: '1', unitCode: '99', unitPrice: '-1.00', tax: 'no_gravado' },
  ],
}));

function input(o: Partial<ReturnEventInput> = {}): ReturnEventInput {
  return {
    environment: '00', generationCode: CODE, at: new Date('2026-03-12T18:00:00Z'),
    emitter: { nit: '06142803901121', name: 'Empresa Demo, S.A. de C.V.', establishmentCode: 'M001', pointOfSaleCode: 'P001' },
    original: { type: '01', generationCode: 'A1B2C3D4-1111-4222-8333-444455556666', issueDate: '2026-03-10', json: FE },
    lines: [{ numItem: 1, quantity: '4' }], returned: new Map(), ...o,
  };
}

function ok(i: ReturnEventInput) {
  const r = buildReturnEvent(i);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}

describe('buildReturnEvent', () => {
  it('FE: prorated discount, IVA contained in the price, official schema', () => {
    const r = ok(input({ lines: [{ numItem: 1, quantity: '4' }, { numItem: 2, quantity: '1' }] }));
    const j = r.json as Json;
    expect({ valid: validate(j), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(j.identificacion).toMatchObject({ version: 1, tipoEvento: '18', tipoModelo: 1, fecEmi: '2026-03-12', horEmi: '12:00:00', codigoGeneracion: CODE });
    expect(j.documentoRelacionado).toEqual([{ tipoDocumento: '01', codigoGeneracion: 'A1B2C3D4-1111-4222-8333-444455556666', fechaEmision: '2026-03-10' }]);
    expect(j.documento).toEqual({ tipoDocumento: '13', numDocumento: '01234567-8', nombre: 'Consumidor', codPais: null, nombrePais: null, telefono: null, correo: 'c@correo.sv' });
    // 1.13 discount on 10 → 0.452 on 4; 2.26 × 4 − 0.452 = 8.588; IVA inside = 8.588 × 0.13 / 1.13 = 0.988
    expect(j.cuerpoDocumento[0]).toMatchObject({ cantidad: 4, precioUni: 2.26, montoDescu: 0.452, ventaGravada: 8.588, ivaItem: 0.988, compra: 0 });
    expect(j.cuerpoDocumento[1]).toMatchObject({ cantidad: 1, ventaExenta: 15, ventaGravada: 0, ivaItem: 0 });
    expect(j.resumen).toMatchObject({ totalGravada: 8.59, totalExenta: 15, subTotalVentas: 23.59, montoTotalOperacion: 23.59, totalPagar: 23.59, totalIva: 0.99 });
    expect(r.totals).toEqual({ subtotal: '23.59', iva: '0.99', total: '23.59', totalInWords: 'VEINTITRÉS DÓLARES CON 59/100' });
    expect(r.lines).toEqual([{ numItem: 1, quantity: '4' }, { numItem: 2, quantity: '1' }]);
  });

  it.each([
    ['nothing returned yet', undefined, '10'],
    ['4 returned before', '4', '6'],
    ['all returned', '10', '0'],
  ])('returnable balance: %s', (_label, returned, balance) => {
    expect(returnableBalance('10', returned)).toBe(balance);
  });

  it.each([
    ['beyond the line balance', { lines: [{ numItem: 1, quantity: '7' }], returned: new Map([[1, '4']]) }, 'lines[0].quantity', 'return_exceeds_balance'],
    ['more than was sold', { lines: [{ numItem: 1, quantity: '10.00000001' }] }, 'lines[0].quantity', 'return_exceeds_balance'],
    ['a line the document does not have', { lines: [{ numItem: 9, quantity: '1' }] }, 'lines[0].numItem', 'invalid_reference'],
    ['a charge outside the tax base', { lines: [{ numItem: 3, quantity: '1' }] }, 'lines[0].numItem', 'not_returnable'],
    ['the same line twice', { lines: [{ numItem: 1, quantity: '1' }, { numItem: 1, quantity: '1' }] }, 'lines[1].numItem', 'duplicate_value'],
  ])('refuses %s', (_label, o, path, code) => {
    const r = buildReturnEvent(input(o as Partial<ReturnEventInput>));
    expect(r.ok ? [] : r.errors.map((e) => ({ path: e.path, code: e.code }))).toEqual([{ path, code }]);
  });

  it('the exact remaining balance can be returned (never negative afterwards)', () => {
    const r = ok(input({ lines: [{ numItem: 1, quantity: '6' }], returned: new Map([[1, '4']]) }));
    expect(r.lines).toEqual([{ numItem: 1, quantity: '6' }]);
    expect(returnableBalance('10', '10')).toBe('0');
  });

  it('FEX: exporter data copied, C3 at 0.00, freight and insurance emitted as 0', () => {
    const fex = original('11', otherBody('11'));
    const r = ok(input({ original: { type: '11', generationCode: 'A1B2C3D4-1111-4222-8333-444455556666', issueDate: '2026-03-10', json: fex }, lines: [{ numItem: 1, quantity: '10' }] }));
    const j = r.json as Json;
    expect(validate(j)).toBe(true);
    expect(j.emisor).toMatchObject({ recintoFiscal: '02', tipoRegimen: 'EX-1', regimen: '1000.000', tipoItemExpor: 1 });
    expect(j.documento).toMatchObject({ codPais: 'GT', nombrePais: 'Guatemala' });
    expect(j.resumen).toMatchObject({ totalGravada: 2455, tributos: [{ codigo: 'C3', valor: 0 }], totalSeguro: 0, totalFlete: 0, totalPagar: 2455 });
  });

  it('FSE: purchases returned with the original income-tax rate', () => {
    const fse = original('14', otherBody('14'));
    const r = ok(input({ original: { type: '14', generationCode: 'A1B2C3D4-1111-4222-8333-444455556666', issueDate: '2026-03-10', json: fse, rentaRate: '10' }, lines: [{ numItem: 1, quantity: '3' }] }));
    const j = r.json as Json;
    expect(validate(j)).toBe(true);
    expect(j.cuerpoDocumento[0]).toMatchObject({ compra: 75, ventaGravada: 0 });
    expect(j.resumen).toMatchObject({ totalCompraExcluidos: 75, subTotalVentas: 75, reteRenta: 7.5, totalPagar: 67.5 });
    expect(r.totals).toMatchObject({ subtotal: '75.00', iva: '0.00', total: '67.50' });
  });
});
