import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { graphql, request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** A new emitter lists one credential status per environment, nothing stored. */
const NO_CREDENTIALS = ['00', '01'].map((environment) => ({ environment, certificate_loaded: false, certificate_nit: null, mh_login_ok: false, checked_at: null, mh_user: null, certificate_valid_until: null, message: null }));

const EMITTER_GQL = `id nit nrc name tradeName economicActivity establishmentType address { department municipality district line } phone email numbering logoUrl isLargeTaxpayer credentials { environment certificateLoaded certificateNit mhLoginOk checkedAt mhUser certificateValidUntil message } createdAt updatedAt`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
});

describe('emitters over REST and GraphQL', () => {
  it('an emitter created by REST reads back identically through GraphQL', async () => {
    const created = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06140101010101', numbering: 'centralized', is_large_taxpayer: true }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/json/);
    const e = created.body;
    expect(e).toMatchObject({
      object: 'emitter',
      nit: '06140101010101',
      nrc: '1234567',
      name: 'Comercial Las Brisas, S.A. de C.V.',
      trade_name: 'Las Brisas',
      economic_activity: '47190',
      establishment_type: '02',
      address: { department: '06', municipality: '23', district: '14', line: 'Calle Arce 123, Centro' },
      phone: '22223333',
      email: 'facturacion@lasbrisas.com.sv',
      numbering: 'centralized',
      logo_url: null,
      is_large_taxpayer: true,
      credentials: NO_CREDENTIALS,
    });
    expect(e.id).toMatch(/^emt_/);
    const g = await graphql(t.url, t.account.testKey, `query($id: ID!) { emitter(id: $id) { ${EMITTER_GQL} } }`, { id: e.id });
    expect(g.status).toBe(200);
    const ge = g.body.data.emitter;
    expect({
      id: ge.id,
      object: 'emitter',
      nit: ge.nit,
      nrc: ge.nrc,
      name: ge.name,
      trade_name: ge.tradeName,
      economic_activity: ge.economicActivity,
      establishment_type: ge.establishmentType,
      address: ge.address,
      phone: ge.phone,
      email: ge.email,
      numbering: ge.numbering.toLowerCase(),
      logo_url: ge.logoUrl,
      is_large_taxpayer: ge.isLargeTaxpayer,
      credentials: ge.credentials.map((c: Record<string, unknown>) => ({ environment: c.environment, certificate_loaded: c.certificateLoaded, certificate_nit: c.certificateNit, mh_login_ok: c.mhLoginOk, checked_at: c.checkedAt, mh_user: c.mhUser, certificate_valid_until: c.certificateValidUntil, message: c.message })),
      created_at: ge.createdAt,
      updated_at: ge.updatedAt,
    }).toEqual(e);
  });

  it('an emitter created by GraphQL reads back identically through REST', async () => {
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { ${EMITTER_GQL} } errors { field code message } } }`,
      {
        input: {
          nit: '012345678',
          nrc: '12',
          name: 'Juana Pérez',
          economicActivity: '62010',
          address: { department: '01', municipality: '13', district: '01', line: 'Barrio El Centro' },
          email: 'juana@example.com',
          numbering: 'PER_ESTABLISHMENT',
        },
      },
    );
    expect(g.body.data.createEmitter.errors).toEqual([]);
    const ge = g.body.data.createEmitter.emitter;
    const r = await request(t.url, 'GET', `/v1/emitters/${ge.id}`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: ge.id,
      object: 'emitter',
      nit: '012345678',
      nrc: '12',
      name: 'Juana Pérez',
      trade_name: null,
      economic_activity: '62010',
      establishment_type: null,
      address: { department: '01', municipality: '13', district: '01', line: 'Barrio El Centro' },
      phone: null,
      email: 'juana@example.com',
      numbering: 'per_establishment',
      logo_url: null,
      is_large_taxpayer: false,
      credentials: NO_CREDENTIALS,
      created_at: ge.createdAt,
      updated_at: ge.updatedAt,
    });
  });

  it('GraphQL returns business refusals as data with typed codes', async () => {
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { id } errors { field code message } } }`,
      { input: { nit: '123', nrc: '1234567', name: 'X', economicActivity: '00000', address: { department: '06', municipality: '23', district: '30', line: 'x' }, email: 'x@x.sv' } },
    );
    expect(g.status).toBe(200);
    expect(g.body.data.createEmitter.emitter).toBeNull();
    expect(g.body.data.createEmitter.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual([
      'nit:INVALID_FORMAT',
      'economicActivity:UNKNOWN_CATALOG_CODE',
      'address.district:ADDRESS_MISMATCH',
    ]);
  });

  it('PATCH replaces only the fields sent; null clears an optional field', async () => {
    const c = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06140202020202' }) });
    const r = await request(t.url, 'PATCH', `/v1/emitters/${c.body.id}`, {
      key: t.account.testKey,
      body: { name: 'Nuevo nombre', trade_name: null, address: { department: '05', municipality: '26', district: '01', line: 'Km 10' } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Nuevo nombre', trade_name: null, nrc: '1234567', address: { department: '05', municipality: '26', district: '01', line: 'Km 10' } });
    expect(r.body.updated_at >= c.body.updated_at).toBe(true);
    const dup = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06140202020202' }) });
    expect(dup.status).toBe(409);
    expect(dup.body.type).toMatch(/\/problems\/emitter_nit_taken$/);
  });

  it('lists with cursor pagination, newest first, stable', async () => {
    const acct = await t.newAccount('Paginación');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await request(t.url, 'POST', '/v1/emitters', { key: acct.testKey, body: emitterBody({ nit: `0614000000000${i}` }) });
      ids.push(r.body.id);
    }
    const p1 = await request(t.url, 'GET', '/v1/emitters?limit=2', { key: acct.testKey });
    expect(p1.body.object).toBe('list');
    expect(p1.body.has_more).toBe(true);
    expect(p1.body.data.map((e: { id: string }) => e.id)).toEqual([ids[4], ids[3]]);
    const p2 = await request(t.url, 'GET', `/v1/emitters?limit=2&starting_after=${ids[3]}`, { key: acct.testKey });
    expect(p2.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    const p3 = await request(t.url, 'GET', `/v1/emitters?limit=2&starting_after=${ids[1]}`, { key: acct.testKey });
    expect(p3.body).toMatchObject({ has_more: false });
    expect(p3.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    const g = await graphql(t.url, acct.testKey, `query { emitters(first: 2, after: "${ids[3]}") { edges { cursor node { id } } pageInfo { hasNextPage endCursor } } }`);
    expect(g.body.data.emitters).toEqual({
      edges: [
        { cursor: ids[2], node: { id: ids[2] } },
        { cursor: ids[1], node: { id: ids[1] } },
      ],
      pageInfo: { hasNextPage: true, endCursor: ids[1] },
    });
    for (const bad of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5']) {
      const r = await request(t.url, 'GET', `/v1/emitters?${bad}`, { key: acct.testKey });
      expect(r.status).toBe(400);
      expect(r.body.errors[0].path).toBe('limit');
    }
  });

  it("another account's emitter is not found (never forbidden)", async () => {
    const other = await t.newAccount('Otra');
    const mine = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06140303030303' }) });
    const id = mine.body.id;
    for (const [method, path, body] of [
      ['GET', `/v1/emitters/${id}`, undefined],
      ['PATCH', `/v1/emitters/${id}`, { name: 'x' }],
      ['POST', `/v1/emitters/${id}/establishments`, establishmentBody()],
      ['GET', `/v1/emitters/${id}/establishments`, undefined],
    ] as const) {
      const r = await request(t.url, method, path, { key: other.testKey, body });
      expect([method, path, r.status]).toEqual([method, path, 404]);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    const g = await graphql(t.url, other.testKey, `query($id: ID!) { emitter(id: $id) { id } }`, { id });
    expect(g.body.data.emitter).toBeNull();
    const list = await request(t.url, 'GET', '/v1/emitters', { key: other.testKey });
    expect(list.body.data).toEqual([]);
  });

  it('test and live keys of one account see the same emitters', async () => {
    const acct = await t.newAccount('Ambientes');
    const c = await request(t.url, 'POST', '/v1/emitters', { key: acct.testKey, body: emitterBody() });
    const r = await request(t.url, 'GET', `/v1/emitters/${c.body.id}`, { key: acct.liveKey });
    expect(r.status).toBe(200);
  });
});

describe('establishments and points of sale', () => {
  let emitterId: string;
  beforeAll(async () => {
    const r = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06149999999999' }) });
    emitterId = r.body.id;
  });

  it('creates, reads and lists establishments', async () => {
    const r = await request(t.url, 'POST', `/v1/emitters/${emitterId}/establishments`, { key: t.account.testKey, body: establishmentBody() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      object: 'establishment',
      emitter_id: emitterId,
      code: 'M001',
      type: '02',
      active: true,
      points_of_sale: [
        { code: 'P001', name: 'Caja 1', active: true },
        { code: 'P002', name: 'Caja 2', active: true },
      ],
    });
    const dup = await request(t.url, 'POST', `/v1/emitters/${emitterId}/establishments`, { key: t.account.testKey, body: establishmentBody() });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ path: 'code', code: 'establishment_code_taken', message: expect.any(String) }]);
    const list = await request(t.url, 'GET', `/v1/emitters/${emitterId}/establishments`, { key: t.account.testKey });
    expect(list.body).toEqual({ object: 'list', data: [r.body], has_more: false });
    const one = await request(t.url, 'GET', `/v1/emitters/${emitterId}/establishments/${r.body.id}`, { key: t.account.testKey });
    expect(one.body).toEqual(r.body);
    const g = await graphql(t.url, t.account.testKey, `query($id: ID!) { emitter(id: $id) { establishments { id code pointsOfSale { code active } } } }`, { id: emitterId });
    expect(g.body.data.emitter.establishments).toEqual([{ id: r.body.id, code: 'M001', pointsOfSale: [{ code: 'P001', active: true }, { code: 'P002', active: true }] }]);
  });

  it('PATCH points_of_sale replaces the list; a point of sale with documents is kept inactive', async () => {
    const r = await request(t.url, 'POST', `/v1/emitters/${emitterId}/establishments`, {
      key: t.account.testKey,
      body: establishmentBody({ code: 'S001', type: '01', points_of_sale: [{ code: 'P001' }, { code: 'P002' }, { code: 'P003' }] }),
    });
    // P002 has issued documents.
    await t.app.services.deps.orm.em.getConnection().execute(`update points_of_sale set documents_count = 3 where establishment_id = ? and code = 'P002'`, [r.body.id]);
    const p = await request(t.url, 'PATCH', `/v1/emitters/${emitterId}/establishments/${r.body.id}`, {
      key: t.account.testKey,
      body: { points_of_sale: [{ code: 'P003', name: 'Caja rápida' }, { code: 'P004' }] },
    });
    expect(p.status).toBe(200);
    expect(p.body.points_of_sale).toEqual([
      { code: 'P003', name: 'Caja rápida', active: true },
      { code: 'P004', name: null, active: true },
      { code: 'P002', name: null, active: false },
    ]);
    const rows = await t.app.services.deps.orm.em.getConnection().execute(`select code from points_of_sale where establishment_id = ? order by code`, [r.body.id]);
    expect(rows.map((x) => (x as { code: string }).code)).toEqual(['P002', 'P003', 'P004']);
    // Listing P002 again reactivates it.
    const again = await request(t.url, 'PATCH', `/v1/emitters/${emitterId}/establishments/${r.body.id}`, {
      key: t.account.testKey,
      body: { points_of_sale: [{ code: 'P002' }] },
    });
    expect(again.body.points_of_sale).toEqual([{ code: 'P002', name: null, active: true }]);
  });

  it('validates codes and the address', async () => {
    const r = await request(t.url, 'POST', `/v1/emitters/${emitterId}/establishments`, {
      key: t.account.testKey,
      body: establishmentBody({ code: 'X01', type: '99', address: { department: '06', municipality: '23', district: '30', line: 'x' }, points_of_sale: [{ code: '001' }] }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: { path: string; code: string }) => `${e.path}:${e.code}`)).toEqual([
      'code:invalid_format',
      'type:unknown_catalog_code',
      'address.district:address_mismatch',
      'points_of_sale[0].code:invalid_format',
    ]);
  });
});
