/**
 * NR, CR, CL, DCL, FEX, FSE and CD: the built JSON validates against MH's OFFICIAL 2026 schema files
 * read from ../shared (compiled here, independently of the engine's generated modules), every schema
 * key is present in schema order, and the sections carry what the request said.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildDte, type BuildResult } from '../../../src/domain/dte/builders/build-dte';
import { parseDocumentCreate, type DocumentCreateInput } from '../../../src/domain/dte/document-create.schema';
import type { ExtendedDteType } from '../../../src/domain/dte/dte.types';
import { compileOfficialSchema, createOfficialAjv } from '../../../src/domain/dte/schemas/decimal-multiple-of';
import { GENERATION_CODE, makeContext, type Body } from './dte-fixtures';
import { EXCLUDED_SELLER, FOREIGN_RECEIVER, RELATED_FE, otherBody } from './other-types-fixtures';
import { expectSchemaOrder } from './schema-order';

type Json = Record<string, any>;

const OFFICIAL_DIR = path.resolve(__dirname, '../../../../shared/mh/schemas/2026');
const FILES: Record<ExtendedDteType, string> = {
  '04': 'fe-nr-v4.json', '07': 'fe-cr-v2.json', '08': 'fe-cl-v2.json', '09': 'fe-dcl-v2.json', '11': 'fe-fex-v3.json', '14': 'fe-fse-v2.json', '15': 'fe-cd-v2.json',
};
const TYPES = Object.keys(FILES) as ExtendedDteType[];
const official = Object.fromEntries(TYPES.map((t) => [t, JSON.parse(readFileSync(path.join(OFFICIAL_DIR, FILES[t]), 'utf8').replace(/^\uFEFF/, ''))])) as Record<ExtendedDteType, Json>;
const ajv = createOfficialAjv();
const validators = Object.fromEntries(TYPES.map((t) => [t, compileOfficialSchema(ajv, official[t])]));

function parse(b: Body): DocumentCreateInput {
  const r = parseDocumentCreate(b);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

const ctxFor = (type: ExtendedDteType, o: Parameters<typeof makeContext>[1] = {}) => makeContext(type, o);

function build(type: ExtendedDteType, overrides: Body = {}, ctx = ctxFor(type)): BuildResult {
  return buildDte(parse(otherBody(type, overrides)), ctx);
}

function built(type: ExtendedDteType, overrides: Body = {}, ctx = ctxFor(type)): { json: Json; totals: Record<string, string> } {
  const r = build(type, overrides, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { json: r.json as Json, totals: r.totals as unknown as Record<string, string> };
}

describe('other DTE types — official 2026 schema and structure', () => {
  it.each(TYPES)('tipo %s: valid against the official file, every key present and in schema order', (type) => {
    const { json } = built(type);
    const validate = validators[type];
    expect({ valid: validate(json), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expectSchemaOrder(json, official[type]);
    expect(json.identificacion.tipoDte).toBe(type);
    expect(json.identificacion.codigoGeneracion).toBe(GENERATION_CODE);
  });

  it.each(['04', '07', '11', '14'] as const)('tipo %s may be born in contingency: modelo 2, operación 2, its type and reason', (type) => {
    const { json } = built(type, {}, ctxFor(type, { contingency: { type: 5, reason: 'Falla del proveedor de Internet' } }));
    expect(json.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 5, motivoContin: 'Falla del proveedor de Internet' });
    expect(validators[type](json)).toBe(true);
  });

  it.each(['08', '09', '15'] as const)('tipo %s has tipoModelo/tipoOperacion fixed to 1 and is never built as a contingency document', (type) => {
    const { json } = built(type);
    expect(json.identificacion).toMatchObject({ tipoModelo: 1, tipoOperacion: 1 });
    expect(json.identificacion).not.toHaveProperty('tipoContingencia');
    expect(() => build(type, {}, ctxFor(type, { contingency: { type: 1, reason: null } }))).toThrow(/no se emite en contingencia/);
  });

  it('NR: receiver with bienTitulo, CCF-like lines and no payments', () => {
    const { json, totals } = built('04');
    expect(json.receptor).toMatchObject({ tipoDocumento: '36', numDocumento: '06140101901234', bienTitulo: '04', codActividad: '46900' });
    expect(json.cuerpoDocumento[0]).toMatchObject({ ventaGravada: 250, tributos: ['20'] });
    expect(json.resumen).toMatchObject({ totalGravada: 250, totalExenta: 15, subTotal: 265, montoTotalOperacion: 297.5, tributos: [{ codigo: '20', valor: 32.5 }] });
    expect(json.resumen).not.toHaveProperty('pagos');
    expect(totals).toEqual({ subtotal: '265.00', iva: '32.50', total: '297.50', totalInWords: 'DOSCIENTOS NOVENTA Y SIETE DÓLARES CON 50/100' });
  });

  it('NR relating an earlier CCF: documentoRelacionado and the line reference', () => {
    const { json } = built('04', {
      relatedDocuments: [{ type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-01' }],
      items: [{ type: '1', description: 'Mercadería vendida', quantity: '2', unitCode: '59', unitPrice: '10', tax: 'gravada', relatedDocument: RELATED_FE }],
    }, ctxFor('04', { relatedDocuments: [{ type: '03', generationType: 2, number: RELATED_FE, issuedOn: '2026-03-01' }] }));
    expect(json.documentoRelacionado).toEqual([{ tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: RELATED_FE, fechaEmision: '2026-03-01' }]);
    expect(json.cuerpoDocumento[0].numeroDocumento).toBe(RELATED_FE);
  });

  it('CR: one line per document, paper documents with tipoGeneracion 1, totals of the withholding', () => {
    const { json, totals } = built('07', {
      withholdings: [
        { relatedDocument: { type: '03', generationCode: RELATED_FE.toLowerCase(), issuedOn: '2026-03-02' }, taxableAmount: '1500.00', code: '22' },
        { relatedDocument: { type: '14', generationCode: '000123', issuedOn: '2026-03-04' }, taxableAmount: '200.00', code: 'C4', description: 'Servicio de transporte' },
      ],
    });
    expect(json.cuerpoDocumento).toEqual([
      { numItem: 1, tipoDte: '03', tipoGeneracion: 2, numeroDocumento: RELATED_FE, fechaEmision: '2026-03-02', montoSujetoGrav: 1500, codigoRetencionMH: '22', ivaRetenido: 15, descripcion: null },
      { numItem: 2, tipoDte: '14', tipoGeneracion: 1, numeroDocumento: '000123', fechaEmision: '2026-03-04', montoSujetoGrav: 200, codigoRetencionMH: 'C4', ivaRetenido: 26, descripcion: 'Servicio de transporte' },
    ]);
    expect(json.resumen).toEqual({ totalSujetoRetencion: 1700, totalIva: 221, totalIvaRetenido: 41, totalLetras: 'CUARENTA Y UN DÓLARES CON 00/100', observaciones: null });
    expect(totals.total).toBe('41.00');
  });

  it('CL: receiver domicile, settled lines with their IVA and the perception total', () => {
    const { json, totals } = built('08', { receiver: { ...otherBody('08').receiver as Body, fiscalDomicile: '2' } });
    expect(json.receptor.codDomiciliado).toBe(2);
    expect(json.cuerpoDocumento[1]).toMatchObject({ tipoDte: '01', tipoGeneracion: 1, numeroDocumento: '150', ventaGravada: 200, ventaExenta: 50, ivaItem: 26, tributos: ['20'] });
    expect(json.resumen).toMatchObject({ subTotalVentas: 650, tributos: [{ codigo: '20', valor: 78 }], montoTotalOperacion: 728, ivaPerci: 4, total: 732, condicionOperacion: 1 });
    expect(totals).toMatchObject({ subtotal: '650.00', iva: '78.00', total: '732.00' });
  });

  it('DCL: one settlement object and the person responsible as extension', () => {
    const { json } = built('09');
    expect(json.receptor).toMatchObject({ nit: '06140101901234', tipoEstablecimiento: '01', correo: 'compras@cliente.com.sv' });
    expect(json.cuerpoDocumento).toMatchObject({
      periodoLiquidacionFechaInicio: '2026-03-01', periodoLiquidacionFechaFin: '2026-03-07', codLiquidacion: 'LIQ-2026-010', cantidadDoc: 42,
      valorOperaciones: 11300, montoSinPercepcion: 0, subTotal: 11300, iva: 1300, montoSujetoPercepcion: 10000, ivaPercibido: 200,
      comision: 250, porcentComision: 2.21, ivaComision: 32.5, liquidoApagar: 10817.5,
    });
    expect(json.extension).toEqual({ nombEntrega: 'Ana López', docuEntrega: '01234567-8', codEmpleado: null });
  });

  it('FEX: exporter data, receiver abroad, C3 at 0 %, freight and insurance in the total, cash payment', () => {
    const { json, totals } = built('11', { associatedDocuments: [{ code: '4', transport: { mode: '1', vehicleId: 'C-123456', driverDocument: '01234567-8', driverName: 'Juan Pérez' } }] });
    expect(json.emisor).toMatchObject({ tipoItemExpor: 1, recintoFiscal: '02', tipoRegimen: 'EX-1', regimen: '1000.000' });
    expect(json.receptor).toEqual({
      nombre: FOREIGN_RECEIVER.name, tipoDocumento: '37', numDocumento: 'GT-5523410', descActividad: FOREIGN_RECEIVER.activityDescription, nombreComercial: null,
      codPais: 'GT', nombrePais: 'Guatemala', complemento: FOREIGN_RECEIVER.foreignAddress, tipoPersona: 2, telefono: '50222334455', correo: 'compras@importadora.gt',
    });
    expect(json.otrosDocumentos).toEqual([{ codDocAsociado: 4, descDocumento: null, detalleDocumento: null, placaTrans: 'C-123456', modoTransp: 1, numConductor: '01234567-8', nombreConductor: 'Juan Pérez' }]);
    expect(json.cuerpoDocumento[1]).toMatchObject({ ventaGravada: 720, montoDescu: 30, tributos: ['C3'], noGravado: 0 });
    expect(json.resumen).toMatchObject({
      totalGravada: 25270, seguro: 120, flete: 350, tributos: [{ codigo: 'C3', valor: 0 }], montoTotalOperacion: 25740, totalPagar: 25740,
      codIncoterms: '09', descIncoterms: 'FOB-Libre a bordo', pagos: [{ codigo: '01', montoPago: 25740, referencia: null, plazo: null, periodo: null }],
    });
    expect(totals).toMatchObject({ subtotal: '25270.00', iva: '0.00', total: '25740.00' });
  });

  it('FEX of services only: tipoItemExpor 2, no customs data; credit sale without invented payment', () => {
    const { json } = built('11', {
      items: [{ type: '2', description: 'Desarrollo de software a la medida', quantity: '1', unitCode: '99', unitPrice: '8000' }],
      export: undefined,
      payment: { condition: '2' },
    });
    expect(json.emisor).toMatchObject({ tipoItemExpor: 2, recintoFiscal: null, regimen: null });
    expect(json.resumen).toMatchObject({ codIncoterms: null, descIncoterms: null, condicionOperacion: 2, pagos: null, tributos: [{ codigo: 'C3', valor: 0 }] });
  });

  it('FSE: the excluded subject as receiver, purchases and income-tax withholding', () => {
    const { json, totals } = built('14');
    expect(json.receptor).toMatchObject({ tipoDocumento: '13', numDocumento: EXCLUDED_SELLER.documentNumber, codActividad: null, descActividad: null });
    expect(json.cuerpoDocumento.map((i: Json) => i.compra)).toEqual([250, 30]);
    expect(json.resumen).toMatchObject({ totalCompra: 280, descu: 0, subTotal: 280, reteRenta: 28, totalPagar: 252 });
    expect(totals).toMatchObject({ subtotal: '280.00', iva: '0.00', total: '252.00' });
  });

  it('CD: the donee as emisor with its NIT, the donor with domicile and country, donation lines and cash payments', () => {
    const { json, totals } = built('15');
    expect(json.emisor).toMatchObject({ tipoDocumento: '36', numDocumento: '06142803901121' });
    expect(json.receptor).toMatchObject({ codDomiciliado: 1, codPais: 'SV', codActividad: null, descActividad: null, direccion: null });
    expect(json.otrosDocumentos).toEqual([{ codDocAsociado: 1, descDocumento: 'Resolución DGII 12-2025', detalleDocumento: 'Autorización como entidad donataria' }]);
    expect(json.cuerpoDocumento[1]).toMatchObject({ tipoDonacion: 2, cantidad: 3, valorUni: 400, tipoDepreciacion: 300, valor: 900 });
    expect(json.resumen).toEqual({ valorTotal: 2400, totalLetras: 'DOS MIL CUATROCIENTOS DÓLARES CON 00/100', pagos: [{ codigo: '01', montoPago: 1500, referencia: null }] });
    expect(totals).toMatchObject({ subtotal: '2400.00', total: '2400.00' });
  });
});
