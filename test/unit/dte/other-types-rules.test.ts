/**
 * Refusals of the other seven types: every one names its field with a stable code and a Spanish
 * message; a field with no place in the type's official schema is refused, never dropped.
 */
import { buildDte } from '../../../src/domain/dte/builders/build-dte';
import { parseDocumentCreate } from '../../../src/domain/dte/document-create.schema';
import type { ExtendedDteType } from '../../../src/domain/dte/dte.types';
import { CCF_RECEIVER, body, makeContext, type Body } from './dte-fixtures';
import { FOREIGN_RECEIVER, RELATED_FE, otherBody } from './other-types-fixtures';

function errorsOf(b: Body): { path: string; code: string }[] {
  const parsed = parseDocumentCreate(b);
  if (!parsed.ok) return parsed.errors.map(({ path, code }) => ({ path, code }));
  const type = b.type as ExtendedDteType;
  const r = buildDte(parsed.value, makeContext(type));
  return r.ok ? [] : r.errors.map(({ path, code }) => ({ path, code }));
}

const notAllowed = (path: string) => ({ path, code: 'not_allowed_for_type' });
const required = (path: string) => ({ path, code: 'required' });

function refusalsOf(b: Body): { path: string; message: string }[] {
  const parsed = parseDocumentCreate(b);
  if (!parsed.ok) return parsed.errors.map(({ path, message }) => ({ path, message }));
  const r = buildDte(parsed.value, makeContext(b.type as ExtendedDteType));
  return r.ok ? [] : r.errors.map(({ path, message }) => ({ path, message }));
}

describe('messages name the type as Spanish writes it («al comprobante», never «a el comprobante»)', () => {
  const placed = (name: string) => `El campo no aplica ${name}: su esquema oficial no tiene dónde llevarlo.`;
  it.each([
    ['FE', body('01', { goodsTitle: '01' }), 'goodsTitle', placed('a la factura (01)')],
    ['CCF', body('03', { receiver: { ...CCF_RECEIVER, country: 'GT' } }), 'receiver.country', 'El campo no aplica al comprobante de crédito fiscal (03): el receptor de este documento no tiene país.'],
    ['NR', otherBody('04', { withholding: { iva1: true } }), 'withholding', placed('a la nota de remisión (04)')],
    ['NR relating a CR', otherBody('04', { relatedDocuments: [{ type: '07', generationCode: RELATED_FE, issuedOn: '2026-03-01' }] }), 'relatedDocuments[0].type', 'La nota de remisión (04) solo relaciona documentos de tipo 01, 03.'],
    ['CR', otherBody('07', { perception: true }), 'perception', placed('al comprobante de retención (07)')],
    ['CL', otherBody('08', { perception: true }), 'perception', placed('al comprobante de liquidación (08)')],
    ['DCL', otherBody('09', { relatedDocuments: [{ type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-01' }] }), 'relatedDocuments', placed('al documento contable de liquidación (09)')],
    ['FEX', otherBody('11', { perception: true }), 'perception', placed('a la factura de exportación (11)')],
    ['FSE', otherBody('14', { perception: true }), 'perception', placed('a la factura de sujeto excluido (14)')],
    ['CD', otherBody('15', { notes: 'Gracias' }), 'notes', placed('al comprobante de donación (15)')],
  ])('%s', (_label, b, path, message) => {
    expect(refusalsOf(b)).toEqual([{ path, message }]);
  });
});

describe('fields with no place in the type are refused naming them', () => {
  it.each([
    ['NR with withholding', otherBody('04', { withholding: { iva1: true } }), [notAllowed('withholding')]],
    ['NR with payment', otherBody('04', { payment: { condition: '1' } }), [notAllowed('payment')]],
    ['CR with items', otherBody('07', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1', tax: 'gravada' }] }), [notAllowed('items')]],
    ['CR receiver with country', otherBody('07', { receiver: { ...CCF_RECEIVER, country: 'GT' } }), [notAllowed('receiver.country')]],
    ['CL with payment methods', otherBody('08', { payment: { condition: '1', methods: [{ code: '01', amount: '1.00' }] } }), [notAllowed('payment.methods')]],
    ['DCL with relatedDocuments', otherBody('09', { relatedDocuments: [{ type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-01' }] }), [notAllowed('relatedDocuments')]],
    ['FEX with perception', otherBody('11', { perception: true }), [notAllowed('perception')]],
    ['FEX line with taxes', otherBody('11', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1', taxes: ['C3'] }] }), [notAllowed('items[0].taxes')]],
    ['FSE line with tax', otherBody('14', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1', tax: 'gravada' }] }), [notAllowed('items[0].tax')]],
    ['FSE with withholding.iva1', otherBody('14', { withholding: { renta: '10', iva1: true } }), [notAllowed('withholding.iva1')]],
    ['CD with notes', otherBody('15', { notes: 'Gracias' }), [notAllowed('notes')]],
    ['CD payment with a condition', otherBody('15', { payment: { condition: '1' } }), [notAllowed('payment.condition')]],
    ['CD line with tax', otherBody('15', { items: [{ donationType: '3', description: 'Asesoría', quantity: '1', unitCode: '99', unitPrice: '50', tax: 'gravada' }] }), [notAllowed('items[0].tax')]],
    ['FE with goodsTitle', body('01', { goodsTitle: '01' }), [notAllowed('goodsTitle')]],
    ['CCF receiver with personType', body('03', { receiver: { ...CCF_RECEIVER, personType: '2' } }), [notAllowed('receiver.personType')]],
    ['CCF line with donationType', body('03', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1', tax: 'gravada', donationType: '1' }] }), [notAllowed('items[0].donationType')]],
    ['FE global discount total', body('01', { globalDiscount: { total: '1.00' } }), [notAllowed('globalDiscount.total')]],
  ])('%s', (_label, b, expected) => {
    expect(errorsOf(b)).toEqual(expected);
  });
});

describe('required fields and business rules per type', () => {
  it.each([
    ['NR without goodsTitle', otherBody('04', { goodsTitle: undefined }), [required('goodsTitle')]],
    ['NR line without tax', otherBody('04', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1' }] }), [required('items[0].tax')]],
    ['NR charge outside the base', otherBody('04', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '99', unitPrice: '1', tax: 'no_gravado' }] }), [notAllowed('items[0].tax')]],
    ['NR relating an NC', otherBody('04', { relatedDocuments: [{ type: '05', generationCode: RELATED_FE, issuedOn: '2026-03-01' }] }), [notAllowed('relatedDocuments[0].type')]],
    ['NR receiver without activity', otherBody('04', { receiver: { ...CCF_RECEIVER, economicActivity: undefined } }), [required('receiver.economicActivity')]],
    ['CR without lines', otherBody('07', { withholdings: undefined }), [required('withholdings')]],
    ['CR C9 without amount', otherBody('07', { withholdings: [{ relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-01' }, taxableAmount: '100.00', code: 'C9' }] }), [required('withholdings[0].withheldAmount')]],
    ['CR 22 with an amount given', otherBody('07', { withholdings: [{ relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-01' }, taxableAmount: '100.00', code: '22', withheldAmount: '1.00' }] }), [{ path: 'withholdings[0].withheldAmount', code: 'invalid_combination' }]],
    ['CR on an NR', otherBody('07', { withholdings: [{ relatedDocument: { type: '04', generationCode: RELATED_FE, issuedOn: '2026-03-01' }, taxableAmount: '100.00', code: '22' }] }), [notAllowed('withholdings[0].relatedDocument.type')]],
    ['CR receiver without address', otherBody('07', { receiver: { ...CCF_RECEIVER, address: undefined } }), [required('receiver.address')]],
    ['CL FEX line with taxed sales', otherBody('08', { settledDocuments: [{ relatedDocument: { type: '11', generationCode: RELATED_FE, issuedOn: '2026-03-01' }, gravada: '10', exports: '10' }] }), [{ path: 'settledDocuments[0].gravada', code: 'invalid_combination' }]],
    ['CL line without amounts', otherBody('08', { settledDocuments: [{ relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn: '2026-03-01' } }] }), [required('settledDocuments[0].gravada')]],
    ['DCL without settlement', otherBody('09', { settlement: undefined }), [required('settlement')]],
    ['DCL receiver without establishment type', otherBody('09', { receiver: CCF_RECEIVER }), [required('receiver.establishmentType')]],
    ['DCL period backwards', otherBody('09', { settlement: { ...(otherBody('09').settlement as Body), periodEnd: '2026-02-28' } }), [{ path: 'settlement.periodEnd', code: 'out_of_range' }]],
    ['FEX receiver without country', otherBody('11', { receiver: { ...FOREIGN_RECEIVER, country: undefined } }), [required('receiver.country')]],
    ['FEX receiver in El Salvador (CAT-020 SV)', otherBody('11', { receiver: { ...FOREIGN_RECEIVER, country: 'SV' } }), [{ path: 'receiver.country', code: 'invalid_value' }]],
    ['FEX receiver with a lower-case sv (not a CAT-020 code)', otherBody('11', { receiver: { ...FOREIGN_RECEIVER, country: 'sv' } }), [{ path: 'receiver.country', code: 'unknown_catalog_code' }]],
    ['FEX goods without incoterms', otherBody('11', { export: { customsOffice: '02', regime: '1000.000' } }), [required('export.incoterms')]],
    ['FEX services with a customs office', otherBody('11', { items: [{ type: '2', description: 'Consultoría', quantity: '1', unitCode: '99', unitPrice: '100' }], export: { customsOffice: '02' } }), [{ path: 'export.customsOffice', code: 'invalid_combination' }]],
    ['FEX exempt line', otherBody('11', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1', tax: 'exenta' }] }), [notAllowed('items[0].tax')]],
    ['FEX payments that do not add up', otherBody('11', { payment: { condition: '1', methods: [{ code: '01', amount: '1.00' }] } }), [{ path: 'payment.methods', code: 'payment_total_mismatch' }]],
    ['FSE withholding above 100 %', otherBody('14', { withholding: { renta: '120' } }), [{ path: 'withholding.renta', code: 'out_of_range' }]],
    ['FSE receiver without address', otherBody('14', { receiver: { name: 'X', documentType: '13', documentNumber: '01234567-8' } }), [required('receiver.address')]],
    ['FSE discount above the purchase', otherBody('14', { items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1', discount: '2' }] }), [{ path: 'items[0].discount', code: 'discount_exceeds_amount' }]],
    ['CD without associated documents', otherBody('15', { associatedDocuments: undefined }), [required('associatedDocuments')]],
    ['CD line without donation type', otherBody('15', { items: [{ description: 'x', quantity: '1', unitCode: '99', unitPrice: '10' }] }), [required('items[0].donationType')]],
    ['CD cash with quantity 2', otherBody('15', { items: [{ donationType: '1', description: 'x', quantity: '2', unitCode: '99', unitPrice: '10' }] }), [{ path: 'items[0].quantity', code: 'invalid_combination' }]],
    ['CD service with depreciation', otherBody('15', { items: [{ donationType: '3', description: 'x', quantity: '1', unitCode: '99', unitPrice: '10', depreciation: '1' }] }), [{ path: 'items[0].depreciation', code: 'invalid_combination' }]],
    ['CD transport document', otherBody('15', { associatedDocuments: [{ code: '4', transport: { mode: '1', vehicleId: 'P-12345', driverDocument: '01234567-8', driverName: 'Juan Pérez' } }] }), [notAllowed('associatedDocuments[0].code')]],
    ['CD foreign donor without country', otherBody('15', { receiver: { name: 'Donor Inc.', documentType: '37', documentNumber: 'US-1', fiscalDomicile: '2' } }), [required('receiver.country')]],
  ])('%s', (_label, b, expected) => {
    expect(errorsOf(b)).toEqual(expected);
  });

  it('every message is Spanish prose', () => {
    const parsed = parseDocumentCreate(otherBody('11', { receiver: { ...FOREIGN_RECEIVER, country: undefined }, perception: true }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) for (const e of parsed.errors) expect(e.message).toMatch(/[áéíóúñ]|^[A-ZÁÉÍÓÚ][a-záéíóúñ ]/);
  });
});

describe('a CR or CL line never relates a document dated after it, nor a DCL a period ending after it (El Salvador date)', () => {
  const crLine = (issuedOn: string) => ({ relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn }, taxableAmount: '100.00', code: '22' });
  const clLine = (issuedOn: string) => ({ relatedDocument: { type: '03', generationCode: RELATED_FE, issuedOn }, gravada: '100.00' });
  const cr = (...dates: string[]) => otherBody('07', { withholdings: dates.map((d, i) => ({ ...crLine(d), relatedDocument: { ...crLine(d).relatedDocument, generationCode: String(1000 + i) } })) });
  const cl = (...dates: string[]) => otherBody('08', { settledDocuments: dates.map(clLine) });
  const dcl = (periodStart: string, periodEnd: string) => otherBody('09', { settlement: { ...(otherBody('09').settlement as Body), periodStart, periodEnd } });
  // 2026-03-11T05:59:59Z is 2026-03-10 23:59:59 in El Salvador; 06:00:00Z is already the 11th there.
  const LAST_SECOND_OF_10TH = new Date('2026-03-11T05:59:59Z');
  const FIRST_SECOND_OF_11TH = new Date('2026-03-11T06:00:00Z');

  it.each([
    ['CR, related the same day', cr('2026-03-10'), LAST_SECOND_OF_10TH, []],
    ['CR, related the day after (UTC already the 11th)', cr('2026-03-09', '2026-03-11'), LAST_SECOND_OF_10TH, [{
      path: 'withholdings[1].relatedDocument.issuedOn', code: 'out_of_range',
      message: 'El documento relacionado es del 2026-03-11, posterior al comprobante de retención (2026-03-10): solo se retiene sobre documentos ya emitidos.',
    }]],
    ['CR, the 11th once it is the 11th in El Salvador', cr('2026-03-11'), FIRST_SECOND_OF_11TH, []],
    ['CR, a year later', cr('2027-06-01'), FIRST_SECOND_OF_11TH, [{
      path: 'withholdings[0].relatedDocument.issuedOn', code: 'out_of_range',
      message: 'El documento relacionado es del 2027-06-01, posterior al comprobante de retención (2026-03-11): solo se retiene sobre documentos ya emitidos.',
    }]],
    ['CL, related the day after', cl('2026-03-11'), LAST_SECOND_OF_10TH, [{
      path: 'settledDocuments[0].relatedDocument.issuedOn', code: 'out_of_range',
      message: 'El documento relacionado es del 2026-03-11, posterior al comprobante de liquidación (2026-03-10): solo se liquidan documentos ya emitidos.',
    }]],
    ['CL, related the same day', cl('2026-03-10'), LAST_SECOND_OF_10TH, []],
    ['DCL, a period ending the same day', dcl('2026-03-01', '2026-03-10'), LAST_SECOND_OF_10TH, []],
    ['DCL, a period ending the day after', dcl('2026-03-01', '2026-03-11'), LAST_SECOND_OF_10TH, [{
      path: 'settlement.periodEnd', code: 'out_of_range',
      message: 'El período liquidado termina el 2026-03-11, después del documento contable de liquidación (2026-03-10): solo se liquidan períodos ya cerrados.',
    }]],
    ['DCL, the 11th once it is the 11th in El Salvador', dcl('2026-03-01', '2026-03-11'), FIRST_SECOND_OF_11TH, []],
  ] as const)('%s', (_label, b, issuedAt, expected) => {
    const parsed = parseDocumentCreate(b);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const r = buildDte(parsed.value, makeContext(b.type as ExtendedDteType, { issuedAt }));
    expect(r.ok ? [] : r.errors).toEqual(expected);
  });
});
