import { normalizeAmount, normalizePath, normalizeTaxId } from '../../../panel/src/lib/form-values';

describe('what people type, in the form the service takes (ADR 0042)', () => {
  it.each([
    ['a decimal comma', '1,50', '1.50'],
    ['a decimal point', '1.50', '1.50'],
    ['a whole number', '2', '2'],
    ['spaces around and inside', ' 1 250,75 ', '1250.75'],
    ['thousands with a comma and a decimal point', '1,234.50', '1234.50'],
    ['a negative with a comma (the service says why it is refused)', '-3,00', '-3.00'],
    ['a comma before exactly three digits groups thousands', '1,234', '1234'],
    ['several groups of thousands', '12,345,678', '12345678'],
    ['a comma before four decimals (a unit price) is a decimal comma', '0,1234', '0.1234'],
    ['a comma before one decimal', '2,5', '2.5'],
    ['zero, a comma and three decimals is a decimal comma', '0,125', '0.125'],
    ['two commas are left for the service to refuse', '1,2,3', '1,2,3'],
    ['empty', '', ''],
  ])('amount: %s', (_label, typed, sent) => {
    expect(normalizeAmount(typed)).toBe(sent);
  });

  it.each([
    ['a NIT with dashes', '0614-010190-101-9', '06140101901019'],
    ['a NIT with spaces', '0614 010190 101 9', '06140101901019'],
    ['an NRC with a dash', '123456-7', '1234567'],
    ['digits only', '06140101901019', '06140101901019'],
  ])('NIT or NRC: %s', (_label, typed, sent) => {
    expect(normalizeTaxId(typed)).toBe(sent);
  });

  it.each([
    ['REST snake_case', 'items.0.unit_price', 'items[0].unitprice'],
    ['GraphQL camelCase', 'items[0].unitPrice', 'items[0].unitprice'],
    ['nested', 'receiver.address.department', 'receiver.address.department'],
    ['a list of values', 'to.1', 'to[1]'],
  ])('path: %s', (_label, path, normalized) => {
    expect(normalizePath(path)).toBe(normalized);
  });
});
