import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { guideBlock, localise } from '../support/deploy-guide';
import { openGraphQLSocket } from '../support/graphql-ws-socket';
import { request } from '../support/http-client';
import { httpsClient } from '../support/https-client';
import { IssuanceLoad } from '../support/issuance-load';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startNginx, type Nginx } from '../support/nginx';
import { freePort } from '../support/scratch-postgres';
import { TEST_MASTER_KEY } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { killGroup, runCli, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(300_000);

const OWNER = { email: 'duena@comercial.example', password: 'Cuaderno-Verde-Faro-2026' };

/**
 * The service as docs/deploy.md deploys it: nginx (the guide's own configuration, TLS with a
 * certificate made here) in front of two API processes and one worker. REST, GraphQL, graphql-ws and
 * the panel work through it; the client's address reaches throttling, rate limits and the audit log
 * through X-Forwarded-For from the trusted hop only; and each API process restarted in turn under
 * steady load costs no client an error.
 */
describe('behind nginx, as deployed', () => {
  let db: TestDatabase;
  let sim: MhSimulator;
  let mh: MhControl;
  let nginx: Nginx;
  let base: string;
  let apiKey: string;
  let issuer: Issuer;
  const ports: number[] = [];
  const apis: Started[] = [];
  let worker: Started;
  let env: (role: string, port: number) => Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase();
    sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
    mh = new MhControl(await sim.listen(0));
    ports.push(await freePort(), await freePort());
    const proxyPort = await freePort();
    base = `https://127.0.0.1:${proxyPort}`;
    env = (role, port) => ({
      DATABASE_URL: db.url,
      DTE_MASTER_KEY: TEST_MASTER_KEY,
      ROLE: role,
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      TRUST_PROXY: '127.0.0.1/32',
      MH_SIMULATOR_URL: mh.url,
      RATE_LIMIT_PER_MINUTE: '0',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5',
      SHUTDOWN_TIMEOUT_MS: '15000',
      DATA_DIR: mkdtempSync(join(tmpdir(), `dte-${role}-`)),
    });
    for (const port of ports) apis.push(await startService(env('api', port), 120_000, null, { detached: true }));
    worker = await startService(env('worker', 0), 120_000, /Trabajador DTE listo/, { detached: true });
    const conf = localise(guideBlock('nginx.conf'), {
      '10.0.1.11:3000': `127.0.0.1:${ports[0]}`,
      '10.0.1.12:3000': `127.0.0.1:${ports[1]}`,
      'listen 443 ssl': `listen 127.0.0.1:${proxyPort} ssl`,
    });
    nginx = await startNginx((p) => localise(conf, { '/etc/ssl/dte/fullchain.pem': p.cert, '/etc/ssl/dte/privkey.pem': p.key }), proxyPort);
    const cli = await runCli(['accounts', 'create', '--name', 'Detrás del proxy', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    const account = JSON.parse(cli.stdout);
    apiKey = account.keys.test;
    const user = await runCli(['users', 'create', '--account', account.account_id, '--email', OWNER.email, '--password', OWNER.password, '--role', 'owner', '--json'], { DATABASE_URL: db.url, DTE_MASTER_KEY: TEST_MASTER_KEY });
    if (user.code !== 0) throw new Error(`users create: ${user.stderr}`);
    // Set up straight on one API process; what is under test goes through the proxy.
    issuer = await createIssuer(`http://127.0.0.1:${ports[0]}`, apiKey, { nit: '06146161616161' });
  });
  afterAll(async () => {
    await nginx?.stop();
    for (const p of [...apis, worker]) if (p && p.child.exitCode === null && p.child.signalCode === null) killGroup(p.child);
    await sim.close();
    await db.drop();
  });

  it('REST, GraphQL and a graphql-ws subscription work through the TLS proxy', async () => {
    const c = httpsClient(base, nginx.ca);
    try {
      expect((await c.request('GET', '/v1/emitters', { key: apiKey })).status).toBe(200);
      const gql = await c.request('POST', '/graphql', { key: apiKey, body: { query: '{ emitters { nodes { id } } }' }, idempotencyKey: null });
      expect(gql.status).toBe(200);
      expect(gql.body.data.emitters.nodes.map((n: { id: string }) => n.id)).toContain(issuer.emitterId);

      // A subscription over wss:// through nginx hears the worker's status change.
      class TrustingWebSocket extends WebSocket {
        constructor(address: string, protocols?: string | string[]) {
          super(address, protocols, { ca: nginx.ca });
        }
      }
      const ws = createClient({ url: `${base.replace('https', 'wss')}/graphql`, webSocketImpl: TrustingWebSocket, connectionParams: { Authorization: `Bearer ${apiKey}` }, retryAttempts: 0 });
      const seen: string[] = [];
      const done = new Promise<void>((resolve, reject) => {
        ws.subscribe(
          { query: 'subscription($e: ID!) { documentStatusChanged(emitterId: $e) { id status } }', variables: { e: issuer.emitterId } },
          { next: (m) => void (seen.push((m.data as { documentStatusChanged: { status: string } }).documentStatusChanged.status), seen.includes('PROCESSED') && resolve()), error: reject, complete: () => undefined },
        );
      });
      // Operations of one connection start in order: once a query sent after it has answered, the subscription listens.
      await new Promise<void>((resolve, reject) => ws.subscribe({ query: '{ emitters { nodes { id } } }' }, { next: () => undefined, error: reject, complete: resolve }));
      const issued = await c.request('POST', '/v1/documents?mode=async', { key: apiKey, body: ccfBody(issuer) });
      expect(issued.status).toBe(202);
      await done;
      await ws.dispose();
      expect(seen).toContain('PROCESSED');
    } finally {
      c.close();
    }
  });

  it('the panel session through the proxy: cookie Secure, CSRF required, the audit log and limits see the client behind it', async () => {
    // The client connects from 127.0.0.2 (nginx from 127.0.0.1) and forges an X-Forwarded-For.
    const c = httpsClient(base, nginx.ca, { localAddress: '127.0.0.2' });
    try {
      const login = await c.request('POST', '/v1/auth/login', { body: OWNER, headers: { 'X-Forwarded-For': '203.0.113.9' }, idempotencyKey: null });
      expect(login.status).toBe(200);
      const setCookie = login.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/; Secure/);
      const cookie = /((?:__Host-)?service_session=[^;]*)/.exec(setCookie)![1];
      const csrf = login.body.csrf_token as string;
      const noCsrf = await c.request('POST', '/graphql', { body: { query: '{ emitters { nodes { id } } }' }, headers: { Cookie: cookie }, idempotencyKey: null });
      expect(noCsrf.status).toBe(403);
      const key = await c.request('POST', '/v1/api-keys', { body: { name: 'ERP detrás del proxy' }, headers: { Cookie: cookie, 'X-CSRF-Token': csrf, 'X-Forwarded-For': '203.0.113.9' } });
      expect(key.status).toBe(201);
      const audit = await c.request('GET', '/v1/audit-log', { headers: { Cookie: cookie } });
      expect(audit.status).toBe(200);
      const created = audit.body.data.find((e: { action: string }) => e.action === 'api_key.created');
      expect(created.ip).toBe('127.0.0.2');
      // The anonymous GraphQL limit (5 a minute) counts 127.0.0.2 and 127.0.0.3 apart, not nginx's one address.
      const anonymous = async (client: ReturnType<typeof httpsClient>) => (await client.request('POST', '/graphql', { body: { query: '{ plans { code } }' }, idempotencyKey: null })).status;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push(await anonymous(c));
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const other = httpsClient(base, nginx.ca, { localAddress: '127.0.0.3' });
      expect(await anonymous(other)).toBe(200);
      // Login throttling too: five failures from 127.0.0.2 lock that address for this user, not 127.0.0.3.
      for (let i = 0; i < 5; i++) expect((await c.request('POST', '/v1/auth/login', { body: { email: OWNER.email, password: 'no-es-la-clave' }, idempotencyKey: null })).status).toBe(401);
      expect((await c.request('POST', '/v1/auth/login', { body: OWNER, idempotencyKey: null })).status).toBe(429);
      expect((await other.request('POST', '/v1/auth/login', { body: OWNER, idempotencyKey: null })).status).toBe(200);
      other.close();
    } finally {
      c.close();
    }
  });

  it('each API process restarted in turn under steady load: no 5xx, no connection error, one document per key', async () => {
    const c = httpsClient(base, nginx.ca);
    await mh.fault({ mode: 'latency', ms: 300, count: 100_000, paths: ['/fesv/recepciondte'] });
    const load = new IssuanceLoad({
      urls: [base],
      apiKey,
      body: () => ccfBody(issuer),
      concurrency: 8,
      mode: 'mixed',
      send: (_url, method, path, opts) => c.request(method, path, opts),
    });
    const before = await dbRows<{ n: number }>(db.url, 'select count(*)::int as n from documents');
    load.start();
    try {
      for (let i = 0; i < apis.length; i++) {
        const done = load.done();
        await waitFor(async () => load.done() >= done + 10, 60_000, 50);
        const socket = await openGraphQLSocket(`http://127.0.0.1:${ports[i]}`, { Authorization: `Bearer ${apiKey}` });
        apis[i].child.kill('SIGTERM');
        // Its sockets close with 1012 (service restart): graphql-ws clients reconnect, through the proxy to the other process.
        expect((await socket.waitClosed(30_000)).code).toBe(1012);
        expect(await waitExit(apis[i].child, 60_000)).toBe(0);
        apis[i] = await startService(env('api', ports[i]), 120_000, null, { detached: true });
        await waitFor(async () => (await request(`http://127.0.0.1:${ports[i]}`, 'GET', '/readyz')).status === 200, 30_000, 100);
        // As the guide's rolling restart says: the next process stops only once nginx sends this one traffic again.
        const served = nginx.accessLog().length;
        await waitFor(async () => nginx.accessLog().slice(served).some((l) => new RegExp(`(^|[ ,])127\\.0\\.0\\.1:${ports[i]} [0-9]`).test(l) && / [0-9]+ [0-9]+$/.test(l)), 30_000, 100);
      }
      const done = load.done();
      await waitFor(async () => load.done() >= done + 10, 60_000, 50);
    } finally {
      await load.stop();
      await mh.clear();
    }
    const settleMs = await load.settle(10_000);
    c.close();
    const answers = load.sales.flatMap((s) => s.answers);
    process.stdout.write(`reinicio escalonado: ${load.sales.length} ventas, ${answers.length} respuestas (${answers.filter((a) => a.status === 409).length} × 409), reintentos resueltos en ${settleMs} ms\n`);
    expect(load.sales.flatMap((s) => s.transportErrors)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(load.unexpectedAnswers()).toEqual([]);
    expect(load.sales.filter((s) => !s.documentId)).toEqual([]);
    const docs = await dbRows<{ id: string }>(db.url, 'select id from documents');
    expect(docs.length - before[0].n).toBe(load.sales.length);
    const ids = new Set(docs.map((d) => d.id));
    for (const s of load.sales) expect(ids.has(s.documentId!)).toBe(true);
  });
});
