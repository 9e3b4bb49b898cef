/** Request rules of the other seven types: fields with no place in the type, then each type's own rules. */
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedDteType, FieldError } from '../dte.types';
import { checkCdRules } from '../cd/cd-request.rules';
import { checkClRules } from '../cl/cl-request.rules';
import { checkCrRules } from '../cr/cr-request.rules';
import { checkDclRules } from '../dcl/dcl-request.rules';
import { checkFexRules } from '../fex/fex-request.rules';
import { checkFseRules } from '../fse/fse-request.rules';
import { checkNrRules } from '../nr/nr-request.rules';
import { checkFieldPlacement } from './field-placement';

const RULES: Readonly<Record<ExtendedDteType, (input: DocumentCreateInput) => FieldError[]>> = {
  '04': checkNrRules,
  '07': checkCrRules,
  '08': checkClRules,
  '09': checkDclRules,
  '11': checkFexRules,
  '14': checkFseRules,
  '15': checkCdRules,
};

/** `observaciones` limits below the request's 3000 characters. */
const NOTES_LIMIT: Partial<Record<ExtendedDteType, number>> = { '09': 1000 };

export function checkExtendedDocumentRules(input: DocumentCreateInput, type: ExtendedDteType): FieldError[] {
  const errors = checkFieldPlacement(input, type);
  const limit = NOTES_LIMIT[type];
  if (limit !== undefined && input.notes !== undefined && input.notes.length > limit) {
    errors.push({ path: 'notes', code: 'out_of_range', message: `Debe tener como máximo ${limit} caracteres.` });
  }
  return [...errors, ...RULES[type](input)];
}
