import { addressSchema } from '../../../src/domain/emitter/address.schema';
import { createEmitterSchema } from '../../../src/domain/emitter/emitter-input.schema';
import { createEstablishmentSchema } from '../../../src/domain/emitter/establishment-input.schema';
import { parseWith } from '../../../src/domain/shared/zod-errors';

const baseEmitter = {
  nit: '06141234567890',
  nrc: '1234567',
  name: 'Acme',
  economicActivity: '47190',
  address: { department: '06', municipality: '23', district: '14', line: 'Calle 1' },
  email: 'a@acme.com.sv',
};

describe('emitter input', () => {
  it.each([
    ['14-digit NIT', { nit: '06141234567890' }, null],
    ['9-digit DUI-based NIT', { nit: '012345678' }, null],
    ['NIT with dashes', { nit: '0614-123456-789-0' }, 'nit:invalid_format'],
    ['NIT of 10 digits', { nit: '0614123456' }, 'nit:invalid_format'],
    ['NRC of 1 digit', { nrc: '1' }, 'nrc:invalid_format'],
    ['NRC of 2 digits', { nrc: '12' }, null],
    ['NRC of 8 digits', { nrc: '12345678' }, null],
    ['NRC of 9 digits', { nrc: '123456789' }, 'nrc:invalid_format'],
    ['NRC with dash', { nrc: '123456-7' }, 'nrc:invalid_format'],
    ['bad e-mail', { email: 'acme.com.sv' }, 'email:invalid_format'],
    ['unknown activity', { economicActivity: '99999' }, 'economicActivity:unknown_catalog_code'],
    ['activity heading (no code)', { economicActivity: '' }, 'economicActivity:unknown_catalog_code'],
    ['unknown establishment type', { establishmentType: '03' }, 'establishmentType:unknown_catalog_code'],
    ['numbering centralized', { numbering: 'centralized' }, null],
    ['numbering unknown', { numbering: 'global' }, 'numbering:invalid_value'],
    ['http logo', { logoUrl: 'http://acme.sv/logo.png' }, 'logoUrl:invalid_value'],
    ['https logo', { logoUrl: 'https://acme.sv/logo.png' }, null],
    ['unknown field', { color: 'red' }, 'color:unknown_field'],
    ['name as number', { name: 12 }, 'name:invalid_type'],
  ])('%s', (_label, patch, expected) => {
    const r = parseWith(createEmitterSchema, { ...baseEmitter, ...patch });
    if (expected === null) expect(r.ok).toBe(true);
    else {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => `${e.path}:${e.code}`)).toContain(expected);
    }
  });

  it('lists every missing required field', () => {
    const r = parseWith(createEmitterSchema, {});
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => `${e.path}:${e.code}`).sort()).toEqual(
        ['address:required', 'economicActivity:required', 'email:required', 'name:required', 'nit:required', 'nrc:required'].sort(),
      );
    }
  });
});

describe('address (2026 catalogs)', () => {
  it.each([
    ['San Salvador Centro, district San Salvador', { department: '06', municipality: '23', district: '14' }, []],
    ['San Salvador Este, district Ciudad Delgado (MH accepts per department)', { department: '06', municipality: '22', district: '19' }, []],
    ['department 00 (abroad) refused', { department: '00', municipality: '00', district: '00' }, ['department:unknown_catalog_code']],
    ['unknown department', { department: '15', municipality: '01', district: '01' }, ['department:unknown_catalog_code']],
    ['municipality of another department', { department: '06', municipality: '13', district: '14' }, ['municipality:address_mismatch']],
    ['district of another department', { department: '01', municipality: '13', district: '19' }, ['district:address_mismatch']],
    ['both wrong', { department: '14', municipality: '23', district: '20' }, ['municipality:address_mismatch', 'district:address_mismatch']],
    ['non-numeric codes', { department: 'SS', municipality: '23', district: '14' }, ['department:invalid_format']],
  ])('%s', (_label, codes, expected) => {
    const r = parseWith(addressSchema, { ...codes, line: 'Calle 1' });
    const got = r.ok ? [] : r.errors.map((e) => `${e.path}:${e.code}`);
    expect(got).toEqual(expected);
  });
});

describe('establishment input', () => {
  const base = { code: 'M001', type: '02', address: { department: '06', municipality: '23', district: '14', line: 'Calle 1' } };
  it.each([
    ['M001', { code: 'M001' }, null],
    ['S012', { code: 'S012' }, null],
    ['B100', { code: 'B100' }, null],
    ['P999', { code: 'P999' }, null],
    ['X001', { code: 'X001' }, 'code:invalid_format'],
    ['M01', { code: 'M01' }, 'code:invalid_format'],
    ['m001 lower case', { code: 'm001' }, 'code:invalid_format'],
    ['type 03 not in CAT-009', { type: '03' }, 'type:unknown_catalog_code'],
    ['POS P001', { pointsOfSale: [{ code: 'P001' }] }, null],
    ['POS 0001', { pointsOfSale: [{ code: '0001' }] }, 'pointsOfSale[0].code:invalid_format'],
    ['POS duplicated', { pointsOfSale: [{ code: 'P001' }, { code: 'P001' }] }, 'pointsOfSale[1].code:duplicate_value'],
  ])('%s', (_label, patch, expected) => {
    const r = parseWith(createEstablishmentSchema, { ...base, ...patch });
    if (expected === null) expect(r.ok).toBe(true);
    else {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => `${e.path}:${e.code}`)).toContain(expected);
    }
  });
});
