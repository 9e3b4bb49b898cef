import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  compileOfficialSchema, createOfficialAjv, decimalPlaces, isDecimalMultipleOf, withDecimalMultipleOf,
} from '../../../src/domain/dte/schemas/decimal-multiple-of';
import {
  OFFICIAL_SCHEMAS, schemaKindForDteType, toDottedPath, validateOfficialJson,
} from '../../../src/domain/dte/schemas/official-schema-validator';
import type { OfficialSchemaKind } from '../../../src/domain/dte/schemas/official-schema.types';

const OFFICIAL_DIR = path.resolve(__dirname, '../../../../shared/mh/schemas/2026');

describe('decimal-safe multipleOf', () => {
  const ajv = createOfficialAjv();
  const validate = compileOfficialSchema(ajv, {
    type: 'object',
    properties: { item: { type: 'number', multipleOf: 1e-8 }, total: { type: 'number', multipleOf: 0.01 } },
  });

  it.each([
    ['4.42477876 with step 1e-8 (sealed MH amount)', { item: 4.42477876 }, true],
    ['10.17699115 with step 1e-8 (sealed MH amount)', { item: 10.17699115 }, true],
    ['0.00000001 with step 1e-8', { item: 0.00000001 }, true],
    ['99999.99999999 with step 1e-8', { item: 99999.99999999 }, true],
    ['1.123456789 with step 1e-8', { item: 1.123456789 }, false],
    ['56.59 with step 0.01', { total: 56.59 }, true],
    ['0.07 with step 0.01', { total: 0.07 }, true],
    ['1.234 with step 0.01', { total: 1.234 }, false],
    ['2260 with step 0.01', { total: 2260 }, true],
  ])('%s', (_label, data, expected) => {
    expect(validate(data)).toBe(expected);
  });

  it('plain float division would reject the sealed amounts (why the check exists)', () => {
    expect(Number.isInteger(4.42477876 / 1e-8)).toBe(false);
    expect(isDecimalMultipleOf(4.42477876, 1e-8)).toBe(true);
  });

  it('reports the failure in Spanish with the step', () => {
    validate({ total: 1.234 });
    expect(validate.errors).toEqual([
      expect.objectContaining({ keyword: 'decimalMultipleOf', instancePath: '/total', message: 'debe ser múltiplo de 0.01' }),
    ]);
  });

  it.each([
    ['1e-8', 1e-8, 8],
    ['1e-7 (exponent form)', 1e-7, 7],
    ['0.01', 0.01, 2],
    ['2260', 2260, 0],
    ['1.5e-10', 1.5e-10, 11],
  ])('decimalPlaces(%s)', (_label, value, places) => {
    expect(decimalPlaces(value)).toBe(places);
  });

  it('non-power-of-ten steps fall back to exact decimals', () => {
    expect(isDecimalMultipleOf(0.75, 0.25)).toBe(true);
    expect(isDecimalMultipleOf(0.7, 0.25)).toBe(false);
  });

  it('renames every multipleOf and leaves const/enum values alone', () => {
    const out = withDecimalMultipleOf({ a: { multipleOf: 0.01, enum: [{ multipleOf: 1 }] } });
    expect(out).toEqual({ a: { decimalMultipleOf: 0.01, enum: [{ multipleOf: 1 }] } });
  });
});

describe('generated schema modules', () => {
  const files: Record<OfficialSchemaKind, string> = {
    'fe-f-v2': 'fe-f-v2.json',
    'fe-ccf-v4': 'fe-ccf-v4.json',
    'fe-nc-v4': 'fe-nc-v4.json',
    'fe-nd-v4': 'fe-nd-v4.json',
    'fe-nr-v4': 'fe-nr-v4.json',
    'fe-cr-v2': 'fe-cr-v2.json',
    'fe-cl-v2': 'fe-cl-v2.json',
    'fe-dcl-v2': 'fe-dcl-v2.json',
    'fe-fex-v3': 'fe-fex-v3.json',
    'fe-fse-v2': 'fe-fse-v2.json',
    'fe-cd-v2': 'fe-cd-v2.json',
    'fe-eret-v1': 'fe-eret-v1.json',
    'fe-eop-v1': 'fe-eop-v1.json',
    'invalidacion-v3': 'invalidacion-schema-v3.json',
    'contingencia-v4': 'contingencia-schema-v4.json',
  };
  it.each(Object.entries(files))('%s carries exactly the official file %s', (kind, file) => {
    const official: unknown = JSON.parse(readFileSync(path.join(OFFICIAL_DIR, file), 'utf8').replace(/^\uFEFF/, ''));
    expect(OFFICIAL_SCHEMAS[kind as OfficialSchemaKind]).toEqual(official);
  });
});

describe('validateOfficialJson', () => {
  it.each([
    ['01', 'fe-f-v2'],
    ['03', 'fe-ccf-v4'],
    ['05', 'fe-nc-v4'],
    ['06', 'fe-nd-v4'],
    ['04', 'fe-nr-v4'],
    ['07', 'fe-cr-v2'],
    ['08', 'fe-cl-v2'],
    ['09', 'fe-dcl-v2'],
    ['11', 'fe-fex-v3'],
    ['14', 'fe-fse-v2'],
    ['15', 'fe-cd-v2'],
  ] as const)('tipoDte %s → %s', (tipoDte, kind) => {
    expect(schemaKindForDteType(tipoDte)).toBe(kind);
  });

  it.each([
    ['', ''],
    ['/resumen', 'resumen'],
    ['/cuerpoDocumento/0/precioUni', 'cuerpoDocumento[0].precioUni'],
    ['/resumen/tributos/1/valor', 'resumen.tributos[1].valor'],
  ])('pointer %j → %j', (pointer, dotted) => {
    expect(toDottedPath(pointer)).toBe(dotted);
  });

  it('names missing and extra fields with dotted paths', () => {
    const r = validateOfficialJson('contingencia-v4', { identificacion: { version: 4 }, sobrante: true });
    expect(r.valid).toBe(false);
    expect(r.errors).toEqual(expect.arrayContaining([
      { path: 'identificacion.ambiente', message: 'campo obligatorio', keyword: 'required' },
      { path: 'sobrante', message: 'campo no permitido por el esquema', keyword: 'additionalProperties' },
      { path: 'emisor', message: 'campo obligatorio', keyword: 'required' },
    ]));
  });
});
