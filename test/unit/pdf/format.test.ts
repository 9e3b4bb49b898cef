import { formatIsoDate, formatMoney, formatNumber, formatQuantity, formatSvDateTime, issueInstant, plainDecimal, safeText, titleCase } from '../../../src/integrations/pdf/format';

describe('PDF formatting (display only, no arithmetic)', () => {
  test('plainDecimal expands exponent notation without rounding', () => {
    expect(plainDecimal(1e-7)).toBe('0.0000001');
    expect(plainDecimal(1.5e-8)).toBe('0.000000015');
    expect(plainDecimal(4.42477876)).toBe('4.42477876');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(-2.5e-7)).toBe('-0.00000025');
  });

  test('formatNumber pads to the minimum decimals and keeps every decimal of the JSON', () => {
    expect(formatNumber(10, 2)).toBe('10.00');
    expect(formatNumber(8.5, 2)).toBe('8.50');
    expect(formatNumber(1.3275, 2)).toBe('1.3275');
    expect(formatNumber(0.12345678, 2)).toBe('0.12345678');
    expect(formatNumber(1234567.5, 2)).toBe('1,234,567.50');
    expect(formatNumber(-5, 2)).toBe('-5.00');
    expect(formatNumber(null, 2)).toBe('');
    expect(formatNumber('10', 2)).toBe('');
  });

  test('money and quantities', () => {
    expect(formatMoney(176.5)).toBe('$176.50');
    expect(formatMoney(6733.68)).toBe('$6,733.68');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatQuantity(2.5)).toBe('2.5');
    expect(formatQuantity(1)).toBe('1');
    expect(formatQuantity(1000)).toBe('1,000');
  });

  test('dates are shown in El Salvador time whatever the server zone', () => {
    expect(formatSvDateTime(new Date('2026-03-10T16:45:33Z'))).toBe('10/03/2026 10:45:33');
    expect(formatSvDateTime(new Date('2026-01-01T03:00:00Z'))).toBe('31/12/2025 21:00:00');
    expect(formatIsoDate('2026-02-01')).toBe('01/02/2026');
    expect(issueInstant('2026-03-10', '10:45:30')?.toISOString()).toBe('2026-03-10T16:45:30.000Z');
    expect(issueInstant('10/03/2026', '10:45:30')).toBeNull();
  });

  test('safeText keeps Spanish letters and replaces what standard fonts cannot draw', () => {
    expect(safeText('Pañal ÁÉÍÓÚ üÜ ñÑ ¿¡ — “x” €')).toBe('Pañal ÁÉÍÓÚ üÜ ñÑ ¿¡ — “x” €');
    expect(safeText('Őrség ŝ')).toBe('Orség s');
    expect(safeText('Ω ✓ 😀')).toBe('? ? ?');
    expect(safeText('a\tb\r\nc')).toBe('a b c');
    expect(safeText('a\r\nb', true)).toBe('a\nb');
    expect(safeText('Cafe\u0301')).toBe('Café');
  });

  test('titleCase of catalog names', () => {
    expect(titleCase('SAN SALVADOR CENTRO')).toBe('San Salvador Centro');
    expect(titleCase('LA LIBERTAD OESTE')).toBe('La Libertad Oeste');
    expect(titleCase('CIUDAD DE LA PAZ')).toBe('Ciudad de la Paz');
  });
});
