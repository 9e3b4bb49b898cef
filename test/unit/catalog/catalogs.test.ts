import { catalogEntries, findDistrict, findEntry, findMunicipality, listCatalogs, normalizeCatalogCode } from '../../../src/domain/catalog/catalogs';
import { GetCatalogService } from '../../../src/services/catalogs/get-catalog.service';

describe('official catalogs (v1.1-2026-07)', () => {
  it('has the 33 catalogs CAT-001 … CAT-033 with entries', () => {
    const codes = listCatalogs().map((c) => c.code);
    expect(codes).toEqual(Array.from({ length: 33 }, (_, i) => `CAT-${String(i + 1).padStart(3, '0')}`));
    for (const c of listCatalogs()) expect(c.entries.length).toBeGreaterThan(0);
  });

  it.each([
    ['CAT-012', 15],
    ['CAT-013', 45],
    ['CAT-008', 263],
    ['CAT-019', 774],
    ['CAT-002', 13],
    ['CAT-014', 40],
  ])('%s has %i entries', (code, n) => {
    expect(catalogEntries(code)).toHaveLength(n);
  });

  it('knows facts the service relies on', () => {
    expect(findEntry('CAT-002', '03')?.name).toBe('Comprobante de crédito fiscal');
    expect(findEntry('CAT-015', '20')?.name).toBe('Impuesto al Valor Agregado 13%');
    expect(findEntry('CAT-014', '2')).toEqual({ code: '2', name: 'Yarda', notes: '1' });
    expect(findMunicipality('06', '23')?.name).toBe('SAN SALVADOR CENTRO');
    expect(findDistrict('06', '19')?.name).toBe('CIUDAD DELGADO');
    expect(findDistrict('01', '19')).toBeUndefined();
  });

  it('ids are unique within each catalog', () => {
    for (const c of listCatalogs()) {
      const ids = catalogEntries(c.code).map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it.each([
    ['CAT-019', 'CAT-019'],
    ['cat-19', 'CAT-019'],
    ['19', 'CAT-019'],
    ['CAT-034', null],
    ['x', null],
  ])('normalises %s', (input, out) => {
    expect(normalizeCatalogCode(input)).toBe(out);
  });

  it('searches code and name ignoring accents and paginates by id', () => {
    const svc = new GetCatalogService();
    const hits = svc.execute('CAT-012', { q: 'cabanas', page: { limit: 10, startingAfter: null } })!;
    expect(hits.entries.data.map((e) => e.code)).toEqual(['09']);
    const p1 = svc.execute('CAT-012', { page: { limit: 10, startingAfter: null } })!;
    const p2 = svc.execute('CAT-012', { page: { limit: 10, startingAfter: p1.entries.data[9].id } })!;
    expect(p1.entries.hasMore).toBe(true);
    expect(p2.entries.hasMore).toBe(false);
    expect([...p1.entries.data, ...p2.entries.data].map((e) => e.code)).toEqual(catalogEntries('CAT-012').map((e) => e.code));
  });
});
