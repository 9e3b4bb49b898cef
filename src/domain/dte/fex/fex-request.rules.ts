/**
 * Factura de Exportación (11) v3. Lines: goods (1), services (2) or both (3) — the document's
 * tipoItemExpor follows from them — sold at a 0 % rate (`tax` gravada, the default) or a charge/credit
 * outside the tax base (`no_gravado`); no exempt or non-subject sales, no type-4 tribute lines.
 * Receiver abroad: name, identification (CAT-022), `country` (CAT-020, never El Salvador's `SV`: a
 * sale to a receiver in El Salvador is an FE or a CCF), `foreignAddress`, `personType` (CAT-029) and
 * its activity (`economicActivity` CAT-019 or `activityDescription`). Exporting goods
 * needs `export.customsOffice` (CAT-027), `export.regime` (CAT-028) and `export.incoterms` (CAT-031);
 * a services-only export has none of them. Freight and insurance are `export.freight` / `insurance`.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkAssociatedDocuments } from '../extended/associated-documents';
import { checkItemNeeds, checkReceiverNeeds, required } from '../extended/extended-parts';
import { checkListedRelatedDocuments } from '../extended/related-documents.rules';

export const FEX_RELATED_TYPES = ['04', '09'] as const;
/** CAT-020 code of El Salvador. */
export const EL_SALVADOR = 'SV';
const EXPORT_ITEM_TYPES = ['1', '2', '3'];

/** 1 goods, 2 services, 3 both (MH's tipoItemExpor), from the lines that are not charges/credits. */
export function exportItemType(input: DocumentCreateInput): 1 | 2 | 3 {
  const types = new Set((input.items ?? []).filter((i) => i.tax !== 'no_gravado').map((i) => i.type));
  if (types.size === 1 && types.has('1')) return 1;
  if (types.size === 1 && types.has('2')) return 2;
  return 3;
}

export function checkFexRules(input: DocumentCreateInput): FieldError[] {
  const errors: FieldError[] = [
    ...checkItemNeeds(input, ['type']),
    ...checkReceiverNeeds(input, '11', ['name', 'document']),
    ...checkListedRelatedDocuments(input, '11', FEX_RELATED_TYPES),
    ...checkAssociatedDocuments(input.associatedDocuments, ['1', '2', '3', '4']),
  ];
  const r = input.receiver;
  if (r) {
    if (r.country === undefined) errors.push(required('receiver.country', 'Indique el país de destino de la exportación (CAT-020).'));
    else if (r.country === EL_SALVADOR) {
      errors.push({ path: 'receiver.country', code: 'invalid_value', message: 'Una exportación va a un receptor fuera de El Salvador: el país no puede ser SV (para un receptor en el país emita una factura o un comprobante de crédito fiscal).' });
    }
    if (r.foreignAddress === undefined) errors.push(required('receiver.foreignAddress', 'Indique la dirección del receptor en el exterior.'));
    if (r.personType === undefined) errors.push(required('receiver.personType', 'Indique si el receptor es persona natural (1) o jurídica (2) (CAT-029).'));
    if (r.economicActivity === undefined && r.activityDescription === undefined) {
      errors.push(required('receiver.activityDescription', 'Indique la actividad del receptor: activityDescription (texto) o economicActivity (CAT-019).'));
    }
  }
  (input.items ?? []).forEach((item, i) => {
    if (item.type !== undefined && !EXPORT_ITEM_TYPES.includes(item.type)) {
      errors.push({ path: `items[${i}].type`, code: 'not_allowed_for_type', message: 'Una exportación lleva bienes (1), servicios (2) o ambos (3).' });
    }
    if (item.tax !== undefined && item.tax !== 'gravada' && item.tax !== 'no_gravado') {
      errors.push({ path: `items[${i}].tax`, code: 'not_allowed_for_type', message: 'Las exportaciones son ventas afectas a tasa 0 % (gravada) o cargos/abonos no gravados (no_gravado).' });
    }
    if (item.tax === 'no_gravado') {
      if (item.discount !== undefined && /[1-9]/.test(item.discount)) {
        errors.push({ path: `items[${i}].discount`, code: 'not_allowed_for_tax', message: 'Una línea no gravada (cargo/abono fuera de la base imponible) no lleva descuento.' });
      }
    } else if (item.unitPrice.startsWith('-') && /[1-9]/.test(item.unitPrice)) {
      errors.push({ path: `items[${i}].unitPrice`, code: 'out_of_range', message: 'El precio no puede ser negativo (solo un abono no gravado lo es).' });
    }
  });
  const x = input.export;
  if (input.items && exportItemType(input) !== 2) {
    if (x?.customsOffice === undefined) errors.push(required('export.customsOffice', 'La exportación de bienes indica el recinto fiscal (CAT-027).'));
    if (x?.regime === undefined) errors.push(required('export.regime', 'La exportación de bienes indica el régimen de exportación (CAT-028).'));
    if (x?.incoterms === undefined) errors.push(required('export.incoterms', 'La exportación de bienes indica el INCOTERMS (CAT-031).'));
  } else if (input.items) {
    for (const k of ['customsOffice', 'regime', 'regimeType', 'incoterms'] as const) {
      if (x?.[k] !== undefined) errors.push({ path: `export.${k}`, code: 'invalid_combination', message: 'Una exportación solo de servicios no lleva recinto fiscal, régimen ni INCOTERMS.' });
    }
  }
  return errors;
}
