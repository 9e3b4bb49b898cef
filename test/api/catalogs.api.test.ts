import { graphql, request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
});

describe('catalogs', () => {
  it('GET /v1/catalogs serves all 33 with version and entry counts', async () => {
    const r = await request(t.url, 'GET', '/v1/catalogs', { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(33);
    expect(r.body.data[0]).toEqual({ object: 'catalog', code: 'CAT-001', name: 'Ambiente de destino', version: 'v1.1-2026-07', entries_count: 2 });
    expect(r.body.data.map((c: { code: string }) => c.code)).toEqual(Array.from({ length: 33 }, (_, i) => `CAT-${String(i + 1).padStart(3, '0')}`));
  });

  it('GET /v1/catalogs/CAT-019 searches code and name and paginates', async () => {
    const r = await request(t.url, 'GET', '/v1/catalogs/CAT-019?q=cafe&limit=3', { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'catalog', code: 'CAT-019', entries_count: 774 });
    expect(r.body.data.length).toBeGreaterThan(0);
    for (const e of r.body.data) expect(`${e.code} ${e.name}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()).toContain('cafe');
    const byCode = await request(t.url, 'GET', '/v1/catalogs/CAT-019?q=62010', { key: t.account.testKey });
    expect(byCode.body.data.map((e: { code: string }) => e.code)).toEqual(['62010']);
    const all: string[] = [];
    let after = '';
    for (;;) {
      const page = await request(t.url, 'GET', `/v1/catalogs/CAT-013?limit=20${after ? `&starting_after=${after}` : ''}`, { key: t.account.testKey });
      all.push(...page.body.data.map((e: { id: string }) => e.id));
      if (!page.body.has_more) break;
      after = page.body.data[page.body.data.length - 1].id;
    }
    expect(all).toHaveLength(45);
    expect(new Set(all).size).toBe(45);
  });

  it('accepts the short forms and refuses unknown catalogs with 404', async () => {
    expect((await request(t.url, 'GET', '/v1/catalogs/cat-12', { key: t.account.testKey })).body.code).toBe('CAT-012');
    expect((await request(t.url, 'GET', '/v1/catalogs/CAT-034', { key: t.account.testKey })).status).toBe(404);
  });

  it('GraphQL equivalents return the same data', async () => {
    const g = await graphql(t.url, t.account.testKey, '{ catalogs { code entriesCount } catalog(code: "CAT-008") { code entries(first: 2, q: "delgado") { nodes { id code name department } } } }');
    expect(g.body.data.catalogs).toHaveLength(33);
    expect(g.body.data.catalog.entries.nodes).toEqual([{ id: '06.19', code: '19', name: 'CIUDAD DELGADO', department: '06' }]);
    const r = await request(t.url, 'GET', '/v1/catalogs/CAT-008?q=delgado', { key: t.account.testKey });
    expect(r.body.data).toEqual([{ id: '06.19', code: '19', name: 'CIUDAD DELGADO', section: null, department: '06', notes: null }]);
  });
});
