/** Official-schema validation with MH's 096 answer (`Campo #/receptor/numDocumento no cumple el formato requerido`). */
import { validateOfficialJson, type OfficialSchemaKind } from '../../domain/dte';
import { OBSERVED_CODES, reject, type MhRejection } from '../rules/mh-codes';

const MAX_OBSERVATIONS = 50;

/** `cuerpoDocumento[0].precioUni` → `#/cuerpoDocumento/0/precioUni`. */
export function toMhPointer(dotted: string): string {
  if (dotted === '') return '#';
  return `#/${dotted.replace(/\[(\d+)\]/g, '.$1').split('.').filter((s) => s !== '').join('/')}`;
}

export function schemaRejection(kind: OfficialSchemaKind, json: unknown): MhRejection | null {
  const result = validateOfficialJson(kind, json);
  if (result.valid) return null;
  const observations = result.errors.slice(0, MAX_OBSERVATIONS).map((e) => `Campo ${toMhPointer(e.path)} ${e.message}`);
  return reject(OBSERVED_CODES.schema.code, OBSERVED_CODES.schema.message, [...new Set(observations)]);
}

/** (tipoDte → schema, identificacion.version) this simulator validates: the 2026 generation. */
export const SUPPORTED_DOCUMENTS: Readonly<Record<string, { kind: OfficialSchemaKind; version: number }>> = {
  '01': { kind: 'fe-f-v2', version: 2 },
  '03': { kind: 'fe-ccf-v4', version: 4 },
  '05': { kind: 'fe-nc-v4', version: 4 },
  '06': { kind: 'fe-nd-v4', version: 4 },
  '04': { kind: 'fe-nr-v4', version: 4 },
  '07': { kind: 'fe-cr-v2', version: 2 },
  '08': { kind: 'fe-cl-v2', version: 2 },
  '09': { kind: 'fe-dcl-v2', version: 2 },
  '11': { kind: 'fe-fex-v3', version: 3 },
  '14': { kind: 'fe-fse-v2', version: 2 },
  '15': { kind: 'fe-cd-v2', version: 2 },
  // The 2026 events transmitted like a document (envelope tipoDte = their CAT-002 code; ADR "2026 events").
  '17': { kind: 'fe-eop-v1', version: 1 },
  '18': { kind: 'fe-eret-v1', version: 1 },
};

/** CAT-002 codes of the 2026 events received through recepciondte (identified by `identificacion.tipoEvento`). */
export const EVENT_DOCUMENT_TYPES: ReadonlySet<string> = new Set(['17', '18']);
