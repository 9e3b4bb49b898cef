import { createCustomerSchema } from '../../../src/domain/directory/customer-input.schema';
import { duiCheckDigit, duiCheckDigitHolds, nitCheckDigit, nitCheckDigitHolds } from '../../../src/domain/dte/identity-check-digits';
import { parseWith } from '../../../src/domain/shared/zod-errors';

describe('NIT and DUI check digits', () => {
  it.each([
    ['DUI 00016297', '00016297', 5],
    ['DUI 01234567', '01234567', 8],
    ['DUI 04567890', '04567890', 3],
    ['DUI 12345678', '12345678', 4],
    ['DUI 00000000 (sum 0)', '00000000', 0],
  ])('%s: %s → %i', (_label, first8, digit) => {
    expect(duiCheckDigit(first8)).toBe(digit);
  });

  it.each([
    ['new NIT (correlative 104)', '0614050707104', 8],
    ['new NIT (correlative 101)', '0614201090101', 5],
    ['old NIT (correlative 001)', '0614010190001', 8],
    ['old NIT (correlative 100, the last of the old rule)', '0614010190100', 0], // 208 mod 11 = 10 → 0,
  ])('%s: %s → %i', (_label, first13, digit) => {
    expect(nitCheckDigit(first13)).toBe(digit);
  });

  it.each([
    ['14-digit NIT, right digit', '06140507071048', true],
    ['14-digit NIT, wrong digit', '06140507071040', false],
    ['old 14-digit NIT, right digit', '06140101900018', true],
    ['old 14-digit NIT, wrong digit', '06140101900019', false],
    ['9-digit NIT (homologated DUI), right digit', '000162975', true],
    ['9-digit NIT (homologated DUI), wrong digit', '000162974', false],
    ['12 digits', '061405070710', false],
  ])('NIT %s: %s', (_label, nit, ok) => {
    expect(nitCheckDigitHolds(nit)).toBe(ok);
  });

  it.each([
    ['with hyphen, right digit', '00016297-5', true],
    ['with hyphen, wrong digit', '00016297-4', false],
    ['digits only, right digit', '012345678', true],
    ['letters', 'A0016297-5', false],
  ])('DUI %s: %s', (_label, dui, ok) => {
    expect(duiCheckDigitHolds(dui)).toBe(ok);
  });
});

describe('a customer refused for a wrong check digit (field documentNumber, Spanish message)', () => {
  const errorsOf = (documentType: string, documentNumber: string) => {
    const r = parseWith(createCustomerSchema, { name: 'Ana Pérez', documentType, documentNumber });
    return r.ok ? [] : r.errors;
  };

  it.each([
    ['NIT 14', '36', '06140507071040', 'El último dígito del NIT (el verificador) no corresponde a los anteriores: revise el número.'],
    ['NIT 9 (DUI homologado)', '36', '000162974', 'El NIT de 9 dígitos es un DUI homologado y su último dígito (el verificador) no corresponde: revise el número.'],
    ['DUI', '13', '00016297-4', 'El dígito verificador del DUI (después del guion) no corresponde a los 8 anteriores: revise el número.'],
  ])('%s', (_label, type, number, message) => {
    expect(errorsOf(type, number)).toEqual([{ path: 'documentNumber', code: 'invalid_format', message }]);
  });

  it.each([
    ['NIT 14', '36', '06140507071048'],
    ['NIT 9', '36', '000162975'],
    ['DUI', '13', '00016297-5'],
    ['passport (no check digit)', '03', 'A1234567'],
  ])('accepted: %s', (_label, type, number) => {
    expect(errorsOf(type, number)).toEqual([]);
  });

  it('a wrong format gets only the format message, not a second one', () => {
    expect(errorsOf('36', '123')).toEqual([{ path: 'documentNumber', code: 'invalid_format', message: 'El NIT son 14 o 9 dígitos, sin guiones.' }]);
  });
});
