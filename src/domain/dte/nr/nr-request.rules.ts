/**
 * Nota de Remisión (04) v4: goods moved before or without a sale, or already sold (it may relate an
 * earlier FE/CCF; a later CCF relates the NR). Lines like a CCF's (prices without IVA; tributes of
 * CAT-015 as on a CCF) but no charges/credits outside the tax base (no `noGravado`); no payments.
 * Receiver: name, identification and economic activity (address optional); `goodsTitle` (CAT-025,
 * the title under which the goods are remitted) is required.
 */
import { checkItemTributes } from '../amounts/tribute-rules';
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkItemNeeds, checkReceiverNeeds, required } from '../extended/extended-parts';
import { checkListedRelatedDocuments } from '../extended/related-documents.rules';

/** NR v3 enumerated FE and CCF as related documents (the 2026 schema dropped the enum). */
export const NR_RELATED_TYPES = ['01', '03'] as const;

export function checkNrRules(input: DocumentCreateInput): FieldError[] {
  const errors: FieldError[] = [
    ...checkItemNeeds(input, ['type', 'tax']),
    ...checkReceiverNeeds(input, '04', ['name', 'document', 'economicActivity']),
    ...checkListedRelatedDocuments(input, '04', NR_RELATED_TYPES),
  ];
  if (input.goodsTitle === undefined) errors.push(required('goodsTitle', 'Indique a qué título se remiten los bienes (CAT-025: 01 depósito, 02 propiedad, 03 consignación, 04 traslado, 05 otros).'));
  (input.items ?? []).forEach((item, i) => {
    if (item.type === undefined || item.tax === undefined) return;
    if (item.tax === 'no_gravado') {
      errors.push({ path: `items[${i}].tax`, code: 'not_allowed_for_type', message: 'La nota de remisión no lleva cargos/abonos fuera de la base imponible (no_gravado).' });
      return;
    }
    if (item.unitPrice.startsWith('-') && /[1-9]/.test(item.unitPrice)) {
      errors.push({ path: `items[${i}].unitPrice`, code: 'out_of_range', message: 'El precio no puede ser negativo.' });
    }
    errors.push(...checkItemTributes('03', { ...item, type: item.type, tax: item.tax }, i));
  });
  return errors;
}
