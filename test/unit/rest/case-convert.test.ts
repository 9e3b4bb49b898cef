import { camelKeysToSnake, camelPathToSnake, camelToSnake, snakeKeysToCamel, snakeToCamel } from '../../../rest-adapter/case-convert';

describe('REST case conversion', () => {
  it.each([
    ['unit_price', 'unitPrice'],
    ['iva_1', 'iva1'],
    ['no_sujeta', 'noSujeta'],
    ['global_discount', 'globalDiscount'],
    ['is_large_taxpayer', 'isLargeTaxpayer'],
    ['points_of_sale', 'pointsOfSale'],
    ['nit', 'nit'],
  ])('%s ↔ %s', (snake, camel) => {
    expect(snakeToCamel(snake)).toBe(camel);
    expect(camelToSnake(camel)).toBe(snake);
  });

  it.each([
    ['items[0].unitPrice', 'items[0].unit_price'],
    ['withholding.iva1', 'withholding.iva_1'],
    ['pointsOfSale[12].code', 'points_of_sale[12].code'],
    ['address.district', 'address.district'],
    ['Idempotency-Key', 'Idempotency-Key'],
  ])('path %s → %s', (camel, snake) => {
    expect(camelPathToSnake(camel)).toBe(snake);
  });

  it('converts nested keys, keeps opaque values and reports camelCase keys', () => {
    const r = snakeKeysToCamel({ trade_name: 'x', address: { line: 'a' }, items: [{ unit_price: '1' }], raw: { numeroControl: 'N' }, tradeName: 'y' }, { opaque: ['raw'] });
    expect(r.value).toEqual({ tradeName: 'y', address: { line: 'a' }, items: [{ unitPrice: '1' }], raw: { numeroControl: 'N' } });
    expect(r.badKeys).toEqual(['tradeName']);
    expect(camelKeysToSnake({ pointsOfSale: [{ documentsCount: 1 }] })).toEqual({ points_of_sale: [{ documents_count: 1 }] });
  });
});
