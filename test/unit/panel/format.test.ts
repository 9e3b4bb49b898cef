import { countOf, formatDateTime, formatMoney, placeName, todayInElSalvador } from '../../../panel/src/lib/format';

describe('panel formats', () => {
  it.each([
    ['whole', '1130', '$1,130.00'],
    ['two decimals', '1130.5', '$1,130.50'],
    ['millions', '1234567.89', '$1,234,567.89'],
    ['item precision kept', '0.12345678', '$0.12345678'],
    ['negative (credit note)', '-100.00', '−$100.00'],
    ['zero', '0.00', '$0.00'],
  ])('formatMoney %s', (_label, amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it.each([
    [0, '0 filas'],
    [1, '1 fila'],
    [2, '2 filas'],
    [1250, '1,250 filas'],
  ])('countOf %s', (n, text) => {
    expect(countOf(n, 'fila', 'filas')).toBe(text);
  });

  it('dates are El Salvador time (UTC−6), whatever the machine zone', () => {
    expect(formatDateTime('2026-03-01T05:30:00Z')).toBe('28/02/2026 23:30');
    expect(todayInElSalvador(new Date('2026-03-01T05:30:00Z'))).toBe('2026-02-28');
  });
});

describe('catalog place names as written in an address', () => {
  it.each([
    ['capitals', 'SAN SALVADOR CENTRO', 'San Salvador Centro'],
    ['a joining word stays lower case', 'CIUDAD DELGADO', 'Ciudad Delgado'],
    ['«de» inside, «La» first', 'LA LIBERTAD SUR', 'La Libertad Sur'],
    ['«de» in the middle', 'SANTA ROSA DE LIMA', 'Santa Rosa de Lima'],
    ['accents kept', 'AHUACHAPÁN', 'Ahuachapán'],
    ['already written as a name', 'San Salvador', 'San Salvador'],
  ])('%s', (_label, name, written) => {
    expect(placeName(name)).toBe(written);
  });
});
