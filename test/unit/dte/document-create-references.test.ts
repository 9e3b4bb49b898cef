/** The door's body with directory references (ADR 0092): what it accepts, refuses, and how it is detected. */
import { hasDirectoryReferences, parseDocumentCreate, parseDocumentCreateBody } from '../../../src/domain/dte';

const base = { emitterId: 'emi_1', type: '01', establishment: 'M001', pointOfSale: 'P001' };
const fullLine = { type: '1', description: 'Café', quantity: '1', unitCode: '59', unitPrice: '5.65', tax: 'gravada' };

describe('hasDirectoryReferences', () => {
  it.each<[string, unknown, boolean]>([
    ['a full body', { ...base, items: [fullLine] }, false],
    ['customerId', { ...base, customerId: 'cus_1', items: [fullLine] }, true],
    ['saveCustomer', { ...base, saveCustomer: true, receiver: { name: 'A' }, items: [fullLine] }, true],
    ['one productId line', { ...base, items: [fullLine, { productId: 'prd_1', quantity: '1' }] }, true],
    ['not an object', 'x', false],
  ])('%s', (_label, body, expected) => {
    expect(hasDirectoryReferences(body)).toBe(expected);
  });
});

describe('parseDocumentCreateBody', () => {
  it.each<[string, unknown, string[]]>([
    ['a productId line with only its quantity', { ...base, customerId: 'cus_1', items: [{ productId: 'prd_1', quantity: '2' }] }, []],
    ['a productId line without quantity', { ...base, items: [{ productId: 'prd_1' }] }, ['items[0].quantity']],
    ['a line with neither productId nor its fields', { ...base, items: [{ quantity: '1' }] }, ['items[0].description', 'items[0].unitCode', 'items[0].unitPrice']],
    ['receiver and customerId', { ...base, customerId: 'cus_1', receiver: { name: 'A' }, items: [fullLine] }, ['customerId']],
    ['saveCustomer without identification', { ...base, saveCustomer: true, receiver: { name: 'A' }, items: [fullLine] }, ['saveCustomer']],
  ])('%s', (_label, body, paths) => {
    const r = parseDocumentCreateBody(body);
    expect(r.ok ? [] : r.errors.map((e) => e.path).sort()).toEqual(paths);
  });

  it('the issuable body refuses a reference left unresolved', () => {
    const r = parseDocumentCreate({ ...base, items: [{ ...fullLine, productId: 'prd_1' }] });
    expect(r.ok).toBe(false);
  });
});
