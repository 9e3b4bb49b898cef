/**
 * Comprobante de Retención (07) v2: one line per document whose IVA was withheld (`withholdings`):
 * the related document (FE 01, CCF 03 or FSE 14, electronic or paper), the amount subject to
 * withholding, the CAT-006 code and an optional description. The service computes the IVA withheld
 * for codes 22 (1 %) and C4 (13 %); for C9 (special cases, no rate) `withheldAmount` is required.
 * Receiver: name, identification, economic activity and address.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkReceiverNeeds, required } from '../extended/extended-parts';

/** CR v1 enumerated FSE, CCF and FE as the documents a withholding applies to. */
export const CR_RELATED_TYPES = ['01', '03', '14'] as const;

export function checkCrRules(input: DocumentCreateInput): FieldError[] {
  const errors = checkReceiverNeeds(input, '07', ['name', 'document', 'economicActivity', 'address']);
  const lines = input.withholdings;
  if (!lines) return [...errors, required('withholdings', 'El comprobante de retención necesita al menos una línea (documento y monto sujeto a retención).')];
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    const base = `withholdings[${i}]`;
    if (!(CR_RELATED_TYPES as readonly string[]).includes(l.relatedDocument.type)) {
      errors.push({ path: `${base}.relatedDocument.type`, code: 'not_allowed_for_type', message: `La retención se aplica sobre documentos de tipo ${CR_RELATED_TYPES.join(', ')}.` });
    }
    if (l.code === 'C9' && l.withheldAmount === undefined) {
      errors.push(required(`${base}.withheldAmount`, 'El código C9 (otras retenciones, casos especiales) no tiene tasa: indique el IVA retenido.'));
    }
    if (l.code !== 'C9' && l.withheldAmount !== undefined) {
      errors.push({ path: `${base}.withheldAmount`, code: 'invalid_combination', message: `Con el código ${l.code} el servicio calcula el IVA retenido (${l.code === '22' ? '1' : '13'} % del monto sujeto); no lo envíe.` });
    }
    const key = `${l.relatedDocument.generationCode}|${l.code}`;
    if (seen.has(key)) errors.push({ path: `${base}.relatedDocument.generationCode`, code: 'duplicate_value', message: 'El mismo documento ya tiene una línea con ese código de retención.' });
    seen.add(key);
  });
  return errors;
}
