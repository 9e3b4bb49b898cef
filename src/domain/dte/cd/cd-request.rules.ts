/**
 * Comprobante de Donación (15) v2: the issuer is the donee (donatario) and the receiver the donor
 * (donante). Lines carry `donationType` (CAT-026: 1 cash, 2 goods, 3 service) instead of a tax
 * treatment, with MH's Anexo 11 conditions: cash is quantity 1 and unit 99 without depreciation; a
 * service is unit 99 without depreciation. `associatedDocuments` (CAT-021 codes 1 or 2) are
 * required. Payment methods (only code, amount, reference) describe the cash donated and add up to
 * it. The donor: name and identification; `fiscalDomicile` (CAT-032) defaults to 1 and `country`
 * (CAT-020) to SV, required for a donor not domiciled. Never issued in contingency.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';
import { checkAssociatedDocuments } from '../extended/associated-documents';
import { checkItemNeeds, checkReceiverNeeds, required } from '../extended/extended-parts';
import { CASH_DONATION } from './cd-amounts';

const OTHER_UNIT = '99';
const SERVICE_DONATION = '3';

export function checkCdRules(input: DocumentCreateInput): FieldError[] {
  const errors: FieldError[] = [
    ...checkItemNeeds(input, ['donationType']),
    ...checkReceiverNeeds(input, '15', ['name', 'document'], 'donante (receptor)'),
  ];
  if (!input.associatedDocuments) {
    errors.push(required('associatedDocuments', 'El comprobante de donación lleva al menos un documento asociado (CAT-021), p. ej. la autorización como entidad donataria.'));
  } else {
    errors.push(...checkAssociatedDocuments(input.associatedDocuments, ['1', '2']));
  }
  const r = input.receiver;
  if (r && r.fiscalDomicile === '2' && r.country === undefined) {
    errors.push(required('receiver.country', 'Un donante no domiciliado indica su país (CAT-020).'));
  }
  (input.items ?? []).forEach((item, i) => {
    const base = `items[${i}]`;
    if (item.unitPrice.startsWith('-') && /[1-9]/.test(item.unitPrice)) {
      errors.push({ path: `${base}.unitPrice`, code: 'out_of_range', message: 'El valor unitario no puede ser negativo.' });
    }
    const cash = item.donationType === CASH_DONATION;
    if (cash || item.donationType === SERVICE_DONATION) {
      const kind = cash ? 'una donación en efectivo' : 'la donación de un servicio';
      if (item.unitCode !== OTHER_UNIT) errors.push({ path: `${base}.unitCode`, code: 'invalid_combination', message: `En ${kind} la unidad de medida es 99 (otra).` });
      if (item.depreciation !== undefined && /[1-9]/.test(item.depreciation)) {
        errors.push({ path: `${base}.depreciation`, code: 'invalid_combination', message: `${kind[0].toUpperCase()}${kind.slice(1)} no lleva depreciación.` });
      }
    }
    if (cash && !/^0*1(\.0*)?$/.test(item.quantity)) {
      errors.push({ path: `${base}.quantity`, code: 'invalid_combination', message: 'En una donación en efectivo la cantidad es 1 y el monto va en unitPrice.' });
    }
  });
  const hasCash = (input.items ?? []).some((i) => i.donationType === CASH_DONATION);
  if (input.payment?.methods && !hasCash) {
    errors.push({ path: 'payment.methods', code: 'invalid_combination', message: 'Las formas de pago describen una donación en efectivo; este comprobante no tiene ninguna.' });
  }
  return errors;
}
