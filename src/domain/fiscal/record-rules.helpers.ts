/** Checks shared by the per-resource record rules: keys of the maps, document identity, counterpart. */
import type { FieldError } from '../dte/dte.types';
import type { DocClass, FiscalRecord } from './fiscal-record.schema';
import type { KeySpec } from './record-keys.catalog';

const CLASS_NAMES: Record<DocClass, string> = {
  '1': 'impreso por imprenta',
  '2': 'formulario único',
  '3': 'declaración de mercancías o mandamiento de ingreso',
  '4': 'DTE',
};

/**
 * Keys of `amounts` or `attributes`: a key the resource does not know is `unknown_field`; a key the
 * resource knows but that does not apply to this document (type, class or kind) is
 * `invalid_combination`; a missing required key is `required`.
 */
export function checkMapKeys(
  map: Record<string, string>,
  field: 'amounts' | 'attributes',
  spec: { known: readonly KeySpec[]; allowed: readonly string[]; required?: readonly string[]; context: string },
): FieldError[] {
  const errors: FieldError[] = [];
  const known = new Set(spec.known.map((k) => k.key));
  const allowed = new Set(spec.allowed);
  for (const key of Object.keys(map)) {
    if (!known.has(key)) {
      errors.push({ path: `${field}.${key}`, code: 'unknown_field', message: `Clave no admitida: "${key}". Claves válidas: ${[...known].join(', ')}.` });
    } else if (!allowed.has(key)) {
      errors.push({ path: `${field}.${key}`, code: 'invalid_combination', message: `La clave "${key}" no corresponde a ${spec.context}.` });
    }
  }
  for (const key of spec.required ?? []) {
    if (map[key] === undefined) errors.push({ path: `${field}.${key}`, code: 'required', message: `Falta "${key}", obligatorio para ${spec.context}.` });
  }
  return errors;
}

export interface IdentityRules {
  /** Document types allowed per class. */
  allowed: Partial<Record<DocClass, readonly string[]>>;
  /** DTE (class 4) needs the control number (annexes with a "número de resolución" column). */
  controlNumberRequired: boolean;
  /** Printed documents (classes 1 and 2) need these attributes besides `document_number`. */
  physicalSeries: boolean;
  physicalResolution: boolean;
}

/**
 * doc_class × doc_type × identifiers. A DTE (class 4) is identified by generation code (required),
 * control number and seal; any other class by `attributes.document_number` (plus series/resolution
 * where the annex has those columns) and never by DTE identifiers.
 *
 * `issue_date`, `doc_class` and `doc_type` are optional (spec): what is given must agree, but what
 * is missing never refuses the record. Without `doc_class` the identifiers a class requires are not
 * required either; the books derive the class and warn about empty cells (record-derivations.ts).
 */
export function checkDocumentIdentity(r: FiscalRecord, rules: IdentityRules): FieldError[] {
  const errors: FieldError[] = [];
  if (r.issueDate !== undefined && r.issueDate > r.accountingDate) {
    errors.push({ path: 'issueDate', code: 'invalid_combination', message: 'La fecha de emisión no puede ser posterior a la fecha contable.' });
  }
  const dte = r.docClass === undefined || r.docClass === '4';
  if (dte && r.docType !== undefined && r.controlNumber !== undefined && r.controlNumber.slice(4, 6) !== r.docType) {
    errors.push({ path: 'controlNumber', code: 'invalid_combination', message: `El número de control es de un tipo ${r.controlNumber.slice(4, 6)}, no del tipo ${r.docType}.` });
  }
  if (r.docClass === undefined) {
    const known = [...new Set(Object.values(rules.allowed).flat())];
    if (r.docType !== undefined && !known.includes(r.docType)) {
      errors.push({ path: 'docType', code: 'invalid_combination', message: `El tipo ${r.docType} no se admite aquí; tipos válidos: ${known.sort().join(', ')}.` });
    }
    return errors;
  }

  const types = rules.allowed[r.docClass];
  if (!types) {
    const classes = Object.keys(rules.allowed).join(', ');
    errors.push({ path: 'docClass', code: 'invalid_combination', message: `La clase ${r.docClass} (${CLASS_NAMES[r.docClass]}) no se admite aquí; clases válidas: ${classes}.` });
    return errors;
  }
  if (r.docType !== undefined && !types.includes(r.docType)) {
    errors.push({ path: 'docType', code: 'invalid_combination', message: `El tipo ${r.docType} no se admite con la clase ${r.docClass} (${CLASS_NAMES[r.docClass]}); tipos válidos: ${types.join(', ')}.` });
  }
  const attrs = r.attributes;
  if (r.docClass === '4') {
    if (r.generationCode === undefined) errors.push({ path: 'generationCode', code: 'required', message: 'Un DTE (clase 4) requiere el código de generación.' });
    if (rules.controlNumberRequired && r.controlNumber === undefined) errors.push({ path: 'controlNumber', code: 'required', message: 'Un DTE (clase 4) requiere el número de control (columna "número de resolución").' });
    for (const key of ['document_number', 'series', 'resolution'] as const) {
      if (attrs[key] !== undefined) errors.push({ path: `attributes.${key}`, code: 'invalid_combination', message: `Un DTE (clase 4) se identifica por código de generación, número de control y sello, no por "${key}".` });
    }
    return errors;
  }
  for (const key of ['generationCode', 'controlNumber', 'seal'] as const) {
    if (r[key] !== undefined) errors.push({ path: key, code: 'invalid_combination', message: `Solo un DTE (clase 4) lleva ${key === 'seal' ? 'sello de recepción' : key === 'controlNumber' ? 'número de control' : 'código de generación'}.` });
  }
  if (attrs.document_number === undefined) errors.push({ path: 'attributes.document_number', code: 'required', message: 'Un documento no electrónico requiere su número (attributes.document_number).' });
  if (r.docClass === '3') {
    for (const key of ['series', 'resolution'] as const) {
      if (attrs[key] !== undefined) errors.push({ path: `attributes.${key}`, code: 'invalid_combination', message: 'Una declaración de mercancías o un mandamiento de ingreso no lleva serie ni resolución.' });
    }
    return errors;
  }
  if (rules.physicalSeries && attrs.series === undefined) errors.push({ path: 'attributes.series', code: 'required', message: 'Un documento impreso requiere su serie (attributes.series).' });
  if (rules.physicalResolution && attrs.resolution === undefined) errors.push({ path: 'attributes.resolution', code: 'required', message: 'Un documento impreso requiere su número de resolución (attributes.resolution).' });
  return errors;
}

/** Who the counterpart is and which identifiers count. */
export interface CounterpartRules {
  required: boolean;
  nameRequired: boolean;
  /** Identifiers that satisfy the annex: NIT/NRC/DUI or only NIT/DUI (agents). */
  ids: 'nit_nrc_dui' | 'nit_dui' | 'optional';
  role: string;
}

export function checkCounterpart(r: FiscalRecord, rules: CounterpartRules): FieldError[] {
  const c = r.counterpart;
  if (c === undefined) {
    return rules.required ? [{ path: 'counterpart', code: 'required', message: `Faltan los datos del ${rules.role}.` }] : [];
  }
  const errors: FieldError[] = [];
  if (rules.nameRequired && c.name === undefined) errors.push({ path: 'counterpart.name', code: 'required', message: `Falta el nombre del ${rules.role}.` });
  if (rules.ids === 'nit_nrc_dui' && !c.nit && !c.nrc && !c.dui) {
    errors.push({ path: 'counterpart.nit', code: 'required', message: `El ${rules.role} se identifica con NIT, NRC o DUI.` });
  }
  if (rules.ids === 'nit_dui' && !c.nit && !c.dui) {
    errors.push({ path: 'counterpart.nit', code: 'required', message: `El ${rules.role} se identifica con NIT o DUI.` });
  }
  return errors;
}
