import WebSocket from 'ws';
import { loadConfig } from '../../src/config/config';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { waitFor } from '../support/mh-control';
import { startTestApp, TEST_MASTER_KEY, type TestApp } from '../support/test-app';

/**
 * TRUST_PROXY decides whose X-Forwarded-For names the client, over HTTP (Express's `req.ip`) and over
 * graphql-ws (the upgrade request, by the same rule): login throttling, the anonymous rate limit and the
 * audit log use that address; from a hop that is not trusted the header is ignored.
 */
const PASSWORD = 'Clave-del-panel-2026';

async function started(env: Record<string, string>): Promise<TestApp> {
  const t = await startTestApp({ RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3', ...env });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'ana@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
  return t;
}

const login = (t: TestApp, forwarded: string | null, password: string) =>
  request(t.url, 'POST', '/v1/auth/login', { body: { email: 'ana@lasbrisas.com.sv', password }, idempotencyKey: null, headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} });
const anonymousGraphql = (t: TestApp, forwarded: string) => request(t.url, 'POST', '/graphql', { key: null, body: { query: '{ __typename }' }, idempotencyKey: null, headers: { 'X-Forwarded-For': forwarded } });
const auditAddresses = async (t: TestApp) => (await dbRows<{ ip: string }>(t.db.url, "select ip from audit_entries where action like 'session.login%' order by created_at")).map((r) => r.ip);

/** A graphql-ws connection with a bad key, through a proxy that says `forwarded`; the close code. */
async function refusedSocket(t: TestApp, forwarded: string): Promise<number> {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { 'X-Forwarded-For': forwarded } });
  let code = 0;
  ws.on('close', (c) => (code = c));
  ws.on('error', () => undefined);
  await new Promise((resolve) => ws.once('open', resolve));
  ws.send(JSON.stringify({ type: 'connection_init', payload: { Authorization: 'Bearer sk_test_invalida' } }));
  await waitFor(async () => (code ? true : null), 10_000, 20);
  return code;
}

describe('TRUST_PROXY=loopback (a proxy on this machine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await started({ TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('login throttling counts the forwarded address: one client throttled, another behind the same proxy not', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, '203.0.113.7', `Mala-${i}-clave-x`)).status).toBe(401);
    expect((await login(t, '203.0.113.7', PASSWORD)).status).toBe(429);
    expect((await login(t, '203.0.113.8', PASSWORD)).status).toBe(200);
    expect(await auditAddresses(t)).toEqual([...Array(5).fill('203.0.113.7'), '203.0.113.8']);
  });

  it('the anonymous rate limit is per forwarded address', async () => {
    for (let i = 0; i < 3; i++) expect((await anonymousGraphql(t, '198.51.100.1')).status).toBe(200);
    expect((await anonymousGraphql(t, '198.51.100.1')).status).toBe(429);
    expect((await anonymousGraphql(t, '198.51.100.2')).status).toBe(200);
  });

  it('graphql-ws: refused connections are counted per forwarded address (the upgrade request, same rule)', async () => {
    for (let i = 0; i < 3; i++) expect(await refusedSocket(t, '192.0.2.1')).toBe(4403);
    expect(await refusedSocket(t, '192.0.2.1')).toBe(4429);
    expect(await refusedSocket(t, '192.0.2.2')).toBe(4403);
  });
});

describe('TRUST_PROXY=1 (one hop)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await started({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('the address the trusted hop saw wins over what the client wrote before it', async () => {
    expect((await login(t, '10.9.9.9, 203.0.113.20', 'Mala-clave-larga-1')).status).toBe(401);
    expect(await auditAddresses(t)).toEqual(['203.0.113.20']);
  });
});

describe.each([
  ['unset', {}],
  ['off', { TRUST_PROXY: 'off' }],
  ['a list without this hop', { TRUST_PROXY: '10.0.0.0/8, 192.168.0.0/16' }],
])('TRUST_PROXY %s: X-Forwarded-For from an untrusted hop is ignored', (_label, env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await started(env);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('throttling, the rate limit, graphql-ws and the audit log use the peer address', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, `203.0.113.${30 + i}`, `Mala-${i}-clave-x`)).status).toBe(401);
    expect((await login(t, '203.0.113.99', PASSWORD)).status).toBe(429);
    expect(new Set(await auditAddresses(t))).toEqual(new Set(['127.0.0.1']));
    for (let i = 0; i < 3; i++) expect((await anonymousGraphql(t, `198.51.100.${10 + i}`)).status).toBe(200);
    expect((await anonymousGraphql(t, '198.51.100.99')).status).toBe(429);
    expect(await refusedSocket(t, '192.0.2.50')).toBe(4429);
  });
});

describe('TRUST_PROXY is validated at start', () => {
  const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x', DTE_MASTER_KEY: TEST_MASTER_KEY };
  it.each([['off', false], ['2', 2], ['loopback', ['loopback']], ['10.0.0.0/8, 2001:db8::/32', ['10.0.0.0/8', '2001:db8::/32']]])('%s is accepted', (value, parsed) => {
    expect(loadConfig({ ...base, TRUST_PROXY: value }).trustProxy).toEqual(parsed);
  });
  it.each(['yes', '10.0.0.0/99', '300.1.1.1', 'true'])('%s stops the start naming TRUST_PROXY', (value) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
