/** selloRecibido shape and numeroControl format/uniqueness key. */
import { MH_SEAL_PATTERN, SIMULATOR_SEAL_PATTERN, generateSeal } from '../../../src/mh-simulator/rules/seal';
import { checkNumeroControl, numeroControlKey } from '../../../src/mh-simulator/rules/numero-control';
import { formatMhDateTime, instantOfLocal } from '../../../src/domain/mh-rules/el-salvador-time';

describe('selloRecibido', () => {
  it('is 40 characters: local year + 32 uppercase hex + 4 alphanumerics', () => {
    for (let i = 0; i < 200; i++) {
      const seal = generateSeal(new Date('2026-03-10T16:45:30Z'));
      expect(seal).toHaveLength(40);
      expect(seal).toMatch(MH_SEAL_PATTERN);
      expect(seal).toMatch(SIMULATOR_SEAL_PATTERN);
      expect(seal.slice(0, 4)).toBe('2026');
    }
  });
  it('takes the year in El Salvador time (01-01-2027 03:00 UTC is still 2026 there)', () => {
    expect(generateSeal(new Date('2027-01-01T03:00:00Z')).slice(0, 4)).toBe('2026');
  });
  it('matches the real seal observed from MH', () => {
    expect('2024E68208639D4549FB9FA06E7CB6D57D2A3BED').toMatch(SIMULATOR_SEAL_PATTERN);
  });
  it('is deterministic for given random bytes', () => {
    const bytes = (n: number) => Buffer.alloc(n, 0xab);
    expect(generateSeal(new Date('2026-05-01T12:00:00Z'), bytes)).toBe(`2026${'AB'.repeat(16)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[0xab % 36].repeat(4)}`);
  });
});

describe('fhProcesamiento', () => {
  it('is dd/MM/yyyy HH:mm:ss in El Salvador time', () => {
    expect(formatMhDateTime(new Date('2026-03-10T16:45:30Z'))).toBe('10/03/2026 10:45:30');
    expect(formatMhDateTime(instantOfLocal('2026-12-31', '23:59:59'))).toBe('31/12/2026 23:59:59');
  });
});

describe('numeroControl', () => {
  it.each([
    ['2026 shape, FE', 'DTE-01-M001P025-000000000000001', '01', true],
    ['sucursal, CCF', 'DTE-03-S006P006-000000000012345', '03', true],
    ['bodega and patio letters', 'DTE-05-B001P001-000000000000009', '05', true],
    ['legacy numeric segment (refused by the 2026 schemas)', 'DTE-01-00000000-000000000000001', '01', false],
    ['type segment differs from tipoDte', 'DTE-03-M001P001-000000000000001', '01', false],
    ['correlative zero', 'DTE-01-M001P001-000000000000000', '01', false],
    ['too short', 'DTE-01-M001P001-00000000000001', '01', false],
    ['lowercase', 'dte-01-m001p001-000000000000001', '01', false],
  ])('%s', (_label, value, type, ok) => {
    expect(checkNumeroControl(value, type).ok).toBe(ok);
  });
  it('names the field in the message', () => {
    const r = checkNumeroControl('DTE-03-M001P001-000000000000001', '01');
    expect(r).toEqual({ ok: false, message: '[identificacion.numeroControl] NO CORRESPONDE AL TIPO DE DOCUMENTO' });
  });
  it('is unique per environment, NIT, type and calendar year', () => {
    const base = { ambiente: '00', nit: '06142803901121', tipoDte: '01', fecEmi: '2026-03-10', numeroControl: 'DTE-01-M001P001-000000000000001' };
    const key = numeroControlKey(base);
    expect(numeroControlKey({ ...base, fecEmi: '2026-12-31' })).toBe(key);
    expect(numeroControlKey({ ...base, fecEmi: '2027-01-01' })).not.toBe(key);
    expect(numeroControlKey({ ...base, ambiente: '01' })).not.toBe(key);
    expect(numeroControlKey({ ...base, nit: '06142803901122' })).not.toBe(key);
    expect(numeroControlKey({ ...base, tipoDte: '03' })).not.toBe(key);
  });
});
