/**
 * external-sales: sales documented outside this service (another system's DTEs or printed documents).
 * 03/05/06 → annex 1 (and annex 9 when `vat_perceived`), 01/11 → annex 2, one row per record (the
 * record may be a day's range: `last_generation_code` / `last_document_number`).
 */
import type { FieldError } from '../dte/dte.types';
import type { FiscalRecord } from './fiscal-record.schema';
import { checkSaleIncomeCodes } from './income-codes.rules';
import { EXTERNAL_SALE_AMOUNTS, EXTERNAL_SALE_ATTRIBUTES } from './record-keys.catalog';
import { checkCounterpart, checkDocumentIdentity, checkMapKeys } from './record-rules.helpers';
import { derivedDocClass } from './record-derivations';

const TAXPAYER_KEYS = ['exempt', 'non_subject', 'taxed', 'vat_debit', 'third_party_taxed', 'third_party_vat_debit', 'vat_perceived'];

export const EXTERNAL_SALE_AMOUNT_KEYS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  '01': ['exempt', 'exempt_non_proportional', 'non_subject', 'taxed', 'third_party_taxed'],
  '03': TAXPAYER_KEYS,
  '05': TAXPAYER_KEYS,
  '06': TAXPAYER_KEYS,
  '11': ['exports_central_america', 'exports_outside_central_america', 'exports_services', 'free_zone'],
};

export function checkExternalSaleRecord(r: FiscalRecord): FieldError[] {
  const consumer = r.docType === '01' || r.docType === '11';
  const errors = checkDocumentIdentity(r, {
    allowed: { '1': ['01', '03', '05', '06', '11'], '2': ['01', '03', '05', '06', '11'], '4': ['01', '03', '05', '06', '11'] },
    controlNumberRequired: !consumer,
    physicalSeries: true,
    physicalResolution: true,
  });
  const typeKeys = r.docType !== undefined ? EXTERNAL_SALE_AMOUNT_KEYS_BY_TYPE[r.docType] : undefined;
  errors.push(...checkMapKeys(r.amounts, 'amounts', {
    known: EXTERNAL_SALE_AMOUNTS,
    allowed: typeKeys ?? EXTERNAL_SALE_AMOUNTS.map((k) => k.key),
    context: `una venta de tipo ${r.docType ?? '?'}`,
  }));
  const rangeKeys = consumer ? (derivedDocClass(r) === '4' ? ['last_generation_code'] : ['last_document_number']) : [];
  errors.push(...checkMapKeys(r.attributes, 'attributes', {
    known: EXTERNAL_SALE_ATTRIBUTES,
    allowed: ['operation_type', 'income_type', 'resolution', 'series', 'document_number', ...rangeKeys],
    context: consumer ? `una venta de tipo ${r.docType} de clase ${r.docClass ?? '?'}` : 'una venta a contribuyente (03/05/06), que no se agrupa en rangos',
  }));
  const last = r.attributes.last_generation_code;
  if (last !== undefined && !/^([0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}|[0-9A-Fa-f]{32})$/.test(last)) {
    errors.push({ path: 'attributes.last_generation_code', code: 'invalid_format', message: 'El código de generación es un UUID de 36 caracteres (o 32 sin guiones).' });
  }
  errors.push(...checkSaleIncomeCodes(r.attributes.operation_type, r.attributes.income_type, {
    operationType: 'attributes.operation_type', incomeType: 'attributes.income_type',
  }));
  // A sale to a taxpayer names the customer; without doc_type it is not known to be one.
  const taxpayer = r.docType !== undefined && !consumer;
  errors.push(...checkCounterpart(r, { required: taxpayer, nameRequired: taxpayer, ids: taxpayer ? 'nit_nrc_dui' : 'optional', role: 'cliente' }));
  return errors;
}
