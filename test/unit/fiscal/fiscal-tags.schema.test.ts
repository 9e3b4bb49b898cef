import { parseFiscalTags } from '../../../src/domain/fiscal/index';

describe('parseFiscalTags (PATCH /documents/{id}/fiscal)', () => {
  const ok: [string, unknown, unknown][] = [
    ['income codes', { incomeCodes: { operationType: '1', incomeType: '3' } }, { incomeCodes: { operationType: '1', incomeType: '3' } }],
    ['clearing the income codes', { incomeCodes: null }, { incomeCodes: null }],
    ['booleans and reference', { freeZone: true, exemptNonProportional: false, excludeFromBooks: true, externalRef: 'ERP-9' }, { freeZone: true, exemptNonProportional: false, excludeFromBooks: true, externalRef: 'ERP-9' }],
    ['empty patch', {}, {}],
  ];
  it.each(ok)('accepts %s', (_label, body, value) => expect(parseFiscalTags(body)).toEqual({ ok: true, value }));

  const bad: [string, unknown, { path: string; code: string }[]][] = [
    ['an unknown tag', { vip: true }, [{ path: 'vip', code: 'unknown_field' }]],
    ['an unknown income type', { incomeCodes: { operationType: '1', incomeType: '11' } }, [{ path: 'incomeCodes.incomeType', code: 'unknown_catalog_code' }]],
    ['13 with another income type', { incomeCodes: { operationType: '13', incomeType: '2' } }, [{ path: 'incomeCodes.incomeType', code: 'invalid_combination' }]],
    ['a string boolean', { freeZone: 'yes' }, [{ path: 'freeZone', code: 'invalid_type' }]],
  ];
  it.each(bad)('refuses %s', (_label, body, expected) => {
    const r = parseFiscalTags(body);
    expect(r.ok ? [] : r.errors.map(({ path, code }) => ({ path, code }))).toEqual(expected);
  });
});
