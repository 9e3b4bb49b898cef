/**
 * The shortcuts that make building + validating cheaper than a signature give the same answers as
 * the straightforward versions they replaced (kept here as references).
 */
import Decimal from 'decimal.js';
import { z } from 'zod';
import { buildDte } from '../../../src/domain/dte/builders/build-dte';
import { jsonNumber } from '../../../src/domain/dte/builders/json-number';
import { orderBySchema } from '../../../src/domain/dte/builders/schema-key-order';
import { decimalString, optional } from '../../../src/domain/dte/document-create-fields';
import { parseDocumentCreate } from '../../../src/domain/dte/document-create.schema';
import type { DteType } from '../../../src/domain/dte/dte.types';
import {
  compileOfficialSchema, createOfficialAjv, decimalPlaces, hasAtMostDecimalPlaces,
} from '../../../src/domain/dte/schemas/decimal-multiple-of';
import {
  OFFICIAL_SCHEMAS, mapAjvErrors, schemaKindForDteType, validateOfficialJson,
} from '../../../src/domain/dte/schemas/official-schema-validator';
import { CCF_RECEIVER, RELATED_CCF, body, item, makeContext, type Body } from './dte-fixtures';

type Json = Record<string, any>;

/** decimalPlaces as first written: through the number's string. */
function referenceDecimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
  const [mantissa, exponent] = String(value).split('e');
  const dot = mantissa.indexOf('.');
  const fraction = dot === -1 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, fraction - (exponent === undefined ? 0 : Number(exponent)));
}

/** Deterministic doubles: raw bit patterns, decimals of every size, and near-misses of decimals. */
function doubles(count: number): number[] {
  let state = 7;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const view = new DataView(new ArrayBuffer(8));
  const out = [0, -0, NaN, Infinity, -Infinity, 1e21, 1e-7, 1.5e-10, 5e-324, Number.MAX_VALUE, 0.1 + 0.2, 4.42477876, 9999999.99999999, 12345678.12345678];
  while (out.length < count) {
    const kind = next();
    if (kind < 0.3) {
      view.setUint32(0, Math.floor(next() * 2 ** 32));
      view.setUint32(4, Math.floor(next() * 2 ** 32));
      out.push(view.getFloat64(0));
    } else {
      const digits = Math.floor(next() * 10 ** (1 + Math.floor(next() * 16)));
      const value = Number(`${next() < 0.3 ? '-' : ''}${digits}e-${Math.floor(next() * 12)}`);
      out.push(kind < 0.85 ? value : value + (next() - 0.5) * 1e-9);
    }
  }
  return out;
}

describe('decimal-safe multipleOf without strings', () => {
  it('hasAtMostDecimalPlaces(v, p) is decimalPlaces(v) <= p, and decimalPlaces is unchanged', () => {
    const mismatches: string[] = [];
    for (const value of doubles(60000)) {
      const places = referenceDecimalPlaces(value);
      if (decimalPlaces(value) !== places) mismatches.push(`decimalPlaces(${value})`);
      for (const p of [0, 1, 2, 5, 8, 15, 22, 30]) {
        if (hasAtMostDecimalPlaces(value, p) !== places <= p) mismatches.push(`${value} with ${p} places`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('validateOfficialJson (quick verdict, full report only when invalid)', () => {
  const full = Object.fromEntries((['01', '03', '05', '06'] as const).map((t) => [t, compileOfficialSchema(createOfficialAjv(), OFFICIAL_SCHEMAS[schemaKindForDteType(t)])]));

  function builtJson(type: DteType): Json {
    const related = type === '05' || type === '06' ? { relatedDocument: RELATED_CCF } : {};
    const parsed = parseDocumentCreate(body(type, { items: [item({ quantity: '2.5', discount: '1.00', ...related }), item({ tax: 'exenta', ...related })] }));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const r = buildDte(parsed.value, makeContext(type));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.json as Json;
  }

  const breakages: [string, (j: Json) => void][] = [
    ['untouched', () => undefined],
    ['float noise in an amount', (j) => { j.cuerpoDocumento[0].precioUni = 0.1 + 0.2; }],
    ['too many decimals and a string', (j) => { j.cuerpoDocumento[0].cantidad = 1e-9; j.resumen.totalPagar = '1'; }],
    ['missing and extra fields', (j) => { delete j.resumen.totalLetras; j.sobrante = true; j.cuerpoDocumento[1].x = 1; }],
    ['bad patterns and ranges', (j) => { j.emisor.nit = 'x'; j.resumen.totalDescu = 100000000000; j.identificacion.fecEmi = '2026-02-30'; }],
  ];

  it.each(['01', '03', '05', '06'] as const)('tipo %s: same verdict and errors as the all-errors validator', (type) => {
    for (const [, breakIt] of breakages) {
      const json = builtJson(type);
      breakIt(json);
      const reference = full[type](json) as boolean;
      expect(validateOfficialJson(schemaKindForDteType(type), json)).toEqual({
        valid: reference, errors: reference ? [] : mapAjvErrors(full[type].errors),
      });
    }
  });
});

describe('section builders write the schema order themselves', () => {
  const related = { relatedDocument: RELATED_CCF };
  const variants: [DteType, Body][] = [
    ['01', {}],
    ['01', { receiver: { name: 'Ana', documentType: '13', documentNumber: '01234567-8', address: CCF_RECEIVER.address }, withholding: { iva1: true } }],
    ['01', { items: [item({ unitPrice: '226.00', taxes: ['59'] }), item({ type: '2', unitCode: '99', tax: 'no_gravado', unitPrice: '-1.00' })], globalDiscount: { gravada: '10.00' } }],
    ['03', { items: [item({ quantity: '10', unitCode: '22', unitPrice: '4.00', taxes: ['D1', 'C8'] }), item({ type: '4', unitCode: '99', unitPrice: '32.00', taxes: ['57'] })] }],
    ['03', { payment: { condition: '2', methods: [{ code: '01', amount: '11.30' }] }, notes: 'Nota', appendix: [{ field: 'pedido', label: 'Pedido', value: 'PO-1' }] }],
    ['03', { items: [item({ unitPrice: '1000.00', taxes: ['71'] })], perception: true }],
    ['03', { items: [item({ unitPrice: '1000.00', taxes: ['59'] })], withholding: { iva1: true }, globalDiscount: { gravada: '100.00' } }],
    ['05', { items: [item({ unitPrice: '200.00', ...related })], withholding: { iva1: true } }],
    ['06', { items: [item({ unitPrice: '5.00', ...related }), item({ tax: 'no_sujeta', ...related })], notes: 'Ajuste' }],
  ];

  it.each(variants)('tipo %s %j', (type, overrides) => {
    const parsed = parseDocumentCreate(body(type, overrides));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const emitter = { ...makeContext(type).emitter, isLargeTaxpayer: true };
    for (const ctx of [makeContext(type, { emitter }), makeContext(type, { emitter, contingency: { type: 2, reason: 'Sin conexión' } })]) {
      const r = buildDte(parsed.value, ctx);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const ordered = orderBySchema(r.json, OFFICIAL_SCHEMAS[schemaKindForDteType(type)]);
      expect(JSON.stringify(r.json)).toBe(JSON.stringify(ordered));
    }
  });
});

describe('document body helpers', () => {
  /** optional() as first written: a transform after the nullish schema. */
  const referenceOptional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => (v === null ? undefined : v));
  const fields = (wrap: <T extends z.ZodType>(s: T) => z.ZodType) =>
    z.strictObject({ a: wrap(z.string().trim().min(2)), b: wrap(z.strictObject({ c: wrap(z.number()) })), d: wrap(z.array(z.string())) });

  it.each([
    {}, { a: null }, { a: ' xy ' }, { a: 'x' }, { a: 5 }, { b: null }, { b: {} }, { b: { c: null } }, { b: { c: 'x' } },
    { a: undefined, d: [] }, { d: null, e: 1 }, null,
  ])('optional(): same result as nullish + transform for %j', (input) => {
    const opts = { reportInput: true };
    const ours = fields(optional).safeParse(input, opts);
    const reference = fields(referenceOptional).safeParse(input, opts);
    expect(ours.success).toBe(reference.success);
    if (ours.success && reference.success) {
      expect(ours.data).toStrictEqual(reference.data);
      expect(Object.keys(ours.data as object)).toEqual(Object.keys(reference.data as object));
    } else {
      expect(JSON.stringify(ours.error?.issues)).toBe(JSON.stringify(reference.error?.issues));
    }
  });

  it('optional(): same input JSON Schema as nullish + transform (the OpenAPI body)', () => {
    expect(z.toJSONSchema(fields(optional), { io: 'input' })).toEqual(z.toJSONSchema(fields(referenceOptional), { io: 'input' }));
  });

  /** decimalString's checks as first written. */
  function referenceDecimalIssue(v: string, sign: 'any' | 'non_negative' | 'positive', places: number): string | null {
    if (!/^-?\d+(\.\d{1,8})?$/.test(v)) return 'invalid_format';
    const [whole, fraction = ''] = v.replace('-', '').split('.');
    if (fraction.length > places) return 'invalid_format:places';
    const negative = v.startsWith('-') && /[1-9]/.test(v);
    const zero = !/[1-9]/.test(v);
    if (sign !== 'any' && negative) return 'out_of_range:negative';
    if (sign === 'positive' && zero) return 'out_of_range:zero';
    if (whole.replace(/^0+(?=\d)/, '').length > 11) return 'out_of_range:limit';
    return null;
  }

  it('decimalString: same verdict as the first implementation', () => {
    const samples = ['0', '-0', '0.0', '-0.00', '1', '-1', '00001.5', '1.123456789', '1.12345678', '99999999999.99999999', '100000000000',
      '000000000001', '000099999999999', '0099999999999.5', '1e5', '.5', '5.', '+5', ' 5', '', '-', '-.5', 'abc', '0.00000001', '-0.00000001',
      '12345678901234567890', '1.10', '-12.50', '0.005', '-00.000', '10.1', '7'];
    const messages: Record<string, string> = {
      invalid_format: 'Debe ser un número decimal en texto (dígitos, punto y hasta 8 decimales), p. ej. "12.50".',
      'out_of_range:negative': 'No puede ser negativo.',
      'out_of_range:zero': 'Debe ser mayor que cero.',
      'out_of_range:limit': 'Debe ser menor que 100000000000 (máximo de MH).',
    };
    for (const sign of ['any', 'non_negative', 'positive'] as const) {
      for (const places of [2, 8] as const) {
        const schema = decimalString({ sign, places });
        for (const v of samples) {
          const expected = referenceDecimalIssue(v, sign, places);
          const r = schema.safeParse(v);
          const got = r.success ? null : r.error.issues.map((i) => `${(i as { params?: { code?: string } }).params?.code}|${i.message}`).join(';');
          const want = expected === null ? null
            : expected === 'invalid_format:places' ? `invalid_format|Admite como máximo ${places} decimales.`
              : `${expected.split(':')[0]}|${messages[expected]}`;
          expect({ sign, places, v, got }).toEqual({ sign, places, v, got: want });
        }
      }
    }
  });

  /** jsonNumber as first written. */
  function referenceJsonNumber(value: string): number | 'unrepresentable' {
    const n = Number(value);
    if (!Number.isFinite(n)) return 'unrepresentable';
    if (value.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length <= 15) return n;
    return new Decimal(String(n)).eq(value) ? n : 'unrepresentable';
  }

  it.each(['0', '1.5', '-0.5', '0.00000001', '123456789012345', '1234567890123456', '12345678901234.56', '0.1234567890123456',
    '-1234567890.12345678', '99999999999.99999999', '9007199254740993', '000000000000000001.5', '', 'abc', 'Infinity'])(
    'jsonNumber(%j) as first written', (value) => {
      let got: number | 'unrepresentable';
      try {
        got = jsonNumber(value);
      } catch {
        got = 'unrepresentable';
      }
      expect(got).toBe(referenceJsonNumber(value));
    },
  );
});
