/**
 * Factura de Sujeto Excluido (14) v2: the issuer documents a purchase from a person outside IVA (the
 * receiver is the seller). Lines: goods (1), services (2) or both (3) with quantity, unit, price and
 * discount — no tax treatment. `globalDiscount.total` is MH's `descu`. Income-tax withholding comes
 * back here: `withholding.renta` is the rate in percent (e.g. "10"), applied to the subtotal.
 * Receiver (the excluded subject): name, identification and address; activity optional.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkItemNeeds, checkReceiverNeeds } from '../extended/extended-parts';

export function checkFseRules(input: DocumentCreateInput): FieldError[] {
  const errors: FieldError[] = [
    ...checkItemNeeds(input, ['type']),
    ...checkReceiverNeeds(input, '14', ['name', 'document', 'address'], 'sujeto excluido (receptor)'),
  ];
  (input.items ?? []).forEach((item, i) => {
    if (item.type !== undefined && !['1', '2', '3'].includes(item.type)) {
      errors.push({ path: `items[${i}].type`, code: 'not_allowed_for_type', message: 'Una compra a sujeto excluido es de bienes (1), servicios (2) o ambos (3).' });
    }
    if (item.unitPrice.startsWith('-') && /[1-9]/.test(item.unitPrice)) {
      errors.push({ path: `items[${i}].unitPrice`, code: 'out_of_range', message: 'El precio no puede ser negativo.' });
    }
  });
  const rate = input.withholding?.renta;
  if (rate !== undefined && (Number(rate) > 100 || !/^\d+(\.\d{1,2})?$/.test(rate))) {
    errors.push({ path: 'withholding.renta', code: 'out_of_range', message: 'La retención de renta es un porcentaje de 0 a 100 con hasta 2 decimales (p. ej. "10").' });
  }
  return errors;
}
