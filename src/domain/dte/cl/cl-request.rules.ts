/**
 * Comprobante de Liquidación (08) v2: the consignee (comisionista) settles with the principal the
 * documents it issued on the principal's behalf (`settledDocuments`: each related document — FE,
 * CCF, NC, ND or FEX, electronic or paper — with its sales per bucket net of global discounts and
 * without IVA, negative for an invalidated one; exports only for an FEX, and an FEX has only
 * exports; the perception of each document). Never issued in contingency. Receiver: name,
 * identification, economic activity and address; `fiscalDomicile` (CAT-032) defaults to 1.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkReceiverNeeds, required } from '../extended/extended-parts';

/** CL v1 enumerated these related types. */
export const CL_RELATED_TYPES = ['01', '03', '05', '06', '11'] as const;

const nonZero = (v: string | undefined) => v !== undefined && /[1-9]/.test(v);

export function checkClRules(input: DocumentCreateInput): FieldError[] {
  const errors = checkReceiverNeeds(input, '08', ['name', 'document', 'economicActivity', 'address']);
  const lines = input.settledDocuments;
  if (!lines) return [...errors, required('settledDocuments', 'El comprobante de liquidación necesita al menos un documento liquidado.')];
  lines.forEach((l, i) => {
    const base = `settledDocuments[${i}]`;
    const type = l.relatedDocument.type;
    if (!(CL_RELATED_TYPES as readonly string[]).includes(type)) {
      errors.push({ path: `${base}.relatedDocument.type`, code: 'not_allowed_for_type', message: `Se liquidan documentos de tipo ${CL_RELATED_TYPES.join(', ')}.` });
    }
    if (type === '11') {
      for (const k of ['noSujeta', 'exenta', 'gravada'] as const) {
        if (nonZero(l[k])) errors.push({ path: `${base}.${k}`, code: 'invalid_combination', message: 'Una factura de exportación se liquida solo en exports.' });
      }
    } else if (nonZero(l.exports)) {
      errors.push({ path: `${base}.exports`, code: 'invalid_combination', message: 'Solo una factura de exportación (11) lleva exportaciones.' });
    }
    if (![l.noSujeta, l.exenta, l.gravada, l.exports].some(nonZero)) {
      errors.push(required(`${base}.gravada`, 'Indique al menos un monto del documento liquidado (noSujeta, exenta, gravada o exports).'));
    }
  });
  return errors;
}
