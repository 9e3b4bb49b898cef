/**
 * The issuance body (DocumentCreate) in camelCase, as the REST layer hands it over after converting
 * snake_case mechanically (`unit_price` → `unitPrice`, `iva_1` → `iva1`, `no_sujeta` → `noSujeta`…).
 *
 * `items[].tax` values and the MH item field each one fills:
 *   gravada    → ventaGravada (IVA: FE inside the price, CCF/NC/ND added as tributo 20)
 *   exenta     → ventaExenta
 *   no_sujeta  → ventaNoSuj
 *   no_gravado → noGravado: charges/credits outside the tax base ("Cargos/Abonos que no afectan la
 *                base imponible"); the only lines whose unit price may be negative (a credit).
 *
 * Unknown fields are refused (never silently dropped). Type-dependent rules (fields with no place in
 * the target schema, receivers per type, related documents) are in document-type-rules.ts.
 */
import { z } from 'zod';
import { CatalogCode } from '../catalog/catalogs';
import { wasParsedBy } from '../shared/parsed-input';
import { TAX_TREATMENTS } from './amounts/amount.types';
import { checkDocumentRules } from './document-type-rules';
import {
  DUI_PATTERN, NIT_PATTERN, addressSchema, catalogCode, decimalString, optional, relatedDocumentNumber,
} from './document-create-fields';
import { ALL_DTE_TYPES, type FieldError } from './dte.types';
import { issuesToFieldErrors, spanishIssueMessage } from './zod-issue-mapper';

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/** The receiver's fields (DocumentCreate.receiver), shared with the emitter's customers (directory). */
export const receiverShape = {
  name: optional(text(1, 250)),
  documentType: optional(catalogCode(CatalogCode.identificationDocumentType)),
  documentNumber: optional(text(1, 20)),
  nrc: optional(z.string().regex(/^[0-9]{2,8}$/, { error: 'El NRC son de 2 a 8 dígitos, sin guiones.' })),
  economicActivity: optional(catalogCode(CatalogCode.economicActivity)),
  tradeName: optional(text(1, 150)),
  address: optional(addressSchema),
  email: optional(z.email().max(100)),
  phone: optional(text(8, 30)),
  country: optional(catalogCode(CatalogCode.country)),
  personType: optional(catalogCode(CatalogCode.personType)),
  fiscalDomicile: optional(catalogCode(CatalogCode.fiscalDomicile)),
  establishmentType: optional(catalogCode(CatalogCode.establishmentType)),
  activityDescription: optional(text(5, 150)),
  foreignAddress: optional(text(1, 200)),
};

type ReceiverFields = { documentType?: string; documentNumber?: string };

/** The receiver's cross-field rules: identification type and number together, NIT and DUI formats. */
export function refineReceiver(r: ReceiverFields, ctx: z.RefinementCtx): void {
  if ((r.documentType === undefined) !== (r.documentNumber === undefined)) {
    const missing = r.documentType === undefined ? 'documentType' : 'documentNumber';
    ctx.addIssue({ code: 'custom', path: [missing], params: { code: 'required' },
      message: 'El tipo y el número de documento de identificación van juntos.' });
  }
  if (r.documentType === '36' && r.documentNumber !== undefined && !NIT_PATTERN.test(r.documentNumber)) {
    ctx.addIssue({ code: 'custom', path: ['documentNumber'], params: { code: 'invalid_format' },
      message: 'El NIT son 14 o 9 dígitos, sin guiones.' });
  }
  if (r.documentType === '13' && r.documentNumber !== undefined && !DUI_PATTERN.test(r.documentNumber)) {
    ctx.addIssue({ code: 'custom', path: ['documentNumber'], params: { code: 'invalid_format' },
      message: 'El DUI tiene el formato ########-#.' });
  }
}

export const receiverSchema = z.strictObject(receiverShape).superRefine(refineReceiver);

/**
 * One line. `type` and `tax` are required by the rules of the types that have them (every type but
 * CD, whose lines carry `donationType`, and FSE, whose purchases carry no tax treatment).
 */
export const itemShape = {
  type: optional(catalogCode(CatalogCode.itemType)),
  code: optional(text(1, 25)),
  description: text(1, 1500),
  quantity: decimalString({ sign: 'positive' }),
  unitCode: catalogCode(CatalogCode.unitOfMeasure),
  unitPrice: decimalString({ sign: 'any' }),
  discount: optional(decimalString({ sign: 'non_negative' })),
  tax: optional(z.enum(TAX_TREATMENTS)),
  taxes: optional(
    z.array(catalogCode(CatalogCode.tribute)).max(20).refine((a) => new Set(a).size === a.length, {
      params: { code: 'duplicate_value' }, error: 'Hay códigos de tributo repetidos.',
    }),
  ),
  relatedDocument: optional(relatedDocumentNumber),
  donationType: optional(catalogCode(CatalogCode.donationType)),
  depreciation: optional(decimalString({ sign: 'non_negative' })),
};
const itemSchema = z.strictObject(itemShape);

/**
 * A line as the doors take it: either complete, or `productId` (a product of the emitter's
 * directory) whose fields fill what the line leaves out — `quantity` is always given.
 */
const referenceItemSchema = z
  .strictObject({
    ...itemShape,
    description: optional(itemShape.description),
    unitCode: optional(itemShape.unitCode),
    unitPrice: optional(itemShape.unitPrice),
    productId: optional(text(1, 64)),
  })
  .superRefine((item, ctx) => {
    if (item.productId !== undefined) return;
    for (const key of ['description', 'unitCode', 'unitPrice'] as const) {
      if (item[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], params: { code: 'required' },
          message: 'Campo obligatorio (o indique productId, un producto del directorio del emisor).' });
      }
    }
  });

const paymentMethodSchema = z
  .strictObject({
    code: catalogCode(CatalogCode.paymentMethod),
    amount: decimalString({ sign: 'non_negative', places: 2 }),
    reference: optional(text(1, 50)),
    term: optional(catalogCode(CatalogCode.paymentTerm)),
    period: optional(z.number().int().positive()),
  })
  .superRefine((m, ctx) => {
    if (m.code === '99' && m.reference === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reference'], params: { code: 'required' },
        message: 'La forma de pago 99 (otros) necesita la referencia que indica el medio de pago.' });
    }
    if ((m.term === undefined) !== (m.period === undefined)) {
      ctx.addIssue({ code: 'custom', path: [m.term === undefined ? 'term' : 'period'], params: { code: 'required' },
        message: 'El plazo (term, CAT-018) y su período (period) van juntos.' });
    }
  });

/**
 * A related document: CAT-002 type, its generation code — or, for a paper document, its number
 * (`relatedDocumentNumber`) — and its issue date.
 */
export const relatedDocumentSchema = z.strictObject({ type: catalogCode(CatalogCode.documentType), generationCode: relatedDocumentNumber, issuedOn: z.iso.date() });

const money2 = (sign: 'non_negative' | 'positive' | 'any') => decimalString({ sign, places: 2 });

/**
 * The document a CR or CL line is about: electronic (a generation code, normalised to uppercase) or
 * paper (its number, 1–36 characters, in `generationCode`, emitted with tipoGeneracion 1).
 */
const lineDocumentSchema = relatedDocumentSchema;

/** CR (07): one line per document the withholding applies to. */
const withholdingLineSchema = z.strictObject({
  relatedDocument: lineDocumentSchema,
  taxableAmount: money2('positive'),
  code: catalogCode(CatalogCode.retentionCode),
  withheldAmount: optional(money2('positive')),
  description: optional(text(1, 300)),
});

/** CL (08): one line per document settled (negative amounts for an invalidated one). */
const settledDocumentSchema = z.strictObject({
  relatedDocument: lineDocumentSchema,
  noSujeta: optional(decimalString({ sign: 'any' })),
  exenta: optional(decimalString({ sign: 'any' })),
  gravada: optional(decimalString({ sign: 'any' })),
  exports: optional(decimalString({ sign: 'any' })),
  perception: optional(money2('non_negative')),
  notes: optional(text(1, 1000)),
});

/** DCL (09): the card-issuer settlement of one period. */
const settlementSchema = z.strictObject({
  periodStart: z.iso.date(),
  periodEnd: z.iso.date(),
  code: optional(text(1, 30)),
  documentCount: optional(z.number().int().positive().max(999_999_999)),
  operationsAmount: money2('positive'),
  nonPerceptionAmount: optional(money2('non_negative')),
  nonPerceptionDescription: optional(text(1, 100)),
  commission: money2('non_negative'),
  commissionPercent: optional(money2('non_negative')),
  responsible: z.strictObject({ name: text(1, 100), documentNumber: text(1, 25), employeeCode: optional(text(1, 15)) }),
});

/** FEX (11): export data (emisor.recintoFiscal/tipoRegimen/regimen, resumen incoterms, flete, seguro). */
const exportSchema = z.strictObject({
  customsOffice: optional(catalogCode(CatalogCode.customsOffice)),
  regimeType: optional(catalogCode(CatalogCode.regimeType)),
  regime: optional(catalogCode(CatalogCode.exportRegime)),
  incoterms: optional(catalogCode(CatalogCode.incoterms)),
  freight: optional(money2('non_negative')),
  insurance: optional(money2('non_negative')),
});

/** FEX and CD: otrosDocumentos (CAT-021), with the transport of an export (code 4). */
const associatedDocumentSchema = z.strictObject({
  code: catalogCode(CatalogCode.associatedDocument),
  identification: optional(text(3, 100)),
  description: optional(text(3, 300)),
  transport: optional(z.strictObject({
    mode: catalogCode(CatalogCode.transport),
    vehicleId: text(5, 70),
    driverDocument: text(5, 100),
    driverName: text(5, 200),
  })),
});

const documentShape = {
  emitterId: text(1, 255),
  type: z.enum(ALL_DTE_TYPES, { error: 'Tipo de documento no soportado: use 01 (FE), 03 (CCF), 04 (NR), 05 (NC), 06 (ND), 07 (CR), 08 (CL), 09 (DCL), 11 (FEX), 14 (FSE) o 15 (CD).' }),
  establishment: z.string().regex(/^[MBSP][0-9]{3}$/, { error: 'Código de establecimiento de MH de 4 caracteres: M, B, S o P y 3 dígitos (p. ej. M001).' }),
  pointOfSale: z.string().regex(/^P[0-9]{3}$/, { error: 'Código de punto de venta de MH de 4 caracteres: P y 3 dígitos (p. ej. P001).' }),
  externalId: optional(text(1, 255)),
  issuedAt: optional(z.iso.datetime({ offset: true })),
  receiver: optional(receiverSchema),
  items: optional(z.array(itemSchema).min(1).max(2000)),
  globalDiscount: optional(
    z.strictObject({
      gravada: optional(decimalString({ sign: 'non_negative', places: 2 })),
      exenta: optional(decimalString({ sign: 'non_negative', places: 2 })),
      noSujeta: optional(decimalString({ sign: 'non_negative', places: 2 })),
      total: optional(decimalString({ sign: 'non_negative', places: 2 })),
    }),
  ),
  withholding: optional(
    z.strictObject({
      iva1: optional(z.boolean()),
      renta: optional(decimalString({ sign: 'non_negative' })),
    }),
  ),
  perception: optional(z.boolean()),
  payment: optional(
    z.strictObject({
      condition: optional(catalogCode(CatalogCode.operationCondition)),
      methods: optional(z.array(paymentMethodSchema).min(1).max(50)),
    }),
  ),
  relatedDocuments: optional(z.array(relatedDocumentSchema).min(1).max(50)),
  goodsTitle: optional(catalogCode(CatalogCode.remittedGoodsTitle)),
  withholdings: optional(z.array(withholdingLineSchema).min(1).max(500)),
  settledDocuments: optional(z.array(settledDocumentSchema).min(1).max(500)),
  settlement: optional(settlementSchema),
  export: optional(exportSchema),
  associatedDocuments: optional(z.array(associatedDocumentSchema).min(1).max(20)),
  notes: optional(text(1, 3000)),
  appendix: optional(z.array(z.strictObject({ field: text(2, 25), label: text(3, 50), value: text(1, 150) })).min(1).max(10)),
  raw: optional(z.record(z.string(), z.unknown())),
  sendEmail: optional(z.boolean()),
  environment: optional(z.enum(['00', '01'])),
};

/** The body once every reference is resolved: what the rules and the builder read. */
const issuableDocumentSchema = z.strictObject(documentShape);

/**
 * The issuance body as both doors take it: DocumentCreate plus the directory references —
 * `customerId` in place of `receiver`, `items[].productId`, and `saveCustomer` (keep the given
 * receiver as the emitter's customer). The issuance service resolves the references into a full
 * body before the rules and the builder see it (ADR 0092).
 */
export const documentCreateSchema = z
  .strictObject({
    ...documentShape,
    customerId: optional(text(1, 64)),
    saveCustomer: optional(z.boolean()),
    items: optional(z.array(referenceItemSchema).min(1).max(2000)),
  })
  .superRefine((body, ctx) => {
    if (body.customerId !== undefined && body.receiver !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], params: { code: 'conflicting_fields' },
        message: 'Indique el receptor (receiver) o un cliente del directorio (customerId), no ambos.' });
    }
    if (body.saveCustomer === true && (body.receiver?.name === undefined || body.receiver.documentNumber === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['saveCustomer'], params: { code: 'required' },
        message: 'Para guardar el cliente, el receptor (receiver) necesita nombre y documento de identificación.' });
    }
  });

/** The issuance body with its directory references (camelCase), as the doors parse it. */
export type DocumentCreateBody = z.output<typeof documentCreateSchema>;

/** True when the body names a customer or a product of the directory, or asks to save its receiver. */
export function hasDirectoryReferences(body: unknown): boolean {
  if (body === null || typeof body !== 'object') return false;
  const b = body as { customerId?: unknown; saveCustomer?: unknown; items?: unknown };
  // A key given as null (GraphQL) counts too: the door's schema then reads it as absent.
  if (b.customerId !== undefined || b.saveCustomer !== undefined) return true;
  return Array.isArray(b.items) && b.items.some((i) => i !== null && typeof i === 'object' && (i as { productId?: unknown }).productId !== undefined);
}

/** Parses the door's body (references included); already parsed by the REST door: as it is. */
export function parseDocumentCreateBody(body: unknown): { ok: true; value: DocumentCreateBody } | { ok: false; errors: FieldError[] } {
  if (wasParsedBy(documentCreateSchema, body)) return { ok: true, value: body as DocumentCreateBody };
  const parsed = documentCreateSchema.safeParse(body, { error: spanishIssueMessage, reportInput: true });
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
  return { ok: true, value: parsed.data };
}

/** The parsed issuance body (camelCase; absent and null optional fields are `undefined`). */
export type DocumentCreateInput = z.output<typeof issuableDocumentSchema>;
export type DocumentItemInput = NonNullable<DocumentCreateInput['items']>[number];
export type ReceiverInput = NonNullable<DocumentCreateInput['receiver']>;

export type ParseResult = { ok: true; value: DocumentCreateInput } | { ok: false; errors: FieldError[] };

/**
 * Validates an issuance body with no directory reference left (see hasDirectoryReferences): shape,
 * formats, catalogs, then the rules of its document type.
 */
export function parseDocumentCreate(body: unknown): ParseResult {
  // Already validated by the REST door with the door's schema and naming nothing of the directory: only
  // the cross-field rules remain (every line is then complete).
  if (wasParsedBy(documentCreateSchema, body) && !hasDirectoryReferences(body)) return withRules(body as DocumentCreateInput);
  const parsed = issuableDocumentSchema.safeParse(body, { error: spanishIssueMessage, reportInput: true });
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
  return withRules(parsed.data);
}

function withRules(value: DocumentCreateInput): ParseResult {
  const errors = checkDocumentRules(value);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
