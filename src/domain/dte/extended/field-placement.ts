/**
 * Which request fields each document type has a place for. A field given for a type whose official
 * 2026 schema has no place for it is refused naming it (`not_allowed_for_type`), never dropped.
 * The classic types (FE, CCF, NC, ND) keep their finer rules in document-type-rules.ts; this table
 * only keeps the fields of the other types out of them.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { AnyDteType, FieldError } from '../dte.types';

const COMMON = ['emitterId', 'type', 'establishment', 'pointOfSale', 'externalId', 'issuedAt', 'appendix', 'raw', 'sendEmail', 'environment'];

interface Placement {
  top: readonly string[];
  receiver?: readonly string[];
  items?: readonly string[];
  globalDiscount?: readonly string[];
  withholding?: readonly string[];
  payment?: readonly string[];
  paymentMethods?: readonly string[];
}

const RECEIVER_BASE = ['name', 'documentType', 'documentNumber', 'nrc', 'economicActivity', 'tradeName', 'address', 'email', 'phone'];
const SALE_ITEM = ['type', 'code', 'description', 'quantity', 'unitCode', 'unitPrice', 'discount', 'tax', 'taxes', 'relatedDocument'];
const PAYMENT_METHOD = ['code', 'amount', 'reference', 'term', 'period'];

const CLASSIC: Placement = {
  top: [...COMMON, 'receiver', 'items', 'globalDiscount', 'withholding', 'perception', 'payment', 'relatedDocuments', 'notes'],
  receiver: [...RECEIVER_BASE, 'country'],
  items: SALE_ITEM,
  globalDiscount: ['gravada', 'exenta', 'noSujeta'],
  withholding: ['iva1', 'renta'],
  payment: ['condition', 'methods'],
  paymentMethods: PAYMENT_METHOD,
};

export const FIELD_PLACEMENT: Readonly<Record<AnyDteType, Placement>> = {
  '01': CLASSIC,
  '03': CLASSIC,
  '05': CLASSIC,
  '06': CLASSIC,
  '04': {
    top: [...COMMON, 'receiver', 'items', 'globalDiscount', 'relatedDocuments', 'goodsTitle', 'notes'],
    receiver: RECEIVER_BASE,
    items: SALE_ITEM,
    globalDiscount: ['gravada', 'exenta', 'noSujeta'],
  },
  '07': { top: [...COMMON, 'receiver', 'withholdings', 'notes'], receiver: RECEIVER_BASE },
  '08': {
    top: [...COMMON, 'receiver', 'settledDocuments', 'payment', 'notes'],
    receiver: [...RECEIVER_BASE, 'fiscalDomicile'],
    payment: ['condition'],
  },
  '09': {
    top: [...COMMON, 'receiver', 'settlement', 'notes'],
    receiver: [...RECEIVER_BASE, 'establishmentType'],
  },
  '11': {
    top: [...COMMON, 'receiver', 'items', 'globalDiscount', 'relatedDocuments', 'payment', 'export', 'associatedDocuments', 'notes'],
    receiver: ['name', 'documentType', 'documentNumber', 'economicActivity', 'activityDescription', 'tradeName', 'country', 'foreignAddress', 'personType', 'email', 'phone'],
    items: ['type', 'code', 'description', 'quantity', 'unitCode', 'unitPrice', 'discount', 'tax', 'relatedDocument'],
    globalDiscount: ['gravada'],
    payment: ['condition', 'methods'],
    paymentMethods: PAYMENT_METHOD,
  },
  '14': {
    top: [...COMMON, 'receiver', 'items', 'globalDiscount', 'withholding', 'payment', 'notes'],
    receiver: ['name', 'documentType', 'documentNumber', 'economicActivity', 'address', 'email', 'phone'],
    items: ['type', 'code', 'description', 'quantity', 'unitCode', 'unitPrice', 'discount'],
    globalDiscount: ['total'],
    withholding: ['renta'],
    payment: ['condition', 'methods'],
    paymentMethods: PAYMENT_METHOD,
  },
  '15': {
    top: [...COMMON, 'receiver', 'items', 'associatedDocuments', 'payment'],
    receiver: ['name', 'documentType', 'documentNumber', 'nrc', 'economicActivity', 'address', 'email', 'phone', 'country', 'fiscalDomicile'],
    items: ['donationType', 'code', 'description', 'quantity', 'unitCode', 'unitPrice', 'depreciation'],
    payment: ['methods'],
    paymentMethods: ['code', 'amount', 'reference'],
  },
};

export const TYPE_NAMES: Readonly<Record<AnyDteType, string>> = {
  '01': 'la factura (01)',
  '03': 'el comprobante de crédito fiscal (03)',
  '04': 'la nota de remisión (04)',
  '05': 'la nota de crédito (05)',
  '06': 'la nota de débito (06)',
  '07': 'el comprobante de retención (07)',
  '08': 'el comprobante de liquidación (08)',
  '09': 'el documento contable de liquidación (09)',
  '11': 'la factura de exportación (11)',
  '14': 'la factura de sujeto excluido (14)',
  '15': 'el comprobante de donación (15)',
};

/** "a" and the type's name as Spanish contracts them: «al comprobante de retención (07)», «a la factura (01)». */
export function toTypeName(type: AnyDteType): string {
  const name = TYPE_NAMES[type];
  return name.startsWith('el ') ? `al ${name.slice(3)}` : `a ${name}`;
}

/** The type's name opening a sentence: «El comprobante de liquidación (08)», «La nota de crédito (05)». */
export function typeNameAtStart(type: AnyDteType): string {
  const name = TYPE_NAMES[type];
  return name.charAt(0).toLocaleUpperCase('es') + name.slice(1);
}

function present(obj: object | undefined): string[] {
  if (!obj) return [];
  return Object.entries(obj).filter(([, v]) => v !== undefined).map(([k]) => k);
}

function refuse(path: string, type: AnyDteType): FieldError {
  return { path, code: 'not_allowed_for_type', message: `El campo no aplica ${toTypeName(type)}: su esquema oficial no tiene dónde llevarlo.` };
}

function checkKeys(out: FieldError[], obj: object | undefined, allowed: readonly string[] | undefined, prefix: string, type: AnyDteType): void {
  if (!obj || !allowed) return;
  for (const key of present(obj)) if (!allowed.includes(key)) out.push(refuse(`${prefix}.${key}`, type));
}

/** Fields given that `type` has no place for (empty when every field fits). */
export function checkFieldPlacement(input: DocumentCreateInput, type: AnyDteType): FieldError[] {
  const table = FIELD_PLACEMENT[type];
  const out: FieldError[] = [];
  for (const key of present(input)) if (!table.top.includes(key)) out.push(refuse(key, type));
  if (table.top.includes('receiver')) checkKeys(out, input.receiver, table.receiver, 'receiver', type);
  if (table.top.includes('globalDiscount')) checkKeys(out, input.globalDiscount, table.globalDiscount, 'globalDiscount', type);
  if (table.top.includes('withholding')) checkKeys(out, input.withholding, table.withholding, 'withholding', type);
  if (table.top.includes('payment')) {
    checkKeys(out, input.payment, table.payment, 'payment', type);
    if (table.payment?.includes('methods')) input.payment?.methods?.forEach((m, i) => checkKeys(out, m, table.paymentMethods, `payment.methods[${i}]`, type));
  }
  if (table.top.includes('items')) input.items?.forEach((item, i) => checkKeys(out, item, table.items, `items[${i}]`, type));
  return out;
}
