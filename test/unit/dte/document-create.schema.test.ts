import { parseDocumentCreate } from '../../../src/domain/dte/document-create.schema';
import { CCF_RECEIVER, RELATED_CCF, body, item } from './dte-fixtures';

function errorsOf(input: unknown): { path: string; code: string }[] {
  const r = parseDocumentCreate(input);
  if (r.ok) throw new Error('se esperaba un error');
  return r.errors.map(({ path, code }) => ({ path, code }));
}

describe('parseDocumentCreate — accepted bodies', () => {
  it.each([
    ['FE without receiver', body('01')],
    ['FE with receiver (DUI)', body('01', { receiver: { name: 'Juan Pérez', documentType: '13', documentNumber: '01234567-8' } })],
    ['CCF with receiver', body('03')],
    ['CCF with DUI receiver', body('03', { receiver: { ...CCF_RECEIVER, documentType: '13', documentNumber: '01234567-8' } })],
    ['NC with related document', body('05')],
    ['ND with related document', body('06')],
    ['CCF with every optional field', body('03', {
      externalId: 'ERP-1', issuedAt: '2026-03-10T10:45:30-06:00', sendEmail: true, environment: '00', notes: 'Entrega parcial',
      items: [item({ code: 'SKU-1', discount: '1.50', taxes: ['20'] }), item({ tax: 'exenta' }), item({ tax: 'no_sujeta' })],
      globalDiscount: { gravada: '1.00', exenta: '0.50', noSujeta: '0' }, withholding: { iva1: true }, perception: true,
      payment: { condition: '2', methods: [{ code: '05', amount: '10.00', reference: 'TRF-99', term: '01', period: 30 }] },
      appendix: [{ field: 'pedido', label: 'Pedido', value: 'PO-77' }],
    })],
    ['explicit nulls count as absent', body('01', { receiver: null, externalId: null, notes: null })],
    ['NC with a payment condition (condicionOperacion) only', body('05', { payment: { condition: '2' } })],
    ['raw with routing fields', { emitterId: 'e', type: '03', establishment: 'M001', pointOfSale: 'P001', externalId: 'x', sendEmail: false, environment: '00', raw: { identificacion: {} } }],
    ['a no_gravado credit with a negative price', body('01', { items: [item(), item({ tax: 'no_gravado', unitPrice: '-2.00', unitCode: '99' })] })],
  ])('%s', (_label, input) => {
    const r = parseDocumentCreate(input);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.ok).toBe(true);
  });

  it('normalises related generation codes to uppercase and drops nulls', () => {
    const r = parseDocumentCreate(body('05', {
      relatedDocuments: [{ type: '03', generationCode: RELATED_CCF.toLowerCase(), issuedOn: '2026-02-01' }],
      items: [item({ relatedDocument: RELATED_CCF.toLowerCase(), code: null })],
    }));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.value.relatedDocuments?.[0].generationCode).toBe(RELATED_CCF);
    expect(r.value.items?.[0].relatedDocument).toBe(RELATED_CCF);
    expect(r.value.items?.[0].code).toBeUndefined();
  });
});

describe('parseDocumentCreate — refusals', () => {
  it.each([
    ['body is not an object', 'x', [{ path: '', code: 'invalid_type' }]],
    ['missing emitterId', { ...body('01'), emitterId: undefined }, [{ path: 'emitterId', code: 'required' }]],
    ['unsupported type (12 is not a CAT-002 document this service issues)', body('01', { type: '12' }), [{ path: 'type', code: 'invalid_value' }]],
    ['establishment not in MH 2026 shape', body('01', { establishment: '0001' }), [{ path: 'establishment', code: 'invalid_format' }]],
    ['point of sale not in MH 2026 shape', body('01', { pointOfSale: 'X01' }), [{ path: 'pointOfSale', code: 'invalid_format' }]],
    ['unknown field at the root', body('01', { total: '1' }), [{ path: 'total', code: 'unknown_field' }]],
    ['snake_case field left unconverted', body('01', { items: [item({ unit_price: '1' })] }), [{ path: 'items[0].unit_price', code: 'unknown_field' }]],
    ['price as a JSON number', body('01', { items: [item({ unitPrice: 10 })] }), [{ path: 'items[0].unitPrice', code: 'invalid_type' }]],
    ['price with 9 decimals', body('01', { items: [item({ unitPrice: '1.123456789' })] }), [{ path: 'items[0].unitPrice', code: 'invalid_format' }]],
    ['price with a comma', body('01', { items: [item({ unitPrice: '1,50' })] }), [{ path: 'items[0].unitPrice', code: 'invalid_format' }]],
    ['zero quantity', body('01', { items: [item({ quantity: '0' })] }), [{ path: 'items[0].quantity', code: 'out_of_range' }]],
    ['negative quantity', body('01', { items: [item({ quantity: '-1' })] }), [{ path: 'items[0].quantity', code: 'out_of_range' }]],
    ['negative discount', body('01', { items: [item({ discount: '-1' })] }), [{ path: 'items[0].discount', code: 'out_of_range' }]],
    ['negative price on a taxed line', body('01', { items: [item({ unitPrice: '-1' })] }), [{ path: 'items[0].unitPrice', code: 'out_of_range' }]],
    ['quantity above MH maximum', body('01', { items: [item({ quantity: '100000000000' })] }), [{ path: 'items[0].quantity', code: 'out_of_range' }]],
    ['unknown unit (CAT-014)', body('01', { items: [item({ unitCode: '98' })] }), [{ path: 'items[0].unitCode', code: 'unknown_catalog_code' }]],
    ['unknown item type (CAT-011)', body('01', { items: [item({ type: '7' })] }), [{ path: 'items[0].type', code: 'unknown_catalog_code' }]],
    ['unknown tax treatment', body('01', { items: [item({ tax: 'exento' })] }), [{ path: 'items[0].tax', code: 'invalid_value' }]],
    ['unknown tribute (CAT-015)', body('03', { items: [item({ taxes: ['ZZ'] })] }), [{ path: 'items[0].taxes[0]', code: 'unknown_catalog_code' }]],
    ['repeated tribute', body('03', { items: [item({ taxes: ['59', '59'] })] }), [{ path: 'items[0].taxes', code: 'duplicate_value' }]],
    ['no items', { ...body('01'), items: undefined }, [{ path: 'items', code: 'required' }]],
    ['empty items', body('01', { items: [] }), [{ path: 'items', code: 'out_of_range' }]],
    ['global discount with 3 decimals', body('03', { globalDiscount: { gravada: '1.005' } }), [{ path: 'globalDiscount.gravada', code: 'invalid_format' }]],
    ['receiver department unknown', body('03', { receiver: { ...CCF_RECEIVER, address: { department: '15', municipality: '01', district: '01', line: 'x' } } }),
      [{ path: 'receiver.address.department', code: 'unknown_catalog_code' }]],
    ['receiver district of another department', body('03', { receiver: { ...CCF_RECEIVER, address: { department: '05', municipality: '25', district: '40', line: 'x' } } }),
      [{ path: 'receiver.address.district', code: 'unknown_catalog_code' }]],
    ['receiver municipality of another department', body('03', { receiver: { ...CCF_RECEIVER, address: { department: '01', municipality: '23', district: '01', line: 'x' } } }),
      [{ path: 'receiver.address.municipality', code: 'unknown_catalog_code' }]],
    ['receiver activity unknown (CAT-019)', body('03', { receiver: { ...CCF_RECEIVER, economicActivity: '99999' } }), [{ path: 'receiver.economicActivity', code: 'unknown_catalog_code' }]],
    ['NIT with dashes', body('03', { receiver: { ...CCF_RECEIVER, documentNumber: '0614-010190-123-4' } }), [{ path: 'receiver.documentNumber', code: 'invalid_format' }]],
    ['DUI without dash', body('01', { receiver: { name: 'X', documentType: '13', documentNumber: '012345678' } }), [{ path: 'receiver.documentNumber', code: 'invalid_format' }]],
    ['document number without its type', body('01', { receiver: { name: 'X', documentNumber: '012345678' } }), [{ path: 'receiver.documentType', code: 'required' }]],
    ['receiver e-mail invalid', body('03', { receiver: { ...CCF_RECEIVER, email: 'no-es-correo' } }), [{ path: 'receiver.email', code: 'invalid_format' }]],
    ['issuedAt without time zone', body('01', { issuedAt: '2026-03-10T10:45:30' }), [{ path: 'issuedAt', code: 'invalid_format' }]],
    ['payment method unknown (CAT-017)', body('03', { payment: { condition: '1', methods: [{ code: '06', amount: '1.00' }] } }), [{ path: 'payment.methods[0].code', code: 'unknown_catalog_code' }]],
    ['payment method 99 without reference', body('03', { payment: { condition: '1', methods: [{ code: '99', amount: '1.00' }] } }), [{ path: 'payment.methods[0].reference', code: 'required' }]],
    ['payment term without period', body('03', { payment: { condition: '2', methods: [{ code: '01', amount: '1.00', term: '02' }] } }), [{ path: 'payment.methods[0].period', code: 'required' }]],
    ['payment condition unknown (CAT-016)', body('03', { payment: { condition: '4' } }), [{ path: 'payment.condition', code: 'unknown_catalog_code' }]],
  ])('%s', (_label, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it('messages are in Spanish', () => {
    const r = parseDocumentCreate(body('01', { items: [item({ unitCode: '98', unitPrice: 'abc' })], extra: 1 }));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual(expect.arrayContaining([
        { path: 'extra', code: 'unknown_field', message: 'Campo no reconocido.' },
        { path: 'items[0].unitCode', code: 'unknown_catalog_code', message: 'El código "98" no existe en el catálogo CAT-014 (Unidad de Medida).' },
        { path: 'items[0].unitPrice', code: 'invalid_format', message: 'Debe ser un número decimal en texto (dígitos, punto y hasta 8 decimales), p. ej. "12.50".' },
      ]));
    }
  });
});

describe('parseDocumentCreate — fields with no place in the target schema (decisions: 422, never dropped)', () => {
  it.each([
    ['withholding.renta on a CCF', body('03', { withholding: { iva1: true, renta: '10.00' } }), [{ path: 'withholding.renta', code: 'not_allowed_for_type' }]],
    ['withholding.renta on an FE', body('01', { withholding: { renta: '1' } }), [{ path: 'withholding.renta', code: 'not_allowed_for_type' }]],
    ['withholding.renta on an NC', body('05', { withholding: { renta: '1' } }), [{ path: 'withholding.renta', code: 'not_allowed_for_type' }]],
    ['payment methods on an NC (no pagos)', body('05', { payment: { condition: '1', methods: [{ code: '01', amount: '11.30' }] } }), [{ path: 'payment.methods', code: 'not_allowed_for_type' }]],
    ['payment methods on an ND (no pagos)', body('06', { payment: { condition: '1', methods: [{ code: '01', amount: '11.30' }] } }), [{ path: 'payment.methods', code: 'not_allowed_for_type' }]],
    ['global discount on an ND', body('06', { globalDiscount: { gravada: '1.00' } }), [{ path: 'globalDiscount', code: 'not_allowed_for_type' }]],
    ['receiver country (export only)', body('03', { receiver: { ...CCF_RECEIVER, country: 'US' } }), [{ path: 'receiver.country', code: 'not_allowed_for_type' }]],
    ['receiver trade name on an FE', body('01', { receiver: { name: 'X', tradeName: 'Y' } }), [{ path: 'receiver.tradeName', code: 'not_allowed_for_type' }]],
    ['perception on an FE', body('01', { perception: true }), [{ path: 'perception', code: 'perception_not_allowed' }]],
    ['perception on an ND', body('06', { perception: true }), [{ path: 'perception', code: 'perception_not_allowed' }]],
  ])('%s', (_label, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });
});

describe('parseDocumentCreate — rules per type', () => {
  it.each([
    ['CCF without receiver', body('03', { receiver: undefined }), [{ path: 'receiver', code: 'required' }]],
    ['CCF receiver without activity and address', body('03', { receiver: { name: 'X', documentType: '36', documentNumber: '06140101901234' } }),
      [{ path: 'receiver.economicActivity', code: 'required' }, { path: 'receiver.address', code: 'required' }]],
    ['CCF receiver with a passport', body('03', { receiver: { ...CCF_RECEIVER, documentType: '03', documentNumber: 'A123' } }), [{ path: 'receiver.documentType', code: 'not_allowed_for_type' }]],
    ['NC without receiver name', body('05', { receiver: { ...CCF_RECEIVER, name: undefined } }), [{ path: 'receiver.name', code: 'required' }]],
    ['NC without related documents', body('05', { relatedDocuments: undefined, items: [item()] }), [{ path: 'relatedDocuments', code: 'required' }, { path: 'items[0].relatedDocument', code: 'required' }]],
    ['NC line without related document', body('05', { items: [item()] }), [{ path: 'items[0].relatedDocument', code: 'required' }]],
    ['NC line pointing elsewhere', body('05', { items: [item({ relatedDocument: 'C1B2C3D4-1111-4222-8333-444455556666' })] }), [{ path: 'items[0].relatedDocument', code: 'invalid_reference' }]],
    ['NC relating an FE', body('05', { relatedDocuments: [{ type: '01', generationCode: RELATED_CCF, issuedOn: '2026-02-01' }] }), [{ path: 'relatedDocuments[0].type', code: 'not_allowed_for_type' }]],
    ['NC relating mixed types', body('05', { relatedDocuments: [
      { type: '03', generationCode: RELATED_CCF, issuedOn: '2026-02-01' },
      { type: '07', generationCode: 'C1B2C3D4-1111-4222-8333-444455556666', issuedOn: '2026-02-01' },
    ] }), [{ path: 'relatedDocuments[1].type', code: 'invalid_value' }]],
    ['FE line pointing at no related document', body('01', { items: [item({ relatedDocument: RELATED_CCF })] }), [{ path: 'items[0].relatedDocument', code: 'invalid_reference' }]],
    ['raw with structured fields', { emitterId: 'e', type: '03', establishment: 'M001', pointOfSale: 'P001', raw: {}, items: [item()], notes: 'x' },
      [{ path: 'items', code: 'not_allowed_with_raw' }, { path: 'notes', code: 'not_allowed_with_raw' }]],
    ['raw with issuedAt', { emitterId: 'e', type: '03', establishment: 'M001', pointOfSale: 'P001', raw: {}, issuedAt: '2026-03-10T10:45:30-06:00' },
      [{ path: 'issuedAt', code: 'not_allowed_with_raw' }]],
    ['discount on a no_gravado line', body('01', { items: [item({ tax: 'no_gravado', discount: '1' })] }), [{ path: 'items[0].discount', code: 'not_allowed_for_tax' }]],
    ['type-4 line with the wrong unit', body('03', { items: [item({ type: '4', unitCode: '59', taxes: ['57'] })] }), [{ path: 'items[0].unitCode', code: 'tribute_not_applicable' }]],
    ['informative tribute C6', body('03', { items: [item({ taxes: ['C6'] })] }), [{ path: 'items[0].taxes[0]', code: 'tribute_not_computable' }]],
  ])('%s', (_label, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });
});
