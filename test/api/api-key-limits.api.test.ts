import WebSocket from 'ws';
import { feBody, ccfBody } from '../fixtures/document-bodies';
import { emitterBody } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { graphqlWithSession, logIn, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { ManualClock } from '../../src/services/shared/clock';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * API keys limited to what they are for: one emitter, some document types, some addresses, an
 * expiry — each refused elsewhere on every door (REST, GraphQL, graphql-ws), naming the limit; and
 * `documents:invalidate` a scope of its own.
 */
const clock = new ManualClock(new Date());
let t: TestApp;
let owner: PanelSession;
let a: Issuer;
let b: Issuer;
const PASSWORD = 'Frase-larga-del-panel-2026';

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback' }, { clock });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'ana@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
  owner = await logIn(t.url, 'ana@lasbrisas.com.sv', PASSWORD);
  a = await createIssuer(t.url, t.account.testKey, { nit: '06141111110001' });
  b = await createIssuer(t.url, t.account.testKey, { nit: '06141111110002' });
});
afterAll(async () => {
  await t.stop();
});

const createKey = (body: Record<string, unknown>) => withSession(t.url, owner, 'POST', '/v1/api-keys', { body: { name: 'Caja 1', ...body } });
const documents = async () => (await dbRows<{ n: number }>(t.db.url, 'select count(*)::int as n from documents'))[0].n;
const from = (address: string) => ({ 'X-Forwarded-For': address });

describe('creating a limited key', () => {
  it('stores and shows its limits (REST, GraphQL); bad limits are 422 naming the field, nothing created', async () => {
    const r = await createKey({ emitter_ids: [a.emitterId], document_types: ['01'], allowed_ips: ['203.0.113.0/24', '2001:db8::1'], expires_at: new Date(clock.now().getTime() + 86_400_000).toISOString() });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ emitter_ids: [a.emitterId], document_types: ['01'], allowed_ips: ['203.0.113.0/24', '2001:db8::1'], expires_at: expect.any(String) });
    const listed = (await withSession(t.url, owner, 'GET', '/v1/api-keys')).body.data.find((k: any) => k.id === r.body.id);
    expect(listed).toMatchObject({ emitter_ids: [a.emitterId], document_types: ['01'] });
    const g = await graphqlWithSession(t.url, owner, '{ apiKeys { nodes { id emitterIds documentTypes allowedIps expiresAt } } }');
    expect(g.body.data.apiKeys.nodes.find((k: any) => k.id === r.body.id)).toMatchObject({ emitterIds: [a.emitterId], allowedIps: ['203.0.113.0/24', '2001:db8::1'] });
    const before = await dbRows(t.db.url, 'select id from api_keys order by 1');
    for (const [body, path] of [
      [{ allowed_ips: ['10.0.0.0/99'] }, 'allowed_ips[0]'],
      [{ document_types: ['02'] }, 'document_types[0]'],
      [{ emitter_ids: ['emt_de_otra_cuenta'] }, 'emitter_ids[0]'],
      [{ expires_at: new Date(clock.now().getTime() - 1000).toISOString() }, 'expires_at'],
    ] as const) {
      const bad = await createKey(body);
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.body.errors[0].path).toBe(path);
    }
    expect(await dbRows(t.db.url, 'select id from api_keys order by 1')).toEqual(before);
  });
});

describe('a key limited to one emitter, one type and one address', () => {
  let key: string;
  beforeAll(async () => {
    key = (await createKey({ emitter_ids: [a.emitterId], document_types: ['01'], allowed_ips: ['203.0.113.7'] })).body.key;
  });

  it('issues an FE for its emitter from its address', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key, body: feBody(a), headers: from('203.0.113.7') });
    expect(r.status).toBe(201);
  });

  it('is refused elsewhere, naming the limit, and nothing is issued (REST)', async () => {
    const before = await documents();
    const otherEmitter = await request(t.url, 'POST', '/v1/documents', { key, body: feBody(b), headers: from('203.0.113.7') });
    expectProblem(otherEmitter, 403, 'api_key_emitter_forbidden');
    expect(otherEmitter.body.errors[0]).toMatchObject({ path: 'emitter_id', code: 'api_key_emitter_forbidden' });
    expect(otherEmitter.body.detail).toContain(a.emitterId);
    const otherType = await request(t.url, 'POST', '/v1/documents', { key, body: ccfBody(a), headers: from('203.0.113.7') });
    expectProblem(otherType, 403, 'api_key_document_type_forbidden');
    expect(otherType.body.detail).toMatch(/01/);
    const otherAddress = await request(t.url, 'POST', '/v1/documents', { key, body: feBody(a), headers: from('198.51.100.9') });
    expectProblem(otherAddress, 403, 'api_key_address_forbidden');
    expect(otherAddress.body.detail).toContain('198.51.100.9');
    expect(await documents()).toBe(before);
    // Reads: another emitter is 403 naming the limit; lists leave it out.
    expectProblem(await request(t.url, 'GET', `/v1/emitters/${b.emitterId}`, { key, headers: from('203.0.113.7') }), 403, 'api_key_emitter_forbidden');
    const list = await request(t.url, 'GET', '/v1/emitters', { key, headers: from('203.0.113.7') });
    expect(list.body.data.map((e: any) => e.id)).toEqual([a.emitterId]);
    const docs = await request(t.url, 'GET', '/v1/documents', { key, headers: from('203.0.113.7') });
    expect(new Set(docs.body.data.map((d: any) => d.emitter_id))).toEqual(new Set([a.emitterId]));
    expectProblem(await request(t.url, 'POST', '/v1/emitters', { key, body: emitterBody({ nit: '06149999990001' }), headers: from('203.0.113.7') }), 403, 'api_key_emitter_forbidden');
  });

  it('over GraphQL: typed errors naming the limit; the address is refused with 403', async () => {
    const mutation = 'mutation($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { document { id } errors { field code } } }';
    const input = (issuer: Issuer, type = '01') => ({ emitterId: issuer.emitterId, type, establishment: issuer.establishment, pointOfSale: issuer.pointOfSale, items: [{ type: '1', description: 'x', quantity: '1', unitCode: '59', unitPrice: '1.00', tax: 'gravada' }] });
    const g1 = await graphql(t.url, key, mutation, { input: input(b) }, from('203.0.113.7'));
    expect(g1.body.data.issueDocument.errors).toEqual([{ field: 'emitterId', code: 'API_KEY_EMITTER_FORBIDDEN' }]);
    const g2 = await graphql(t.url, key, mutation, { input: input(a, '03') }, from('203.0.113.7'));
    expect(g2.body.data.issueDocument.errors).toEqual([{ field: 'type', code: 'API_KEY_DOCUMENT_TYPE_FORBIDDEN' }]);
    const g3 = await graphql(t.url, key, '{ emitters { nodes { id } } }', {}, from('198.51.100.9'));
    expect(g3.status).toBe(403);
    expect(g3.body.errors[0].extensions.code).toBe('API_KEY_ADDRESS_FORBIDDEN');
  });

  it('over graphql-ws: another address opens no socket; another emitter\'s events never arrive', async () => {
    const open = async (address: string) => {
      const ws = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: from(address) });
      const messages: any[] = [];
      let closed = 0;
      ws.on('message', (d) => messages.push(JSON.parse(String(d))));
      ws.on('close', (c) => (closed = c));
      await new Promise((r) => ws.once('open', r));
      ws.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: `Bearer ${key}` } }));
      await waitFor(async () => (closed || messages.some((m) => m.type === 'connection_ack') ? true : null), 10_000, 20);
      return { ws, messages, closed: () => closed };
    };
    const refused = await open('198.51.100.9');
    expect(refused.closed()).toBe(4403);
    const ok = await open('203.0.113.7');
    expect(ok.closed()).toBe(0);
    ok.ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { documentStatusChanged { emitterId } }' } }));
    // A query sent after the subscription is answered once the subscription hears every change (README).
    ok.ws.send(JSON.stringify({ id: '2', type: 'subscribe', payload: { query: '{ __typename }' } }));
    await waitFor(async () => (ok.messages.some((m) => m.id === '2' && m.type === 'next') ? true : null), 10_000, 20);
    await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(b) });
    await request(t.url, 'POST', '/v1/documents', { key, body: feBody(a), headers: from('203.0.113.7') });
    const events = () => ok.messages.filter((m) => m.id === '1' && m.type === 'next');
    await waitFor(async () => (events().length ? true : null), 15_000, 20);
    expect(events().every((m) => m.payload.data.documentStatusChanged.emitterId === a.emitterId)).toBe(true);
    ok.ws.close();
  });
});

describe('an expiring key', () => {
  it('works until its expires_at, then answers 401 everywhere', async () => {
    const key = (await createKey({ expires_at: new Date(clock.now().getTime() + 60_000).toISOString() })).body.key;
    expect((await request(t.url, 'GET', '/v1/emitters', { key })).status).toBe(200);
    clock.advance(61_000);
    expectProblem(await request(t.url, 'GET', '/v1/emitters', { key }), 401, 'unauthenticated');
    expect((await graphql(t.url, key, '{ emitters { nodes { id } } }')).status).toBe(401);
  });
});

describe('documents:invalidate', () => {
  it('is its own scope: a new key with documents:write does not get it unless asked; without it the invalidation is 403', async () => {
    const plain = (await createKey({})).body;
    expect(plain.scopes).not.toContain('documents:invalidate');
    const fe = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(a) });
    const body = { reason_type: '2', reason: 'Venta rescindida', responsible: { name: 'Ana', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Juan', document_type: '13', document_number: '01234567-8' } };
    const refused = await request(t.url, 'POST', `/v1/documents/${fe.body.id}/invalidate`, { key: plain.key, body });
    expectProblem(refused, 403, 'insufficient_scope');
    expect(refused.body.detail).toContain('documents:invalidate');
    const asked = (await createKey({ scopes: ['documents:write', 'documents:invalidate'] })).body;
    expect(asked.scopes).toEqual(['documents:write', 'documents:invalidate']);
    // The account's first keys (accounts create) have it.
    expect((await dbRows<{ scopes: string[] }>(t.db.url, "select scopes from api_keys where description is null and account_id = $1 and environment = '00' order by created_at limit 1", [t.account.id]))[0].scopes).toContain('documents:invalidate');
  });
});
