/**
 * purchases: annex 3 (CCF 03, NC 05, ND 06, FEX 11 for free-zone buyers, DUCA 12, mandamiento 13)
 * and annex 5 (14, purchases from sujetos excluidos). Amount keys by annex 3 column (decisions.md);
 * the 14 uses annex 5's G/H.
 */
import type { FieldError } from '../dte/dte.types';
import type { FiscalRecord } from './fiscal-record.schema';
import { checkPurchaseClassification } from './income-codes.rules';
import { PURCHASE_AMOUNTS, PURCHASE_ATTRIBUTES } from './record-keys.catalog';
import { checkCounterpart, checkDocumentIdentity, checkMapKeys } from './record-rules.helpers';
import { derivedDocClass } from './record-derivations';

const INTERNAL_KEYS = ['exempt_internal', 'taxed_internal', 'vat_credit', 'vat_withheld'];

/** Amount keys per document type: local documents fill the internal columns, customs ones the rest. */
export const PURCHASE_AMOUNT_KEYS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  '03': INTERNAL_KEYS,
  '05': INTERNAL_KEYS,
  '06': INTERNAL_KEYS,
  '11': INTERNAL_KEYS,
  '12': ['exempt_internment', 'exempt_import', 'taxed_internment_goods', 'taxed_import_goods', 'vat_credit'],
  '13': ['exempt_import', 'taxed_import_services', 'vat_credit'],
  '14': ['operation_amount', 'vat_withheld'],
};

const QUARTET = ['operation_type', 'classification', 'sector', 'cost_type'];

export function checkPurchaseRecord(r: FiscalRecord): FieldError[] {
  const excluded = r.docType === '14';
  const errors = checkDocumentIdentity(r, {
    allowed: { '1': ['03', '05', '06', '11', '14'], '2': ['03', '05', '06', '11'], '3': ['12', '13'], '4': ['03', '05', '06', '11', '14'] },
    controlNumberRequired: false,
    physicalSeries: excluded,
    physicalResolution: false,
  });
  const typeKeys = r.docType !== undefined ? PURCHASE_AMOUNT_KEYS_BY_TYPE[r.docType] : undefined;
  errors.push(...checkMapKeys(r.amounts, 'amounts', {
    known: PURCHASE_AMOUNTS,
    allowed: typeKeys ?? PURCHASE_AMOUNTS.map((k) => k.key),
    required: excluded ? ['operation_amount'] : [],
    context: `una compra de tipo ${r.docType ?? '?'}`,
  }));
  errors.push(...checkMapKeys(r.attributes, 'attributes', {
    known: PURCHASE_ATTRIBUTES,
    allowed: [...QUARTET, 'document_number', 'series', ...(excluded ? ['other_id_number'] : [])],
    context: 'una compra que no es a sujeto excluido (tipo 14)',
  }));
  errors.push(...checkPurchaseClassification(r.attributes));
  if (excluded) {
    const other = r.attributes.other_id_number;
    if (other !== undefined && !/^[A-Za-z0-9]{1,14}$/.test(other)) {
      errors.push({ path: 'attributes.other_id_number', code: 'invalid_format', message: 'El documento del sujeto excluido tiene hasta 14 letras o dígitos, sin guiones.' });
    }
    if (r.counterpart === undefined) {
      errors.push({ path: 'counterpart', code: 'required', message: 'Faltan los datos del sujeto excluido.' });
    } else {
      if (r.counterpart.name === undefined) errors.push({ path: 'counterpart.name', code: 'required', message: 'Falta el nombre del sujeto excluido.' });
      if (!r.counterpart.nit && !r.counterpart.dui && other === undefined) {
        errors.push({ path: 'counterpart.nit', code: 'required', message: 'El sujeto excluido se identifica con NIT, DUI u otro documento (attributes.other_id_number).' });
      }
    }
  } else {
    errors.push(...checkCounterpart(r, { required: true, nameRequired: true, ids: derivedDocClass(r) === '3' ? 'optional' : 'nit_nrc_dui', role: 'proveedor' }));
  }
  return errors;
}
