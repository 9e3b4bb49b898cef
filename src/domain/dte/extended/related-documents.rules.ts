/**
 * Related documents of the types that carry `documentoRelacionado` (FE, CCF, NC, ND, NR, FEX): at
 * most 50, all of one allowed type, no repeats, and every line that names one names a listed one
 * (with `everyLine`, as on an NC/ND, every line names one).
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { AnyDteType, FieldError } from '../dte.types';
import { typeNameAtStart } from './field-placement';
import { isGenerationCode } from '../document-create-fields';

export function checkListedRelatedDocuments(input: DocumentCreateInput, type: AnyDteType, allowed: readonly string[], opts: { everyLine?: boolean } = {}): FieldError[] {
  const errors: FieldError[] = [];
  const related = input.relatedDocuments ?? [];
  related.forEach((d, i) => {
    if (!allowed.includes(d.type)) {
      errors.push({ path: `relatedDocuments[${i}].type`, code: 'not_allowed_for_type',
        message: `${typeNameAtStart(type)} solo relaciona documentos de tipo ${allowed.join(', ')}.` });
    } else if (d.type !== related[0].type) {
      errors.push({ path: `relatedDocuments[${i}].type`, code: 'invalid_value', message: 'Los documentos relacionados deben ser todos del mismo tipo.' });
    }
    if (related.findIndex((o) => o.generationCode === d.generationCode) !== i) {
      errors.push({ path: `relatedDocuments[${i}].generationCode`, code: 'duplicate_value', message: 'Documento relacionado repetido.' });
    }
  });
  const codes = new Set(related.map((d) => d.generationCode));
  (input.items ?? []).forEach((item, i) => {
    if (item.relatedDocument === undefined) {
      if (opts.everyLine) errors.push({ path: `items[${i}].relatedDocument`, code: 'required', message: 'Cada línea de una nota indica el documento relacionado que ajusta.' });
    } else if (!codes.has(item.relatedDocument)) {
      errors.push({ path: `items[${i}].relatedDocument`, code: 'invalid_reference', message: 'La línea apunta a un documento que no está en relatedDocuments.' });
    }
  });
  return errors;
}

/** A line's own related document (CR, CL): electronic (a generation code) → tipoGeneracion 2, else 1 (paper). */
export function relatedDocumentFields(d: { type: string; generationCode: string; issuedOn: string }): {
  tipoDte: string; tipoGeneracion: 1 | 2; numeroDocumento: string; fechaEmision: string;
} {
  return { tipoDte: d.type, tipoGeneracion: isGenerationCode(d.generationCode) ? 2 : 1, numeroDocumento: d.generationCode, fechaEmision: d.issuedOn };
}
