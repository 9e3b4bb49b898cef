import { amountInWords } from '../../../src/domain/dte/amount-in-words';

describe('amountInWords', () => {
  it.each([
    ['MH CCF example 2260.00', '2260.00', 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100'],
    ['MH CCF example 56.59', '56.59', 'CINCUENTA Y SEIS DÓLARES CON 59/100'],
    ['one dollar, singular', '1.00', 'UN DÓLAR CON 00/100'],
    ['cents only', '0.50', 'CERO DÓLARES CON 50/100'],
    ['zero', '0', 'CERO DÓLARES CON 00/100'],
    ['one cent', '0.01', 'CERO DÓLARES CON 01/100'],
    ['one million (no "DE")', '1000000', 'UN MILLÓN DÓLARES CON 00/100'],
    ['two millions', '2000000.00', 'DOS MILLONES DÓLARES CON 00/100'],
    ['VEINTIÚN with accent', '21.00', 'VEINTIÚN DÓLARES CON 00/100'],
    ['VEINTIDÓS/VEINTITRÉS/VEINTISÉIS', '22.00', 'VEINTIDÓS DÓLARES CON 00/100'],
    ['veintitrés', '23.10', 'VEINTITRÉS DÓLARES CON 10/100'],
    ['veintiséis', '26', 'VEINTISÉIS DÓLARES CON 00/100'],
    ['dieciséis', '16', 'DIECISÉIS DÓLARES CON 00/100'],
    ['ten', '10', 'DIEZ DÓLARES CON 00/100'],
    ['fifteen', '15', 'QUINCE DÓLARES CON 00/100'],
    ['thirty-one apocopated', '31', 'TREINTA Y UN DÓLARES CON 00/100'],
    ['cien exact', '100', 'CIEN DÓLARES CON 00/100'],
    ['ciento un (apocope before DÓLARES)', '101', 'CIENTO UN DÓLARES CON 00/100'],
    ['ciento diez', '110.25', 'CIENTO DIEZ DÓLARES CON 25/100'],
    ['quinientos', '500', 'QUINIENTOS DÓLARES CON 00/100'],
    ['setecientos', '777.77', 'SETECIENTOS SETENTA Y SIETE DÓLARES CON 77/100'],
    ['novecientos', '999.99', 'NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 99/100'],
    ['mil, not un mil', '1000', 'MIL DÓLARES CON 00/100'],
    ['mil uno', '1001', 'MIL UN DÓLARES CON 00/100'],
    ['veintiún mil', '21000', 'VEINTIÚN MIL DÓLARES CON 00/100'],
    ['cien mil', '100000', 'CIEN MIL DÓLARES CON 00/100'],
    ['ciento un mil', '101000', 'CIENTO UN MIL DÓLARES CON 00/100'],
    ['quinientos mil', '500000', 'QUINIENTOS MIL DÓLARES CON 00/100'],
    ['un millón quinientos mil', '1500000', 'UN MILLÓN QUINIENTOS MIL DÓLARES CON 00/100'],
    ['un millón uno', '1000001', 'UN MILLÓN UN DÓLARES CON 00/100'],
    ['veintiún millones', '21000000', 'VEINTIÚN MILLONES DÓLARES CON 00/100'],
    ['mil millones (long scale)', '1000000000', 'MIL MILLONES DÓLARES CON 00/100'],
    ['dos mil un millones', '2001000000', 'DOS MIL UN MILLONES DÓLARES CON 00/100'],
    [
      'largest supported',
      '999999999999.99',
      'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE DÓLARES CON 99/100',
    ],
    ['cents rounded half up', '10.005', 'DIEZ DÓLARES CON 01/100'],
    ['cents rounded up to the next dollar', '0.999', 'UN DÓLAR CON 00/100'],
  ])('%s: %s', (_label, amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it.each([['negative', '-1.00'], ['one billion', '1000000000000']])('refuses %s', (_label, amount) => {
    expect(() => amountInWords(amount)).toThrow(RangeError);
  });

  it('fits MH totalLetras (≤ 200 characters) for the longest amounts', () => {
    expect(amountInWords('777777777777.77').length).toBeLessThanOrEqual(200);
  });
});
