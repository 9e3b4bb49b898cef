/**
 * What the issuance form itself can tell before the service is asked (pure): fields left empty, at
 * their fields. Anything typed (a negative price, a quantity of 0, «1,50») goes to the dry run,
 * whose refusals show at their fields too.
 */
import { normalizeAmount } from './form-values';
import type { FieldError } from './http';
import { hasItems, receiverKind, type IssueDraft } from './issue-draft';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const required = (path: string, message: string): FieldError => ({ path, code: 'required', message });

export function issueChecks(emitterId: string, d: IssueDraft): FieldError[] {
  const out: FieldError[] = [];
  if (!emitterId) out.push(required('emitterId', 'Elija el emisor.'));
  if (hasItems(d.type)) {
    d.items.forEach((i, n) => {
      if (!i.description.trim()) out.push(required(`items[${n}].description`, 'Escriba qué se vende en esta línea.'));
      if (!i.quantity.trim()) out.push(required(`items[${n}].quantity`, 'Escriba la cantidad.'));
      else if (!DECIMAL.test(normalizeAmount(i.quantity))) out.push({ path: `items[${n}].quantity`, code: 'invalid_format', message: 'Escriba la cantidad con números, p. ej. 2 o 1,5.' });
      if (!i.unitPrice.trim()) out.push(required(`items[${n}].unitPrice`, 'Escriba el precio unitario.'));
      else if (!DECIMAL.test(normalizeAmount(i.unitPrice))) out.push({ path: `items[${n}].unitPrice`, code: 'invalid_format', message: 'Escriba el precio con números, p. ej. 5.65 o 5,65.' });
    });
  }
  const r = d.receiver;
  const kind = receiverKind(d.type);
  if (kind !== 'consumer') {
    if (!r.name.trim()) out.push(required('receiver.name', 'Escriba el nombre del receptor.'));
    if (!r.documentNumber.trim()) out.push(required('receiver.documentNumber', kind === 'taxpayer' ? 'Escriba el NIT del receptor.' : 'Escriba el número de documento.'));
  }
  if (d.type === '03') {
    if (!r.nrc.trim()) out.push(required('receiver.nrc', 'Escriba el NRC del receptor.'));
    if (!r.economicActivity.trim()) out.push(required('receiver.economicActivity', 'Elija la actividad económica del receptor.'));
    if (!r.address.department) out.push(required('receiver.address.department', 'Elija el departamento.'));
    if (!r.address.municipality) out.push(required('receiver.address.municipality', 'Elija el municipio.'));
    if (!r.address.district) out.push(required('receiver.address.district', 'Elija el distrito.'));
    if (!r.address.line.trim()) out.push(required('receiver.address.line', 'Escriba la dirección.'));
  }
  return out;
}
