import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import { localDateTime } from '../../src/domain/mh-rules/el-salvador-time';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

let sim: MhSimulator;
let simUrl: string;
let t: TestApp;
let a: Issuer;
let b: Issuer;
const docs: Record<string, any>[] = [];

beforeAll(async () => {
  sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')), allowProduction: true });
  simUrl = await sim.listen(0);
  t = await startTestApp({ MH_SIMULATOR_URL: simUrl, MH_SIMULATOR_ALLOW_PRODUCTION: 'true' });
  a = await createIssuer(t.url, t.account.testKey, { nit: '06141010101010' });
  b = await createIssuer(t.url, t.account.testKey, { nit: '06142020202020' });
  const bodies = [
    ccfBody(a, { external_id: 'ERP-A1' }),
    feBody(a, { external_id: 'ERP-A2', receiver: { name: 'María Fernanda Quintanilla', document_type: '13', document_number: '04567890-1' } }),
    ccfBody(b, { external_id: 'ERP-B1' }),
    feBody(b, { external_id: 'ERP-B2' }),
  ];
  for (const body of bodies) docs.push((await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body })).body);
});
afterAll(async () => {
  await t.stop();
  await sim.close();
});

const list = async (qs: string) => {
  const r = await request(t.url, 'GET', `/v1/documents${qs}`, { key: t.account.testKey });
  expect(r.status).toBe(200);
  return r.body.data.map((d: { external_id: string }) => d.external_id);
};

describe('GET /v1/documents', () => {
  it('lists newest first with every filter of the spec', async () => {
    expect(await list('')).toEqual(['ERP-B2', 'ERP-B1', 'ERP-A2', 'ERP-A1']);
    expect(await list(`?emitter_id=${a.emitterId}`)).toEqual(['ERP-A2', 'ERP-A1']);
    expect(await list('?type=03')).toEqual(['ERP-B1', 'ERP-A1']);
    expect(await list('?status=processed')).toHaveLength(4);
    expect(await list('?status=rejected')).toEqual([]);
    expect(await list('?external_id=ERP-B1')).toEqual(['ERP-B1']);
    // issued_from/issued_to filter on the El Salvador issue date (fecEmi), not the UTC date of issued_at.
    const today = localDateTime(new Date(docs[0].issued_at)).date;
    expect(await list(`?issued_from=${today}&issued_to=${today}`)).toHaveLength(4);
    expect(await list('?issued_to=2020-01-01')).toEqual([]);
    expect(await list('?environment=00')).toHaveLength(4);
    // Another environment than the key's is refused, not answered empty.
    const other = await request(t.url, 'GET', '/v1/documents?environment=01', { key: t.account.testKey });
    expect({ status: other.status, type: other.body.type }).toEqual({ status: 403, type: expect.stringMatching(/\/problems\/environment_forbidden$/) });
  });

  it('q searches the control number, generation code, seal, receiver name and document', async () => {
    const d = docs[1];
    // Control numbers are unique per emitter: both issuers have a DTE-01-M001P001-…001.
    expect(await list(`?q=${d.control_number}`)).toEqual(['ERP-B2', 'ERP-A2']);
    expect(await list(`?q=${d.control_number}&emitter_id=${a.emitterId}`)).toEqual(['ERP-A2']);
    expect(await list(`?q=${d.generation_code.toLowerCase()}`)).toEqual(['ERP-A2']);
    expect(await list(`?q=${d.reception_stamp}`)).toEqual(['ERP-A2']);
    expect(await list('?q=quintanilla')).toEqual(['ERP-A2']);
    expect(await list('?q=04567890')).toEqual(['ERP-A2']);
    expect(await list('?q=El%20Roble')).toEqual(['ERP-B1', 'ERP-A1']);
    // Several words: the whole text as typed, anywhere and in any case; the same words apart or in
    // another order do not match.
    expect(await list('?q=fernanda%20QUINTANILLA')).toEqual(['ERP-A2']);
    expect(await list('?q=a%20Fernanda%20Q')).toEqual(['ERP-A2']);
    expect(await list('?q=Mar%C3%ADa%20Quintanilla')).toEqual([]);
    expect(await list('?q=Quintanilla%20Fernanda')).toEqual([]);
    expect(await list('?q=Quintanilla%2004567890')).toEqual(['ERP-A2']);
    expect(await list('?q=100%25')).toEqual([]);
    const long = await request(t.url, 'GET', `/v1/documents?q=${'x'.repeat(101)}`, { key: t.account.testKey });
    expect(long.status).toBe(400);
    const bad = await request(t.url, 'GET', '/v1/documents?status=lost', { key: t.account.testKey });
    expect(bad.status).toBe(400);
  });

  it.each(['99', '18', '1', 'FE'])('type=%s names no DTE type of CAT-002: 400 naming type, over REST and GraphQL', async (type) => {
    const message = 'El tipo es el código CAT-002 de un documento: 01, 03, 04, 05, 06, 07, 08, 09, 11, 14 o 15.';
    const r = await request(t.url, 'GET', `/v1/documents?type=${type}`, { key: t.account.testKey });
    expect({ status: r.status, type: r.body.type, errors: r.body.errors }).toEqual({
      status: 400, type: expect.stringMatching(/\/problems\/invalid_request$/), errors: [expect.objectContaining({ path: 'type', message })],
    });
    const g = await graphql(t.url, t.account.testKey, `query($f: DocumentFilter) { documents(filter: $f, first: 10) { nodes { id } } }`, { f: { type } });
    expect(g.body.data).toBeNull();
    expect(g.body.errors).toEqual([expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'INVALID_REQUEST', field: 'type' }) })]);
  });

  it('paginates with starting_after and matches GraphQL documents(filter)', async () => {
    const p1 = await request(t.url, 'GET', '/v1/documents?limit=3', { key: t.account.testKey });
    expect(p1.body.has_more).toBe(true);
    const p2 = await request(t.url, 'GET', `/v1/documents?limit=3&starting_after=${p1.body.data[2].id}`, { key: t.account.testKey });
    expect(p2.body).toMatchObject({ has_more: false });
    expect(p2.body.data.map((d: { external_id: string }) => d.external_id)).toEqual(['ERP-A1']);
    // Each item of a page is the document as read by id, its history included; only its lines and
    // payment terms (`items`, `payment`) are the document's own (a page never reads the signed JSON).
    for (const item of [...p1.body.data, ...p2.body.data]) {
      const one = await request(t.url, 'GET', `/v1/documents/${item.id}`, { key: t.account.testKey });
      const { items, payment, ...rest } = one.body;
      expect(items.length).toBeGreaterThan(0);
      expect(payment).toBeDefined();
      expect(item).toEqual(rest);
      expect(item.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'sealed']);
    }
    const g = await graphql(t.url, t.account.testKey, `query($f: DocumentFilter) { documents(filter: $f, first: 10) { nodes { externalId status events { type } } } }`, { f: { emitterId: a.emitterId, type: '01' } });
    expect(g.body.data.documents.nodes).toEqual([{ externalId: 'ERP-A2', status: 'PROCESSED', events: [{ type: 'created' }, { type: 'signed' }, { type: 'transmitted' }, { type: 'sealed' }] }]);
  });

  it('a date range gives the same answer with open or closed ends, pages through the range with other filters, and is empty outside it', async () => {
    const today = localDateTime(new Date(docs[0].issued_at)).date;
    const all = await list('');
    expect(all).toHaveLength(4);
    expect(await list(`?issued_from=${today}`)).toEqual(all);
    expect(await list(`?issued_to=${today}`)).toEqual(all);
    expect(await list('?issued_from=2000-01-01&issued_to=2999-12-31')).toEqual(all);
    expect(await list('?issued_from=2999-01-01')).toEqual([]);
    expect(await list(`?issued_from=${today}&issued_to=2000-01-01`)).toEqual([]);
    const page = (qs: string) => request(t.url, 'GET', `/v1/documents${qs}`, { key: t.account.testKey });
    const p1 = await page(`?limit=1&type=03&issued_from=${today}&issued_to=${today}`);
    expect({ ids: p1.body.data.map((d: { external_id: string }) => d.external_id), more: p1.body.has_more }).toEqual({ ids: ['ERP-B1'], more: true });
    const p2 = await page(`?limit=1&type=03&issued_from=${today}&issued_to=${today}&starting_after=${p1.body.data[0].id}`);
    expect({ ids: p2.body.data.map((d: { external_id: string }) => d.external_id), more: p2.body.has_more }).toEqual({ ids: ['ERP-A1'], more: false });
  });

  it('a key only ever sees its own environment', async () => {
    const live = await createIssuer(t.url, t.account.liveKey, { nit: '06143030303030' });
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.liveKey, body: ccfBody(live, { external_id: 'LIVE-1' }) });
    expect(d.status).toBe(201);
    expect(d.body.environment).toBe('01');
    expect(await list('')).not.toContain('LIVE-1');
    const liveList = await request(t.url, 'GET', '/v1/documents', { key: t.account.liveKey });
    expect(liveList.body.data.map((x: { external_id: string }) => x.external_id)).toEqual(['LIVE-1']);
    expect((await request(t.url, 'GET', '/v1/documents?environment=00', { key: t.account.liveKey })).status).toBe(403);
  });
});

describe('documentStatusChanged subscription', () => {
  it('fires when a worker in another process changes the status (LISTEN/NOTIFY), scoped to the account and environment', async () => {
    const api = await startTestApp({ MH_SIMULATOR_URL: simUrl, ROLE: 'api' }, { db: t.db, account: t.account });
    try {
      const client = createClient({ url: api.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, connectionParams: { Authorization: `Bearer ${t.account.testKey}` }, retryAttempts: 0 });
      const other = await t.newAccount('Otra');
      const otherIssuer = await createIssuer(t.url, other.testKey, { nit: '06144040404040' });
      const seen: { id: string; status: string }[] = [];
      client.subscribe(
        { query: `subscription($e: ID) { documentStatusChanged(emitterId: $e) { id status receptionStamp } }`, variables: { e: a.emitterId } },
        { next: (v) => seen.push((v.data as { documentStatusChanged: { id: string; status: string } }).documentStatusChanged), error: () => undefined, complete: () => undefined },
      );
      // The subscription is live once it delivers: probe documents of the same issuer, issued through
      // the other process, until one is seen (a condition, not a fixed wait).
      const probes: string[] = [];
      await waitFor(async () => {
        if (seen.length > 0) return true;
        probes.push((await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(a) })).body.id);
        return false;
      }, 20_000, 200);
      // Issued through the API-only process in async mode: the worker of the other process transmits it.
      const mine = await request(api.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: ccfBody(a) });
      await request(t.url, 'POST', '/v1/documents', { key: other.testKey, body: ccfBody(otherIssuer) });
      await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(b) });
      await waitFor(async () => seen.find((s) => s.id === mine.body.id && s.status === 'PROCESSED'), 20_000);
      expect(seen.every((s) => s.id === mine.body.id || probes.includes(s.id))).toBe(true);
      expect(seen.filter((s) => s.id === mine.body.id).map((s) => s.status)).toContain('PROCESSED');
      await client.dispose();
    } finally {
      await api.stop();
    }
  });
});
