import { buildDte } from '../../../src/domain/dte/builders/build-dte';
import { FE_RECEIVER_THRESHOLD_DEFAULT } from '../../../src/domain/dte/builders/build-context';
import { RAW_ISSUER_ID_FIELD, prepareRawDte } from '../../../src/domain/dte/builders/raw-dte';
import { parseDocumentCreate, type DocumentCreateInput } from '../../../src/domain/dte/document-create.schema';
import { ALL_DTE_TYPES, isExtendedDteType, type AnyDteType, type DteType, type Totals, type Warning } from '../../../src/domain/dte/dte.types';
import { OFFICIAL_SCHEMAS, schemaKindForDteType, validateOfficialJson } from '../../../src/domain/dte/schemas/official-schema-validator';
import { CCF_RECEIVER, GENERATION_CODE, RELATED_CCF, body, item, makeContext, type Body } from './dte-fixtures';
import { otherBody } from './other-types-fixtures';
import { expectSchemaOrder } from './schema-order';

type Json = Record<string, any>;

function parse(b: Body): DocumentCreateInput {
  const r = parseDocumentCreate(b);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

function build(type: DteType, overrides: Body = {}, ctx = makeContext(type)) {
  return buildDte(parse(body(type, overrides)), ctx);
}

function built(type: DteType, overrides: Body = {}, ctx = makeContext(type)): { json: Json; totals: Totals; warnings: Warning[] } {
  const r = build(type, overrides, ctx);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { json: r.json as Json, totals: r.totals, warnings: r.warnings };
}

function errorsOf(r: ReturnType<typeof buildDte>): { path: string; code: string }[] {
  if (r.ok) throw new Error('se esperaba un error');
  return r.errors.map(({ path, code }) => ({ path, code }));
}

describe('buildDte — structure of the official JSON', () => {
  it.each(['01', '03', '05', '06'] as const)('tipo %s: valid, every schema key present (nulls explicit) and in schema order', (type) => {
    const related = type === '05' || type === '06' ? { relatedDocument: RELATED_CCF } : {};
    const { json } = built(type, { items: [item({ quantity: '2', discount: '1.00', ...related }), item({ tax: 'exenta', ...related })] });
    expect(validateOfficialJson(schemaKindForDteType(type), json)).toEqual({ valid: true, errors: [] });
    expectSchemaOrder(json, OFFICIAL_SCHEMAS[schemaKindForDteType(type)] as Json);
    expect(json.apendice).toBeNull();
    expect(json.ventaTercero).toBeNull();
  });

  it('identificacion in normal operation, with El Salvador local date and time', () => {
    const { json } = built('03', {}, makeContext('03', { issuedAt: new Date('2026-03-11T03:15:09Z') }));
    expect(json.identificacion).toEqual({
      version: 4, ambiente: '00', tipoDte: '03', numeroControl: 'DTE-03-M001P001-000000000000001', codigoGeneracion: GENERATION_CODE,
      tipoModelo: 1, tipoOperacion: 1, tipoContingencia: null, motivoContin: null, fecEmi: '2026-03-10', horEmi: '21:15:09', tipoMoneda: 'USD',
    });
  });

  it('contingency documents carry modelo 2, operación 2, type and reason; NC/ND add fusion null', () => {
    const { json } = built('05', {}, makeContext('05', { contingency: { type: 5, reason: 'Falla del proveedor de Internet' } }));
    expect(json.identificacion).toMatchObject({
      version: 4, tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 5, motivoContin: 'Falla del proveedor de Internet', fusion: null,
    });
  });

  it('emisor: establishment address and codes; phone/e-mail of the establishment first', () => {
    const ctx = makeContext('01');
    ctx.establishment = { ...ctx.establishment, phone: '24440000', email: 'sucursal@demo.com.sv' };
    const { json } = built('01', {}, ctx);
    expect(json.emisor).toEqual({
      nit: '06142803901121', nrc: '1234567', nombre: 'Empresa Demo, S.A. de C.V.', codActividad: '62010', descActividad: 'Programación Informática',
      nombreComercial: 'Demo',
      direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Col. Escalón, Paseo General Escalón 123' },
      telefono: '24440000', correo: 'sucursal@demo.com.sv', codEstable: 'M001', codPuntoVenta: 'P001',
    });
  });

  it('NC/ND emisor has no establishment codes', () => {
    const { json } = built('06');
    expect(Object.keys(json.emisor)).not.toContain('codEstable');
  });

  it('FE without receiver → receptor null', () => {
    const { json } = built('01');
    expect(json.receptor).toBeNull();
  });

  it('FE receiver: absent fields are null', () => {
    const { json } = built('01', { receiver: { name: 'Juan Pérez', documentType: '13', documentNumber: '01234567-8', email: 'juan@correo.sv' } });
    expect(json.receptor).toEqual({
      tipoDocumento: '13', numDocumento: '01234567-8', nrc: null, nombre: 'Juan Pérez', codActividad: null, descActividad: null,
      direccion: null, telefono: null, correo: 'juan@correo.sv',
    });
  });

  it('CCF receptor: nit from a DUI without its dash; activity description from CAT-019', () => {
    const { json } = built('03', { receiver: { ...CCF_RECEIVER, documentType: '13', documentNumber: '01234567-8', nrc: undefined } });
    expect(json.receptor).toEqual({
      nit: '012345678', nrc: null, nombre: CCF_RECEIVER.name, codActividad: '46900', descActividad: 'Venta al por mayor de otros productos',
      nombreComercial: null, direccion: { departamento: '05', municipio: '25', distrito: '11', complemento: 'Zona Industrial, Bodega 4' },
      telefono: '25556666', correo: 'compras@cliente.com.sv',
    });
  });

  it('cuerpoDocumento per type', () => {
    expect(built('01').json.cuerpoDocumento[0]).toEqual({
      numItem: 1, tipoItem: 1, numeroDocumento: null, cantidad: 1, codigo: null, codTributo: null, uniMedida: 59, descripcion: 'Producto',
      precioUni: 10, montoDescu: 0, ventaNoSuj: 0, ventaExenta: 0, ventaGravada: 10, tributos: null, psv: 0, noGravado: 0, ivaItem: 1.15044248,
    });
    expect(built('03', { items: [item({ code: 'SKU-1' })] }).json.cuerpoDocumento[0]).toEqual({
      numItem: 1, tipoItem: 1, numeroDocumento: null, codigo: 'SKU-1', codTributo: null, descripcion: 'Producto', cantidad: 1, uniMedida: 59,
      precioUni: 10, montoDescu: 0, ventaNoSuj: 0, ventaExenta: 0, ventaGravada: 10, tributos: ['20'], psv: 0, noGravado: 0,
    });
    expect(built('05').json.cuerpoDocumento[0]).toEqual({
      numItem: 1, tipoItem: 1, numeroDocumento: RELATED_CCF, cantidad: 1, codigo: null, codTributo: null, uniMedida: 59, descripcion: 'Producto',
      precioUni: 10, montoDescu: 0, ventaNoSuj: 0, ventaExenta: 0, ventaGravada: 10, tributos: ['20'], noGravado: 0, ivaPerci: 0, totalIva: 1.3, ivaRete: 0,
    });
  });

  it('CCF resumen of MH example 65.09 − 15.01', () => {
    const { json, totals } = built('03', { items: [item({ unitPrice: '65.09', discount: '15.01' })] });
    expect(json.resumen).toEqual({
      totalNoSuj: 0, totalExenta: 0, totalGravada: 50.08, subTotalVentas: 50.08, descuNoSuj: 0, descuExenta: 0, descuGravada: 0,
      porcentajeDescuento: 0, totalDescu: 15.01, tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 6.51 }],
      subTotal: 50.08, ivaPerci: 0, ivaRete: 0, montoTotalOperacion: 56.59, totalNoGravado: 0, totalPagar: 56.59,
      totalLetras: 'CINCUENTA Y SEIS DÓLARES CON 59/100', saldoFavor: 0, condicionOperacion: 1,
      pagos: [{ codigo: '01', montoPago: 56.59, referencia: null, plazo: null, periodo: null }], numPagoElectronico: null, observaciones: null,
    });
    expect(totals).toEqual({ subtotal: '50.08', iva: '6.51', total: '56.59', totalInWords: 'CINCUENTA Y SEIS DÓLARES CON 59/100' });
  });

  it('FE resumen: totalIva informative, no tributo 20', () => {
    const { json, totals } = built('01', { items: [item({ unitPrice: '113.00' })] });
    expect(json.resumen).toMatchObject({ totalGravada: 113, subTotal: 113, tributos: null, totalIva: 13, montoTotalOperacion: 113, totalPagar: 113 });
    expect(totals).toEqual({ subtotal: '113.00', iva: '13.00', total: '113.00', totalInWords: 'CIENTO TRECE DÓLARES CON 00/100' });
  });

  it('NC resumen with withholding: codigoRetencionMH 22, no pagos', () => {
    const { json } = built('05', { items: [item({ unitPrice: '200.00', relatedDocument: RELATED_CCF })], withholding: { iva1: true }, notes: 'Devolución' });
    expect(json.resumen).toEqual({
      totalNoSuj: 0, totalExenta: 0, totalGravada: 200, subTotalVentas: 200, totalDescu: 0,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 26 }],
      montoTotalOperacion: 226, ivaPerci: 0, totalIva: 26, ivaRete: 2, totalNoGravado: 0, totalPagar: 224,
      totalLetras: 'DOSCIENTOS VEINTICUATRO DÓLARES CON 00/100', condicionOperacion: 1, observaciones: 'Devolución', codigoRetencionMH: '22',
    });
  });

  it('ND resumen has numPagoElectronico null and condition from payment.condition', () => {
    const { json } = built('06', { payment: { condition: '2' } });
    expect(json.resumen).toMatchObject({ condicionOperacion: 2, numPagoElectronico: null, codigoRetencionMH: null });
  });

  it('documentoRelacionado from the context; apendice from appendix', () => {
    const { json } = built('05', { appendix: [{ field: 'vendedor', label: 'Vendedor', value: 'Ana' }] });
    expect(json.documentoRelacionado).toEqual([{ tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: RELATED_CCF, fechaEmision: '2026-02-01' }]);
    expect(json.apendice).toEqual([{ campo: 'vendedor', etiqueta: 'Vendedor', valor: 'Ana' }]);
  });

  it('perception by a large taxpayer on a CCF', () => {
    const ctx = makeContext('03');
    ctx.emitter = { ...ctx.emitter, isLargeTaxpayer: true };
    const { json, totals } = built('03', { items: [item({ unitPrice: '1000.00' })], perception: true }, ctx);
    expect(json.resumen).toMatchObject({ ivaPerci: 10, montoTotalOperacion: 1130, totalPagar: 1140 });
    expect(totals.total).toBe('1140.00');
  });

  it('returns the withholding warning', () => {
    const r = built('03', { withholding: { iva1: true } });
    expect(r.warnings).toEqual([expect.objectContaining({ code: 'withholding_below_threshold' })]);
    expect(r.json.resumen.ivaRete).toBe(0);
  });
});

describe('buildDte — payment', () => {
  it('given methods become pagos', () => {
    const { json } = built('01', {
      items: [item({ unitPrice: '474.60' })],
      payment: { condition: '3', methods: [
        { code: '02', amount: '174.60', reference: '123456' },
        { code: '02', amount: '300.00', term: '02', period: 2 },
      ] },
    });
    expect(json.resumen.condicionOperacion).toBe(3);
    expect(json.resumen.pagos).toEqual([
      { codigo: '02', montoPago: 174.6, referencia: '123456', plazo: null, periodo: null },
      { codigo: '02', montoPago: 300, referencia: null, plazo: '02', periodo: 2 },
    ]);
  });

  // A credit (2) or other (3) sale is not paid in cash: without methods, pagos is null (the schema allows it).
  it.each([
    ['FE', '01', undefined, 1, [{ codigo: '01', montoPago: 10, referencia: null, plazo: null, periodo: null }]],
    ['FE', '01', { condition: '1' }, 1, [{ codigo: '01', montoPago: 10, referencia: null, plazo: null, periodo: null }]],
    ['FE', '01', { condition: '2' }, 2, null],
    ['FE', '01', { condition: '3' }, 3, null],
    ['CCF', '03', undefined, 1, [{ codigo: '01', montoPago: 11.3, referencia: null, plazo: null, periodo: null }]],
    ['CCF', '03', { condition: '1' }, 1, [{ codigo: '01', montoPago: 11.3, referencia: null, plazo: null, periodo: null }]],
    ['CCF', '03', { condition: '2' }, 2, null],
    ['CCF', '03', { condition: '3' }, 3, null],
    ['CCF on credit with its terms given', '03', { condition: '2', methods: [{ code: '99', amount: '11.30', reference: 'Crédito 30 días', term: '01', period: 30 }] }, 2,
      [{ codigo: '99', montoPago: 11.3, referencia: 'Crédito 30 días', plazo: '01', periodo: 30 }]],
  ] as const)('%s, payment %j: condicionOperacion %d, pagos %j', (_label, type, payment, condition, pagos) => {
    const { json } = built(type, payment === undefined ? {} : { payment });
    expect(json.resumen.condicionOperacion).toBe(condition);
    expect(json.resumen.pagos).toEqual(pagos);
    expect(validateOfficialJson(schemaKindForDteType(type), json)).toEqual({ valid: true, errors: [] });
  });

  it('methods must add up to the total', () => {
    expect(errorsOf(build('03', { payment: { condition: '1', methods: [{ code: '01', amount: '11.00' }] } })))
      .toEqual([{ path: 'payment.methods', code: 'payment_total_mismatch' }]);
  });
});

describe('buildDte — FE receiver threshold', () => {
  const ctx = makeContext('01', { feReceiverThreshold: '1000.00' });
  it('the default threshold is the spec figure', () => {
    expect(FE_RECEIVER_THRESHOLD_DEFAULT).toBe('25000.00');
  });
  it('at the threshold without receiver → receiver_required', () => {
    expect(errorsOf(build('01', { items: [item({ unitPrice: '1000.00' })] }, ctx))).toEqual([{ path: 'receiver', code: 'receiver_required' }]);
  });
  it('at the threshold with an incomplete receiver → names the missing fields', () => {
    expect(errorsOf(build('01', { items: [item({ unitPrice: '1000.00' })], receiver: { name: 'Juan' } }, ctx))).toEqual([
      { path: 'receiver.documentType', code: 'receiver_required' },
      { path: 'receiver.documentNumber', code: 'receiver_required' },
    ]);
  });
  it('one cent below → accepted with receptor null', () => {
    expect(built('01', { items: [item({ unitPrice: '999.99' })] }, ctx).json.receptor).toBeNull();
  });
  it('at the threshold with name and ID → accepted', () => {
    const r = built('01', { items: [item({ unitPrice: '1000.00' })], receiver: { name: 'Juan', documentType: '13', documentNumber: '01234567-8' } }, ctx);
    expect(r.json.receptor.nombre).toBe('Juan');
  });
});

describe('buildDte — context problems', () => {
  it('an issuer without phone cannot issue (MH requires emisor.telefono)', () => {
    const ctx = makeContext('03');
    ctx.emitter = { ...ctx.emitter, phone: null };
    expect(errorsOf(build('03', {}, ctx))).toEqual([{ path: 'emitter.phone', code: 'emitter_incomplete' }]);
  });

  it('perception refused for an issuer that is not a large taxpayer', () => {
    expect(errorsOf(build('03', { perception: true }))).toEqual([{ path: 'perception', code: 'perception_not_allowed' }]);
  });

  it('NC whose related documents the caller could not resolve', () => {
    expect(errorsOf(build('05', {}, makeContext('05', { relatedDocuments: [] })))).toEqual([
      { path: 'relatedDocuments', code: 'required' },
      { path: 'items[0].relatedDocument', code: 'invalid_reference' },
    ]);
  });

  // Refused naming the field it comes from (REST: items[3].unit_price), or the line for a computed amount; never altered.
  it.each([
    ['a quantity', '03', [item(), item({ quantity: '9999999999.99999999', unitPrice: '1' })], 'items[1].quantity', '9999999999.99999999'],
    ['a unit price', '01', [item(), item(), item(), item({ unitPrice: '100000000.00000002' })], 'items[3].unitPrice', '100000000.00000002'],
    ['a discount', '03', [item(), item({ unitPrice: '200000000', discount: '100000000.00000002' })], 'items[1].discount', '100000000.00000002'],
    ['a line amount computed from two representable ones', '01', [item({ quantity: '1.5', unitPrice: '66666666.6666667' })], 'items[0]', '100000000.00000005'],
  ] as const)('an amount a JSON number cannot carry exactly (%s) is refused naming its field', (_label, type, items, path, value) => {
    const r = build(type, { items: [...items] }, makeContext(type, { feReceiverThreshold: '1e12' }));
    expect(r).toEqual({
      ok: false,
      errors: [{ path, code: 'amount_not_representable', message: `El monto ${value} no se puede representar exactamente como número JSON; reduzca los decimales o el monto.` }],
    });
  });

  it('a control number of another type is a caller bug (thrown)', () => {
    expect(() => buildDte(parse(body('03')), makeContext('01'))).toThrow(/BUG/);
  });

  it('output failing the official schema is a bug (thrown, never a user error)', () => {
    expect(() => build('03', {}, makeContext('03', { generationCode: GENERATION_CODE.toLowerCase() })))
      .toThrow(/BUG: el DTE construido no cumple el esquema oficial fe-ccf-v4: identificacion.codigoGeneracion/);
  });
});

describe('prepareRawDte', () => {
  function rawCcf(): Json {
    const { json } = built('03');
    return JSON.parse(JSON.stringify(json)) as Json;
  }

  it('fills numeroControl and codigoGeneracion when null or absent, validates, returns totals', () => {
    const raw = rawCcf();
    raw.identificacion.numeroControl = null;
    delete raw.identificacion.codigoGeneracion;
    const ctx = makeContext('03', { controlNumber: 'DTE-03-M001P001-000000000000077', generationCode: 'C0C0C0C0-1111-4222-8333-444455556666' });
    const r = prepareRawDte(raw, ctx);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.json.identificacion).toMatchObject({ numeroControl: 'DTE-03-M001P001-000000000000077', codigoGeneracion: 'C0C0C0C0-1111-4222-8333-444455556666' });
    expect(Object.keys(r.json.identificacion as Json)).toEqual(Object.keys(rawCcf().identificacion));
    expect(r.totals).toEqual({ subtotal: '10.00', iva: '1.30', total: '11.30', totalInWords: 'ONCE DÓLARES CON 30/100' });
    expect(raw.identificacion.numeroControl).toBeNull();
  });

  it('keeps the codes the raw document carries', () => {
    const raw = rawCcf();
    raw.identificacion.numeroControl = 'DTE-03-S002P003-000000000000009';
    const r = prepareRawDte(raw, makeContext('03'));
    expect(r.ok && (r.json.identificacion as Json).numeroControl).toBe('DTE-03-S002P003-000000000000009');
  });

  it.each([
    ['another type', (j: Json) => { j.identificacion.tipoDte = '01'; }, [{ path: 'raw.identificacion.tipoDte', code: 'value_mismatch' }]],
    ['an old version', (j: Json) => { j.identificacion.version = 3; }, [{ path: 'raw.identificacion.version', code: 'value_mismatch' }]],
    ['another environment', (j: Json) => { j.identificacion.ambiente = '01'; }, [{ path: 'raw.identificacion.ambiente', code: 'value_mismatch' }]],
    ['another issuer', (j: Json) => { j.emisor.nit = '06140000000000'; }, [{ path: 'raw.emisor.nit', code: 'emitter_mismatch' }]],
    ['a schema violation', (j: Json) => { j.cuerpoDocumento[0].precioUni = 1.234567891; }, [{ path: 'raw.cuerpoDocumento[0].precioUni', code: 'schema_violation' }]],
    ['an extra field', (j: Json) => { j.resumen.reteRenta = 0; }, [{ path: 'raw.resumen.reteRenta', code: 'schema_violation' }]],
    ['no identificacion', (j: Json) => { delete j.identificacion; }, [{ path: 'raw.identificacion', code: 'required' }]],
  ])('refuses %s', (_label, mutate, expected) => {
    const raw = rawCcf();
    mutate(raw);
    expect(errorsOf(prepareRawDte(raw, makeContext('03')))).toEqual(expected);
  });

  /** The JSON the engine builds for a type, as a dry run answers it. */
  function ownJson(type: AnyDteType): Json {
    const r = isExtendedDteType(type) ? buildDte(parse(otherBody(type)), makeContext(type)) : build(type);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return JSON.parse(JSON.stringify(r.json)) as Json;
  }

  it.each([
    ['01', 'nit'], ['03', 'nit'], ['04', 'nit'], ['05', 'nit'], ['06', 'nit'], ['07', 'nit'],
    ['08', 'nit'], ['09', 'nit'], ['11', 'nit'], ['14', 'nit'], ['15', 'numDocumento'],
  ] as const)('tipo %s: its own built JSON comes back accepted; the issuer is read from emisor.%s', (type, field) => {
    expect(RAW_ISSUER_ID_FIELD[type]).toBe(field);
    const emisorKeys = Object.keys((OFFICIAL_SCHEMAS[schemaKindForDteType(type)] as Json).properties.emisor.properties);
    expect(emisorKeys).toContain(field);
    const own = ownJson(type);
    const accepted = prepareRawDte(own, makeContext(type));
    expect(accepted.ok ? accepted.json : accepted.errors).toEqual(own);
    const other = ownJson(type);
    other.emisor[field] = '06140000000000';
    expect(prepareRawDte(other, makeContext(type))).toEqual({
      ok: false, errors: [{ path: `raw.emisor.${field}`, code: 'emitter_mismatch', message: 'El NIT del documento no es el del emisor de la solicitud.' }],
    });
  });

  it('the table covers every CAT-002 type', () => {
    expect(Object.keys(RAW_ISSUER_ID_FIELD).sort()).toEqual([...ALL_DTE_TYPES].sort());
  });

  it('buildDte delegates a raw body', () => {
    const input = parse({ emitterId: 'e', type: '03', establishment: 'M001', pointOfSale: 'P001', raw: rawCcf() });
    const r = buildDte(input, makeContext('03'));
    expect(r.ok).toBe(true);
  });
});
