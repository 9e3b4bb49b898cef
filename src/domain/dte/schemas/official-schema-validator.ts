/**
 * Validation of JSON documents against MH's official 2026 schemas (generated modules), with Ajv 8
 * and a decimal-safe `multipleOf`. Each schema is compiled once, on first use, twice: a validator
 * that stops at the first error answers the common "valid" case quickly, and only an invalid
 * document is run through the one that reports every error.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { AnyDteType } from '../dte.types';
import { compileOfficialSchema, createOfficialAjv } from './decimal-multiple-of';
import { CONTINGENCIA_V4_SCHEMA } from './generated/contingencia-v4.schema';
import { FE_CCF_V4_SCHEMA } from './generated/fe-ccf-v4.schema';
import { FE_CD_V2_SCHEMA } from './generated/fe-cd-v2.schema';
import { FE_CL_V2_SCHEMA } from './generated/fe-cl-v2.schema';
import { FE_CR_V2_SCHEMA } from './generated/fe-cr-v2.schema';
import { FE_DCL_V2_SCHEMA } from './generated/fe-dcl-v2.schema';
import { FE_EOP_V1_SCHEMA } from './generated/fe-eop-v1.schema';
import { FE_ERET_V1_SCHEMA } from './generated/fe-eret-v1.schema';
import { FE_F_V2_SCHEMA } from './generated/fe-f-v2.schema';
import { FE_NC_V4_SCHEMA } from './generated/fe-nc-v4.schema';
import { FE_FEX_V3_SCHEMA } from './generated/fe-fex-v3.schema';
import { FE_FSE_V2_SCHEMA } from './generated/fe-fse-v2.schema';
import { FE_ND_V4_SCHEMA } from './generated/fe-nd-v4.schema';
import { FE_NR_V4_SCHEMA } from './generated/fe-nr-v4.schema';
import { INVALIDACION_V3_SCHEMA } from './generated/invalidacion-v3.schema';
import type { OfficialJsonSchema, OfficialSchemaError, OfficialSchemaKind, OfficialValidationResult } from './official-schema.types';
import { spanishCount } from '../../shared/spanish-count';

export type { OfficialSchemaError, OfficialSchemaKind, OfficialValidationResult };

export const OFFICIAL_SCHEMAS: Readonly<Record<OfficialSchemaKind, OfficialJsonSchema>> = {
  'fe-f-v2': FE_F_V2_SCHEMA,
  'fe-ccf-v4': FE_CCF_V4_SCHEMA,
  'fe-nc-v4': FE_NC_V4_SCHEMA,
  'fe-nd-v4': FE_ND_V4_SCHEMA,
  'fe-nr-v4': FE_NR_V4_SCHEMA,
  'fe-cr-v2': FE_CR_V2_SCHEMA,
  'fe-cl-v2': FE_CL_V2_SCHEMA,
  'fe-dcl-v2': FE_DCL_V2_SCHEMA,
  'fe-fex-v3': FE_FEX_V3_SCHEMA,
  'fe-fse-v2': FE_FSE_V2_SCHEMA,
  'fe-cd-v2': FE_CD_V2_SCHEMA,
  'fe-eret-v1': FE_ERET_V1_SCHEMA,
  'fe-eop-v1': FE_EOP_V1_SCHEMA,
  'invalidacion-v3': INVALIDACION_V3_SCHEMA,
  'contingencia-v4': CONTINGENCIA_V4_SCHEMA,
};

const KIND_BY_DTE_TYPE: Readonly<Record<AnyDteType, OfficialSchemaKind>> = {
  '01': 'fe-f-v2',
  '03': 'fe-ccf-v4',
  '04': 'fe-nr-v4',
  '05': 'fe-nc-v4',
  '06': 'fe-nd-v4',
  '07': 'fe-cr-v2',
  '08': 'fe-cl-v2',
  '09': 'fe-dcl-v2',
  '11': 'fe-fex-v3',
  '14': 'fe-fse-v2',
  '15': 'fe-cd-v2',
};

/** `identificacion.version` each official schema requires. */
export const OFFICIAL_VERSION_BY_DTE_TYPE: Readonly<Record<AnyDteType, number>> = {
  '01': 2, '03': 4, '04': 4, '05': 4, '06': 4, '07': 2, '08': 2, '09': 2, '11': 3, '14': 2, '15': 2,
};

/** The official schema of a document type (tipoDte, CAT-002). */
export function schemaKindForDteType(tipoDte: AnyDteType): OfficialSchemaKind {
  return KIND_BY_DTE_TYPE[tipoDte];
}

const quickAjv = createOfficialAjv({ allErrors: false });
const fullAjv = createOfficialAjv();
const compiled = new Map<OfficialSchemaKind, { quick: ValidateFunction; full: ValidateFunction }>();

function validatorsFor(kind: OfficialSchemaKind): { quick: ValidateFunction; full: ValidateFunction } {
  let fns = compiled.get(kind);
  if (!fns) {
    fns = { quick: compileOfficialSchema(quickAjv, OFFICIAL_SCHEMAS[kind]), full: compileOfficialSchema(fullAjv, OFFICIAL_SCHEMAS[kind]) };
    compiled.set(kind, fns);
  }
  return fns;
}

/** `/cuerpoDocumento/0/precioUni` → `cuerpoDocumento[0].precioUni`. */
export function toDottedPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(part)) out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texto', number: 'número', integer: 'entero', boolean: 'booleano', object: 'objeto', array: 'arreglo', null: 'null',
};

function spanishMessage(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': return 'campo obligatorio';
    case 'additionalProperties': return 'campo no permitido por el esquema';
    case 'type': {
      const t = Array.isArray(p.type) ? p.type : String(p.type).split(',');
      return `tipo inválido: se esperaba ${t.map((x) => TYPE_NAMES[String(x)] ?? String(x)).join(' o ')}`;
    }
    case 'const': return `debe ser ${JSON.stringify(p.allowedValue)}`;
    case 'enum': return `valor no permitido; valores válidos: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pattern': return 'no cumple el formato requerido';
    case 'format': return `formato inválido (se esperaba ${String(p.format)})`;
    case 'minLength': return `debe tener al menos ${spanishCount(p.limit, 'carácter', 'caracteres')}`;
    case 'maxLength': return `debe tener como máximo ${spanishCount(p.limit, 'carácter', 'caracteres')}`;
    case 'minItems': return `debe tener al menos ${spanishCount(p.limit, 'elemento', 'elementos')}`;
    case 'maxItems': return `debe tener como máximo ${spanishCount(p.limit, 'elemento', 'elementos')}`;
    case 'uniqueItems': return 'no debe tener elementos repetidos';
    case 'minimum': return `debe ser mayor o igual a ${String(p.limit)}`;
    case 'maximum': return `debe ser menor o igual a ${String(p.limit)}`;
    case 'exclusiveMinimum': return `debe ser mayor que ${String(p.limit)}`;
    case 'exclusiveMaximum': return `debe ser menor que ${String(p.limit)}`;
    default: return e.message ?? `no cumple la regla ${e.keyword}`;
  }
}

/** Ajv errors as `{ path, message }` with camelCase dotted paths and Spanish messages. */
export function mapAjvErrors(errors: readonly ErrorObject[] | null | undefined): OfficialSchemaError[] {
  if (!errors) return [];
  return errors.map((e) => {
    const p = e.params as Record<string, unknown>;
    let path = toDottedPath(e.instancePath);
    if (e.keyword === 'required') path = join(path, String(p.missingProperty));
    if (e.keyword === 'additionalProperties') path = join(path, String(p.additionalProperty));
    return { path, message: spanishMessage(e), keyword: e.keyword };
  });
}

/** Validates a document (already parsed JSON) against one official MH schema. */
export function validateOfficialJson(kind: OfficialSchemaKind, json: unknown): OfficialValidationResult {
  const { quick, full } = validatorsFor(kind);
  if (quick(json)) return { valid: true, errors: [] };
  const valid = full(json) as boolean;
  return { valid, errors: valid ? [] : mapAjvErrors(full.errors) };
}
