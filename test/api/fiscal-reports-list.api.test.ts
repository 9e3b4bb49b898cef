import { ccfBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { graphqlWithSession, logIn, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * `GET /v1/emitters/{id}/fiscal/reports` and GraphQL `fiscalReports`: the reports an emitter (or one
 * period of it) already has, newest first, so a read-only user (who cannot request one) opens and downloads them.
 */
const PASSWORD = 'contraseña-de-prueba-larga';
let t: TestApp;
let issuer: Issuer;
let viewer: PanelSession;
let period: string;
let stranger: { id: string; testKey: string };
const made: string[] = [];

const get = (path: string, key = t.account.testKey) => request(t.url, 'GET', path, { key });
const listPath = (query: string, emitterId = issuer.emitterId) => `/v1/emitters/${emitterId}/fiscal/reports?${query}`;
const LIST = `query($e: ID!, $p: String, $type: String, $first: Int, $after: String) {
  fiscalReports(emitterId: $e, period: $p, type: $type, first: $first, after: $after) { nodes { id type period status } edges { cursor } pageInfo { hasNextPage endCursor } } }`;

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  stranger = await t.newAccount('Otra cuenta');
  const doc = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
  expect(doc.body.status).toBe('processed');
  const json = await get(`/v1/documents/${doc.body.id}/json`);
  period = String(json.body.identificacion.fecEmi).slice(0, 7);
  for (const type of ['f07_anexo1', 'libro_ventas_contribuyentes', 'f07_anexo2']) {
    const r = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { key: t.account.testKey, body: { type, period } });
    expect(r.status).toBe(202);
    made.push(r.body.id);
  }
  await waitFor(async () => (await Promise.all(made.map((id) => get(`/v1/emitters/${issuer.emitterId}/fiscal/reports/${id}`)))).every((r) => r.body.status === 'ready'), 30_000);
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'lectura@lasbrisas.com.sv', password: PASSWORD, role: 'viewer' });
  viewer = await logIn(t.url, 'lectura@lasbrisas.com.sv', PASSWORD);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('listing an emitter’s reports', () => {
  it('REST: newest first, the same resource as GET of one report, a type filter and cursor pages', async () => {
    const all = await get(listPath(`period=${period}`));
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ object: 'list', has_more: false });
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual([...made].reverse());
    const one = await get(`/v1/emitters/${issuer.emitterId}/fiscal/reports/${made[1]}`);
    expect(all.body.data[1]).toEqual(one.body);

    const book = await get(listPath(`period=${period}&type=libro_ventas_contribuyentes`));
    expect(book.body.data.map((r: { id: string }) => r.id)).toEqual([made[1]]);

    const first = await get(listPath(`period=${period}&limit=2`));
    expect(first.body.data.map((r: { id: string }) => r.id)).toEqual([made[2], made[1]]);
    expect(first.body.has_more).toBe(true);
    const second = await get(listPath(`period=${period}&limit=2&starting_after=${made[1]}`));
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual([made[0]]);
    expect(second.body.has_more).toBe(false);

    const other = await get(listPath('period=2020-01'));
    expect(other.body).toEqual({ object: 'list', data: [], has_more: false });
    // Without a period: every report of the emitter, newest first.
    const every = await get(`/v1/emitters/${issuer.emitterId}/fiscal/reports`);
    expect(every.body.data.map((r: { id: string }) => r.id)).toEqual([...made].reverse());
  });

  it('GraphQL: the same reports, in the same order, as a connection', async () => {
    const r = await graphql(t.url, t.account.testKey, LIST, { e: issuer.emitterId, p: period, first: 2 });
    expect(r.body.errors).toBeUndefined();
    const c = r.body.data.fiscalReports;
    expect(c.nodes.map((n: { id: string }) => n.id)).toEqual([made[2], made[1]]);
    expect(c.pageInfo).toEqual({ hasNextPage: true, endCursor: made[1] });
    const rest = await graphql(t.url, t.account.testKey, LIST, { e: issuer.emitterId, p: period, after: c.pageInfo.endCursor });
    expect(rest.body.data.fiscalReports.nodes.map((n: { id: string }) => n.id)).toEqual([made[0]]);
    const typed = await graphql(t.url, t.account.testKey, LIST, { e: issuer.emitterId, p: period, type: 'f07_anexo1' });
    expect(typed.body.data.fiscalReports.nodes).toEqual([{ id: made[0], type: 'f07_anexo1', period, status: 'READY' }]);
  });

  it('a read-only panel user lists them and downloads one, though it cannot request a report', async () => {
    const list = await withSession(t.url, viewer, 'GET', listPath(`period=${period}&type=libro_ventas_contribuyentes`));
    expect(list.status).toBe(200);
    const [book] = list.body.data;
    expect(book).toMatchObject({ id: made[1], status: 'ready' });
    const dl = await fetch(`${t.url}/v1/emitters/${issuer.emitterId}/fiscal/reports/${book.id}/download?format=pdf`, { headers: { Cookie: viewer.cookie }, redirect: 'manual' });
    expect(dl.status).toBe(302);
    const file = await fetch(dl.headers.get('location')!);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const gql = await graphqlWithSession(t.url, viewer, LIST, { e: issuer.emitterId, p: period });
    expect(gql.body.data.fiscalReports.nodes).toHaveLength(3);
    const refused = await withSession(t.url, viewer, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { body: { type: 'f07_anexo1', period } });
    expect(refused.status).toBe(403);
  });

  it('refusals: a bad period and an unknown type are 422 naming the field; another account’s emitter is 404; the GraphQL door answers the same codes', async () => {
    for (const [query, field, code] of [
      ['period=2026-13', 'period', 'invalid_format'],
      ['period=marzo', 'period', 'invalid_format'],
      [`period=${period}&type=anexo_99`, 'type', 'invalid_value'],
      [`period=${period}&limit=0`, 'limit', null],
    ] as const) {
      const r = await get(listPath(query));
      expect([400, 422]).toContain(r.status);
      expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const error = r.body.errors.find((e: { path: string }) => e.path === field);
      expect(error).toBeDefined();
      if (code) expect(error.code).toBe(code);
    }
    expectProblem(await get(listPath(`period=${period}`), stranger.testKey), 404, 'resource_not_found');
    const gql = await graphql(t.url, t.account.testKey, LIST, { e: issuer.emitterId, p: '2026-13' });
    expect(gql.body.errors[0].extensions.code).toBe('INVALID_FORMAT');
    const foreign = await graphql(t.url, stranger.testKey, LIST, { e: issuer.emitterId, p: period });
    expect(foreign.body.errors[0].extensions.code).toBe('RESOURCE_NOT_FOUND');
  });
});
