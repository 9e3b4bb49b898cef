import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { printServiceSchema } from '../../src/graphql/emit-schema';
import { emitterBody } from '../fixtures/emitter-bodies';
import { graphql, request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ GRAPHQL_MAX_DEPTH: '8', GRAPHQL_MAX_COST: '500' });
});
afterAll(async () => {
  await t.stop();
});

function wsClient(params: Record<string, unknown>) {
  return createClient({ url: t.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, connectionParams: params, retryAttempts: 0, lazy: true });
}

describe('GraphQL at /graphql', () => {
  it('schema.graphql is generated from the code and up to date (run `npm run schema`)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', 'schema.graphql'), 'utf8');
    expect(committed).toBe(printServiceSchema());
  });

  it('serves the playground to browsers from local assets', async () => {
    const r = await fetch(`${t.url}/graphql`, { headers: { Accept: 'text/html' } });
    const html = await r.text();
    expect(r.status).toBe(200);
    expect(html).toContain('/_assets/graphiql/graphiql.min.js');
    expect(html).not.toMatch(/https?:\/\/(unpkg|cdn|jsdelivr)/);
    for (const asset of ['/_assets/graphiql/graphiql.min.js', '/_assets/graphiql/graphiql.min.css', '/_assets/react/react.production.min.js', '/_assets/react-dom/react-dom.production.min.js']) {
      expect((await fetch(`${t.url}${asset}`)).status).toBe(200);
    }
  });

  it('without a key: typed UNAUTHENTICATED error with HTTP 401; with a bad key 401', async () => {
    const r = await graphql(t.url, null, '{ viewer { accountId } }');
    expect(r.status).toBe(401);
    expect(r.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const bad = await graphql(t.url, 'sk_test_' + 'z'.repeat(32), '{ viewer { accountId } }');
    expect(bad.status).toBe(401);
    expect(bad.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('the key decides the environment', async () => {
    const a = await graphql(t.url, t.account.testKey, '{ viewer { accountId environment scopes } }');
    const b = await graphql(t.url, t.account.liveKey, '{ viewer { environment } }');
    expect(a.body.data.viewer).toMatchObject({ accountId: t.account.id, environment: '00' });
    expect(b.body.data.viewer.environment).toBe('01');
  });

  it('a missing scope is a typed INSUFFICIENT_SCOPE error (403)', async () => {
    const k = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['fiscal:read'] });
    const r = await graphql(t.url, k.key, '{ emitters { nodes { id } } }');
    expect(r.status).toBe(403);
    expect(r.body.errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
  });

  it('refuses queries deeper than the limit and costlier than the budget', async () => {
    const ok = await graphql(t.url, t.account.testKey, '{ emitters { edges { node { establishments { address { department } } } } } }');
    expect(ok.status).toBe(200);
    const costly = await graphql(t.url, t.account.testKey, '{ emitters(first: 100) { nodes { establishments { id } } } }');
    expect(costly.status).toBe(400);
    expect(costly.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const limited = await startTestApp({ GRAPHQL_MAX_DEPTH: '3' });
    try {
      const r = await graphql(limited.url, limited.account.testKey, '{ emitters { nodes { address { department } } } }');
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions.code).toBe('QUERY_TOO_DEEP');
      // Fragments count too.
      const f = await graphql(limited.url, limited.account.testKey, 'fragment A on Emitter { address { department } } { emitters { nodes { ...A } } }');
      expect(f.body.errors[0].extensions.code).toBe('QUERY_TOO_DEEP');
      const shallow = await graphql(limited.url, limited.account.testKey, '{ emitters { nodes { id } } }');
      expect(shallow.status).toBe(200);
    } finally {
      await limited.stop();
    }
  });

  it('introspection works for tooling', async () => {
    const r = await graphql(t.url, null, '{ __schema { queryType { name } mutationType { name } subscriptionType { name } } }');
    expect(r.body.data.__schema).toEqual({ queryType: { name: 'Query' }, mutationType: { name: 'Mutation' }, subscriptionType: { name: 'Subscription' } });
  });

  it('an operation name that names no operation, or a subscription sent over HTTP, is a 400 naming the problem — never a 500', async () => {
    const post = (body: Record<string, unknown>, key: string | null = t.account.testKey) =>
      fetch(`${t.url}/graphql`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) }, body: JSON.stringify(body) });
    for (const [body, key] of [
      [{ query: '{ __typename }', operationName: 'x' }, null],
      [{ query: '{ __typename }', operationName: 'x' }, t.account.testKey],
      [{ query: 'query a { __typename } query b { __typename }', operationName: 'x' }, t.account.testKey],
    ] as const) {
      const r = await post(body, key);
      expect([r.status, ((await r.json()) as any).errors[0].message]).toEqual([400, expect.stringContaining('x')]);
    }
    const named = await post({ query: 'query a { __typename } query b { __typename }', operationName: 'b' });
    expect([named.status, ((await named.json()) as any).data]).toEqual([200, { __typename: 'Query' }]);
    for (const query of ['subscription { heartbeat { __typename } }', 'subscription { documentStatusChanged { id } }']) {
      const r = await post({ query });
      const body = (await r.json()) as any;
      expect([r.status, body.errors[0].extensions.code, body.errors[0].message]).toEqual([400, 'INVALID_REQUEST', expect.stringContaining('graphql-ws')]);
    }
  });

  it('internal errors never leak details', async () => {
    const r = await graphql(t.url, t.account.testKey, '{ emitters(first: 0) { nodes { id } } }');
    expect(r.body.errors[0].extensions.code).toBe('INVALID_REQUEST');
    expect(JSON.stringify(r.body)).not.toMatch(/stacktrace|node_modules/);
  });
});

describe('subscriptions over graphql-ws on /graphql', () => {
  it('authenticates from connection_init and streams heartbeats', async () => {
    const client = wsClient({ Authorization: `Bearer ${t.account.testKey}` });
    const got: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const dispose = client.subscribe(
        { query: 'subscription { heartbeat(intervalMs: 100) { at sequence } }' },
        {
          next: (v) => {
            got.push((v.data as { heartbeat: { sequence: number } }).heartbeat.sequence);
            if (got.length === 3) {
              dispose();
              resolve();
            }
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    expect(got).toEqual([0, 1, 2]);
    await client.dispose();
  });

  it('accepts the header name in any case', async () => {
    const client = wsClient({ authorization: `Bearer ${t.account.testKey}` });
    const v = await new Promise<unknown>((resolve, reject) => {
      const dispose = client.subscribe({ query: 'subscription { heartbeat(intervalMs: 100) { sequence } }' }, { next: (x) => { dispose(); resolve(x); }, error: reject, complete: () => undefined });
    });
    expect(v).toEqual({ data: { heartbeat: { sequence: 0 } } });
    await client.dispose();
  });

  it('an operation name that names no operation is answered with an error naming it, not INTERNAL_ERROR', async () => {
    const client = wsClient({ Authorization: `Bearer ${t.account.testKey}` });
    const errors = await new Promise<{ message: string; extensions?: { code?: string } }[]>((resolve) => {
      client.subscribe({ query: '{ __typename }', operationName: 'x' }, { next: (v) => resolve((v.errors ?? []) as never), error: (e) => resolve(e as never), complete: () => undefined });
    });
    expect(errors.map((e) => [e.message, e.extensions?.code])).toEqual([[expect.stringContaining('"x"'), expect.not.stringMatching(/INTERNAL/)]]);
    await client.dispose();
  });

  it.each([
    ['no key', {}],
    ['bad key', { Authorization: 'Bearer sk_test_' + 'q'.repeat(32) }],
  ])('refuses the connection with %s (close 4403)', async (_label, params) => {
    const client = wsClient(params);
    const err = await new Promise<{ code?: number }>((resolve) => {
      client.subscribe({ query: 'subscription { heartbeat { sequence } }' }, { next: () => undefined, error: (e) => resolve(e as { code?: number }), complete: () => undefined });
    });
    expect(err.code).toBe(4403);
    await client.dispose();
  });
});

describe('REST and GraphQL are one', () => {
  it('an emitter created over GraphQL is listed by REST and vice versa', async () => {
    const acct = await t.newAccount('Paridad');
    const rest = await request(t.url, 'POST', '/v1/emitters', { key: acct.testKey, body: emitterBody({ nit: '06140000000001' }) });
    const list = await graphql(t.url, acct.testKey, '{ emitters { nodes { id nit } } }');
    expect(list.body.data.emitters.nodes).toEqual([{ id: rest.body.id, nit: '06140000000001' }]);
  });
});
