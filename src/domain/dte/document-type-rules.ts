/**
 * Rules of the issuance body that depend on the document type (2026 schemas: FE v2, CCF v4, NC v4,
 * ND v4). A field with no place in the target schema is refused naming it (never dropped):
 *   - withholding.renta: MH 2026 removed `reteRenta` from these four types;
 *   - receiver.country: none of the four receptors has a country;
 *   - receiver.tradeName on FE (its receptor has no nombreComercial);
 *   - globalDiscount and payment.methods on NC/ND (no descuGravada/… nor pagos);
 *   - perception except on CCF (spec: perception only on CCF, and only for large taxpayers).
 * Receivers: FE optional (mandatory from the FE threshold, checked when amounts are known); CCF needs
 * name, NIT (36) or DUI (13, homologated as NIT), economic activity and address; NC/ND need name,
 * identification document, economic activity and address.
 * Related documents (all of one type, ≤ 50): FE 04/09, CCF 04/08/09, NC/ND 03/07 and mandatory;
 * every NC/ND line names the related document it adjusts.
 */
import { checkItemTributes } from './amounts/tribute-rules';
import type { DocumentCreateInput } from './document-create.schema';
import { isExtendedDteType, type DteType, type FieldError } from './dte.types';
import { checkExtendedDocumentRules } from './extended/extended-rules';
import { TYPE_NAMES, checkFieldPlacement, toTypeName, typeNameAtStart } from './extended/field-placement';
import { checkListedRelatedDocuments } from './extended/related-documents.rules';

/** Fields allowed next to `raw` (request routing, not document content). */
export const RAW_COMPANION_FIELDS = ['emitterId', 'type', 'establishment', 'pointOfSale', 'externalId', 'sendEmail', 'environment'] as const;

/** Types of related document each DTE accepts (MH v1/v3 schema enums; 2026 schemas dropped them). */
export const RELATED_DOCUMENT_TYPES: Readonly<Record<DteType, readonly string[]>> = {
  '01': ['04', '09'],
  '03': ['04', '08', '09'],
  '05': ['03', '07'],
  '06': ['03', '07'],
};

function notAllowed(path: string, type: DteType, why: string): FieldError {
  return { path, code: 'not_allowed_for_type', message: `El campo no aplica ${toTypeName(type)}: ${why}` };
}

function required(path: string, message: string): FieldError {
  return { path, code: 'required', message };
}

function checkRaw(input: DocumentCreateInput): FieldError[] {
  const allowed = new Set<string>(RAW_COMPANION_FIELDS);
  return Object.entries(input)
    .filter(([key, value]) => key !== 'raw' && value !== undefined && !allowed.has(key))
    .map(([key]) => ({
      path: key,
      code: 'not_allowed_with_raw',
      message: 'Con raw el documento ya viene armado: no se combinan campos estructurados (solo emitterId, type, establishment, pointOfSale, externalId, sendEmail y environment).',
    }));
}

function checkPlacement(input: DocumentCreateInput, type: DteType): FieldError[] {
  const errors: FieldError[] = [];
  if (input.withholding?.renta !== undefined) {
    errors.push(notAllowed('withholding.renta', type, 'los esquemas 2026 de MH eliminaron la retención de renta (reteRenta) de este documento.'));
  }
  if (input.receiver?.country !== undefined) errors.push(notAllowed('receiver.country', type, 'el receptor de este documento no tiene país.'));
  if (type === '01' && input.receiver?.tradeName !== undefined) {
    errors.push(notAllowed('receiver.tradeName', type, 'el receptor de la factura no tiene nombre comercial.'));
  }
  if (type === '05' || type === '06') {
    if (input.globalDiscount !== undefined) errors.push(notAllowed('globalDiscount', type, 'su esquema oficial no tiene descuentos globales.'));
    if (input.payment?.methods !== undefined) errors.push(notAllowed('payment.methods', type, 'su esquema oficial no tiene formas de pago (pagos).'));
  }
  if (input.perception === true && type !== '03') {
    errors.push({ path: 'perception', code: 'perception_not_allowed', message: 'La percepción de IVA 1 % solo se aplica en comprobantes de crédito fiscal (03).' });
  }
  return errors;
}

function checkReceiver(input: DocumentCreateInput, type: DteType): FieldError[] {
  if (type === '01') return [];
  const r = input.receiver;
  if (!r) return [required('receiver', `El receptor es obligatorio en ${TYPE_NAMES[type]}.`)];
  const errors: FieldError[] = [];
  if (r.name === undefined) errors.push(required('receiver.name', 'El nombre del receptor es obligatorio.'));
  if (r.documentType === undefined && r.documentNumber === undefined) {
    errors.push(required('receiver.documentNumber', 'El documento de identificación del receptor es obligatorio.'));
  }
  if (type === '03' && r.documentType !== undefined && r.documentType !== '36' && r.documentType !== '13') {
    errors.push({ path: 'receiver.documentType', code: 'not_allowed_for_type',
      message: 'El receptor de un crédito fiscal se identifica con NIT (36) o DUI homologado (13).' });
  }
  if (r.economicActivity === undefined) errors.push(required('receiver.economicActivity', 'La actividad económica del receptor (CAT-019) es obligatoria.'));
  if (r.address === undefined) errors.push(required('receiver.address', 'La dirección del receptor es obligatoria.'));
  return errors;
}

function checkRelatedDocuments(input: DocumentCreateInput, type: DteType): FieldError[] {
  const adjusting = type === '05' || type === '06';
  const errors: FieldError[] = [];
  if (adjusting && (input.relatedDocuments ?? []).length === 0) {
    errors.push(required('relatedDocuments', `${typeNameAtStart(type)} debe indicar el documento que ajusta (CCF 03 o CR 07).`));
  }
  errors.push(...checkListedRelatedDocuments(input, type, RELATED_DOCUMENT_TYPES[type], { everyLine: adjusting }));
  return errors;
}

function checkItems(input: DocumentCreateInput, type: DteType): FieldError[] {
  const errors: FieldError[] = [];
  (input.items ?? []).forEach((item, i) => {
    if (item.type === undefined) errors.push(required(`items[${i}].type`, 'Campo obligatorio.'));
    if (item.tax === undefined) errors.push(required(`items[${i}].tax`, 'Campo obligatorio.'));
    if (item.type === undefined || item.tax === undefined) return;
    if (item.unitPrice.startsWith('-') && /[1-9]/.test(item.unitPrice) && item.tax !== 'no_gravado') {
      errors.push({ path: `items[${i}].unitPrice`, code: 'out_of_range', message: 'El precio no puede ser negativo (solo un abono no gravado lo es).' });
    }
    if (item.tax === 'no_gravado' && item.discount !== undefined && /[1-9]/.test(item.discount)) {
      errors.push({ path: `items[${i}].discount`, code: 'not_allowed_for_tax', message: 'Una línea no gravada (cargo/abono fuera de la base imponible) no lleva descuento.' });
    }
    errors.push(...checkItemTributes(type, { ...item, type: item.type, tax: item.tax }, i));
  });
  return errors;
}

/** All type-dependent rules of a parsed body; empty when the body is acceptable. */
export function checkDocumentRules(input: DocumentCreateInput): FieldError[] {
  if (input.raw !== undefined) return checkRaw(input);
  const type = input.type;
  if (isExtendedDteType(type)) return checkExtendedDocumentRules(input, type);
  const errors: FieldError[] = checkFieldPlacement(input, type);
  if (input.payment && input.payment.condition === undefined) errors.push(required('payment.condition', 'Campo obligatorio.'));
  if (input.items === undefined) errors.push(required('items', 'El documento necesita al menos un ítem (o el campo raw).'));
  errors.push(...checkPlacement(input, type));
  errors.push(...checkReceiver(input, type));
  errors.push(...checkRelatedDocuments(input, type));
  errors.push(...checkItems(input, type));
  return errors;
}
