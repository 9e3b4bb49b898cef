import { feBody } from '../fixtures/document-bodies';
import { emitterBody, uniqueNit } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { openGraphQLSocket, type WsSocket } from '../support/graphql-ws-socket';
import { createIssuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { logLinesSince } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const open: WsSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({
    RATE_LIMIT_PER_MINUTE: '40',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5',
    GRAPHQL_MAX_COST: '500',
    GRAPHQL_WS_MAX_SUBSCRIPTIONS: '2',
    GRAPHQL_WS_MAX_CONNECTIONS_PER_KEY: '2',
  });
});
afterAll(async () => {
  for (const s of open) await s.close().catch(() => undefined);
  await t.stop();
});

async function newKey(scopes?: string[]) {
  return t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: scopes as never });
}

async function connect(key: string): Promise<WsSocket> {
  const s = await openGraphQLSocket(t.url, { Authorization: `Bearer ${key}` });
  open.push(s);
  return s;
}

const VIEWER = '{ viewer { accountId scopes } }';
const HEARTBEAT = 'subscription { heartbeat(intervalMs: 60000) { sequence } }';
const CREATE_EMITTER = 'mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { id nit } errors { code } } }';

function emitterInput(nit: string) {
  return { nit, nrc: '1234567', name: 'Emisor por WebSocket', economicActivity: '47190', email: 'ws@example.com', address: { department: '06', municipality: '23', district: '14', line: 'Calle 1' } };
}

describe('graphql-ws re-checks the key', () => {
  it('a revoked key: its next operation is refused and the socket closes with 4403', async () => {
    const k = await newKey();
    const s = await connect(k.key);
    s.subscribe('1', { query: VIEWER });
    expect((await s.result('1')).payload.data.viewer.accountId).toBe(t.account.id);
    await t.app.services.revokeApiKey.execute({ keyId: k.id });
    s.subscribe('2', { query: VIEWER });
    const refused = await s.result('2');
    expect(refused.type).toBe('error');
    expect(refused.payload[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await s.waitClosed()).code).toBe(4403);
  });

  it('an idle socket of a revoked key closes within 5 s, its subscription with it', async () => {
    const k = await newKey();
    const s = await connect(k.key);
    s.subscribe('hb', { query: HEARTBEAT });
    expect((await s.result('hb')).type).toBe('next');
    await t.app.services.revokeApiKey.execute({ keyId: k.id });
    expect((await s.waitClosed(20_000)).code).toBe(4403);
  });

  it('a subscription is checked for its scope when it starts, not at its first event', async () => {
    const k = await newKey(['emitters:read']);
    const s = await connect(k.key);
    s.subscribe('doc', { query: 'subscription { documentStatusChanged(id: "doc_x") { id status } }' });
    const r = await s.result('doc');
    expect(r.type).toBe('error');
    expect(r.payload[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'documents:read' });
  });
});

describe('graphql-ws starts the operations of one connection in the order they were sent', () => {
  it('a query sent after a subscription waits until the subscription listens; its answer means no later change is missed', async () => {
    const issuer = await createIssuer(t.url, t.account.testKey);
    const k = await newKey();
    const s = await connect(k.key);
    // Hold the subscription's credential check, the first step of preparing an operation.
    const auth = t.app.services.authenticateApiKey;
    const original = auth.execute.bind(auth);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checks = 0;
    auth.execute = async (token: string) => {
      checks++;
      if (checks === 1) await gate;
      return original(token);
    };
    try {
      s.subscribe('live', { query: 'subscription($e: ID) { documentStatusChanged(emitterId: $e) { id status } }', variables: { e: issuer.emitterId } });
      s.subscribe('reload', { query: VIEWER });
      // A ping is answered in the order messages arrive: by its pong both operations were received.
      s.ws.send(JSON.stringify({ type: 'ping' }));
      await waitFor(async () => s.messages.some((m) => m.type === 'pong'), 15_000, 20);
      expect(checks).toBe(1);
      expect(s.messages.filter((m) => m.id === 'reload')).toEqual([]);
      release();
      expect((await s.result('reload')).type).toBe('next');
    } finally {
      release();
      auth.execute = original;
    }
    // Anything that changes from here on reaches the subscription.
    const doc = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect(doc.status).toBe(201);
    const seen = await waitFor(async () => s.messages.find((m) => m.id === 'live' && m.type === 'next' && m.payload.data.documentStatusChanged.id === doc.body.id) ?? null, 30_000, 20);
    expect(seen.payload.errors).toBeUndefined();
  });
});

describe('graphql-ws under the HTTP limits', () => {
  it('the cost limit applies as over HTTP', async () => {
    const query = '{ emitters(first: 100) { nodes { id establishments { code pointsOfSale { code } } } } }';
    const http = await graphql(t.url, t.account.testKey, query);
    expect(http.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const s = await connect((await newKey()).key);
    s.subscribe('c', { query });
    const r = await s.result('c');
    expect(r.type).toBe('error');
    expect(r.payload[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('a message over BODY_LIMIT_BYTES closes the socket (1009), with one log line and no stack', async () => {
    const s = await connect((await newKey()).key);
    const from = t.logs.length;
    s.subscribe('big', { query: VIEWER, variables: { filler: 'x'.repeat(3 * 1024 * 1024) } });
    expect((await s.waitClosed()).code).toBe(1009);
    const lines = logLinesSince(t.logs, from);
    expect(lines.filter((l) => l.msg === 'conexión graphql-ws cerrada por un error del protocolo')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });

  it('NUL text and deep variables: INVALID_REQUEST, nothing stored', async () => {
    const s = await connect((await newKey()).key);
    s.subscribe('nul', { query: CREATE_EMITTER, variables: { input: { ...emitterInput(uniqueNit()), name: 'a\u0000b' } } });
    expect((await s.result('nul')).payload[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', field: 'input.name' });
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = { a: deep };
    s.subscribe('deep', { query: VIEWER, variables: { deep } });
    expect((await s.result('deep')).payload[0].extensions).toEqual({ code: 'INVALID_REQUEST', field: 'variables', variable: 'deep' });
    expect(await dbRows(t.db.url, "select id from emitters where name = 'a' || chr(65533) || 'b' or name like 'a%b'")).toEqual([]);
  });

  it('the same per-key rate limit as HTTP, counted across both doors', async () => {
    const k = await newKey();
    for (let i = 0; i < 39; i++) expect((await request(t.url, 'GET', '/v1/catalogs', { key: k.key })).status).toBe(200);
    const s = await connect(k.key);
    s.subscribe('last', { query: VIEWER });
    expect((await s.result('last')).type).toBe('next');
    s.subscribe('over', { query: VIEWER });
    const r = await s.result('over');
    expect(r.type).toBe('error');
    expect(r.payload[0].extensions.code).toBe('RATE_LIMITED');
    expect((await request(t.url, 'GET', '/v1/catalogs', { key: k.key })).status).toBe(429);
  });

  it('at most GRAPHQL_WS_MAX_SUBSCRIPTIONS operations at once on one connection', async () => {
    const s = await connect((await newKey()).key);
    s.subscribe('a', { query: HEARTBEAT });
    s.subscribe('b', { query: HEARTBEAT });
    expect((await s.result('a')).type).toBe('next');
    expect((await s.result('b')).type).toBe('next');
    s.subscribe('c', { query: HEARTBEAT });
    expect((await s.result('c')).payload[0].extensions.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    s.complete('a');
    s.subscribe('d', { query: VIEWER });
    expect((await s.result('d')).type).toBe('next');
  });

  it('at most GRAPHQL_WS_MAX_CONNECTIONS_PER_KEY connections of one key (close 4429)', async () => {
    const k = await newKey();
    const a = await connect(k.key);
    const b = await connect(k.key);
    expect([a.closed, b.closed]).toEqual([null, null]);
    const c = await connect(k.key);
    expect((await c.waitClosed()).code).toBe(4429);
    await a.close();
    const d = await connect(k.key);
    expect(d.closed).toBeNull();
    expect(d.messages.map((m) => m.type)).toEqual(['connection_ack']);
  });
});

describe('Idempotency-Key on graphql-ws mutations (payload.extensions.idempotencyKey)', () => {
  it('the repeat answers the first result; another body is refused; HTTP sees the same record', async () => {
    const s = await connect((await newKey()).key);
    const nit = uniqueNit();
    const payload = { query: CREATE_EMITTER, variables: { input: emitterInput(nit) }, extensions: { idempotencyKey: 'ws-idem-1' } };
    s.subscribe('1', payload);
    const first = await s.result('1');
    const id = first.payload.data.createEmitter.emitter.id;
    expect(id).toMatch(/^emt_/);
    s.subscribe('2', payload);
    const second = await s.result('2');
    expect(second.payload.data.createEmitter.emitter.id).toBe(id);
    expect(second.payload.extensions).toEqual({ idempotencyReplayed: true });
    s.subscribe('3', { ...payload, variables: { input: emitterInput(uniqueNit()) } });
    expect((await s.result('3')).payload.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await dbRows(t.db.url, 'select id from emitters where nit = $1', [nit])).toEqual([{ id }]);
    const http = await graphql(t.url, t.account.testKey, CREATE_EMITTER, { input: emitterInput(nit) }, { 'Idempotency-Key': 'ws-idem-1' });
    expect(http.headers.get('idempotency-replayed')).toBe('true');
    expect(http.body.data.createEmitter.emitter.id).toBe(id);
  });

  it('a mutation without its scope is refused and spends no key', async () => {
    const s = await connect((await newKey(['emitters:read'])).key);
    s.subscribe('x', { query: CREATE_EMITTER, variables: { input: emitterInput(uniqueNit()) }, extensions: { idempotencyKey: 'ws-idem-2' } });
    expect((await s.result('x')).payload[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
    expect(await dbRows(t.db.url, "select id from idempotency_records where key = 'ws-idem-2'")).toEqual([]);
  });

  it('a mutation for panel sessions only is refused with a key before its Idempotency-Key is spent', async () => {
    const s = await connect((await newKey()).key);
    const keys = await dbRows(t.db.url, 'select count(*)::int as n from api_keys');
    s.subscribe('k', { query: 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { key errors { code } } }', variables: { input: { name: 'Por WebSocket' } }, extensions: { idempotencyKey: 'ws-idem-3' } });
    expect((await s.result('k')).payload[0].extensions.code).toBe('SESSION_REQUIRED');
    expect(await dbRows(t.db.url, "select id from idempotency_records where key = 'ws-idem-3'")).toEqual([]);
    expect(await dbRows(t.db.url, 'select count(*)::int as n from api_keys')).toEqual(keys);
  });
});

describe('GraphQL without a key is rate-limited per address', () => {
  it('past RATE_LIMIT_ANONYMOUS_PER_MINUTE: 429 RATE_LIMITED over HTTP and close 4429 over WebSocket; keys are unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await graphql(t.url, null, '{ __typename }')).status);
    expect(statuses.slice(0, 5).every((s) => s === 200 || s === 401)).toBe(true);
    const refused = await graphql(t.url, null, '{ __typename }');
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const s = await openGraphQLSocket(t.url, {});
    open.push(s);
    expect((await s.waitClosed()).code).toBe(4429);
    expect((await graphql(t.url, t.account.testKey, VIEWER)).status).toBe(200);
    expect((await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: uniqueNit() }) })).status).toBe(201);
  });
});
