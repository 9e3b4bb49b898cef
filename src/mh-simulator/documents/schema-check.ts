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
};
