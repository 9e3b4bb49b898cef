import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { compileOfficialSchema, createOfficialAjv } from '../../src/domain/dte/schemas/decimal-multiple-of';

/** MH's official 2026 JSON schemas, read from `../shared` (tests cross-check against them; the service never reads them). */
export const OFFICIAL_SCHEMA_DIR = join(__dirname, '..', '..', '..', 'shared', 'mh', 'schemas', '2026');

/** The official schema file of each CAT-002 type the service issues. */
export const OFFICIAL_SCHEMA_FILES: Record<string, string> = {
  '01': 'fe-f-v2.json', '03': 'fe-ccf-v4.json', '04': 'fe-nr-v4.json', '05': 'fe-nc-v4.json', '06': 'fe-nd-v4.json', '07': 'fe-cr-v2.json',
  '08': 'fe-cl-v2.json', '09': 'fe-dcl-v2.json', '11': 'fe-fex-v3.json', '14': 'fe-fse-v2.json', '15': 'fe-cd-v2.json',
};

/** One compiled validator per type (MH's decimal `multipleOf` semantics), built once per test file. */
export function officialValidators(): Record<string, ValidateFunction> {
  const ajv = createOfficialAjv();
  return Object.fromEntries(
    Object.entries(OFFICIAL_SCHEMA_FILES).map(([type, file]) => [type, compileOfficialSchema(ajv, JSON.parse(readFileSync(join(OFFICIAL_SCHEMA_DIR, file), 'utf8').replace(/^\uFEFF/, '')))]),
  );
}
