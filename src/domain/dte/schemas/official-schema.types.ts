/** A JSON Schema (draft-07) document as MH publishes it, carried over as a plain object. */
export interface OfficialJsonSchema {
  readonly [keyword: string]: unknown;
}

/** The official schemas this service validates against (2026 generation). */
export type OfficialSchemaKind =
  | 'fe-f-v2'
  | 'fe-ccf-v4'
  | 'fe-nc-v4'
  | 'fe-nd-v4'
  | 'fe-nr-v4'
  | 'fe-cr-v2'
  | 'fe-cl-v2'
  | 'fe-dcl-v2'
  | 'fe-fex-v3'
  | 'fe-fse-v2'
  | 'fe-cd-v2'
  | 'fe-eret-v1'
  | 'fe-eop-v1'
  | 'invalidacion-v3'
  | 'contingencia-v4';

/** One validation problem, with a camelCase dotted path such as `cuerpoDocumento[0].precioUni`. */
export interface OfficialSchemaError {
  path: string;
  message: string;
  /** The schema keyword that failed (`exclusiveMaximum`, `required`, …). */
  keyword?: string;
}

export interface OfficialValidationResult {
  valid: boolean;
  errors: OfficialSchemaError[];
}
