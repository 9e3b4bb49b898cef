/**
 * A tour of the REST API as an ERP would make it: every route of the route table, answering with
 * success and with refusals. Every answer's body is validated against the schema that the route's
 * operation in /v1/openapi.json documents for that status (objects closed: no undocumented field),
 * and every problem code must be one the operation lists. A route added later without a step here,
 * or answering a status its document does not list, fails with a message saying what to add.
 */
import { ROUTES } from '../../rest-adapter/route-table';
import { ALL_SCOPES } from '../../src/domain/identity/scopes';
import { routeResponses } from '../../rest-adapter/route-responses';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { purchaseBody } from '../fixtures/fiscal-record-bodies';
import { mhCertificate } from '../support/certificates';
import { CERT_PASSWORD, MH_PASSWORD, createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { issueUserToken } from '../../src/services/identity/user-tokens';
import { ApiTour, type TourResponse } from '../support/openapi-tour';
import { startTestApp, type TestApp } from '../support/test-app';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { totpCode } from '../support/rfc6238';
import { addDays, localDateOf } from '../../src/domain/mh-rules/el-salvador-time';

let t: TestApp;
let tour: ApiTour;
let mh: MhControl;
let receiver: Receiver;
let key: string;
let fullKey: string;
let issuer: Issuer;
/** Cookie and CSRF token of an owner's panel session: the credential panel-session routes admit. */
let panel: Record<string, string>;
/** A key with every scope but the one a route needs, per scope (403 steps). */
const keyWithout = new Map<string, string>();
const people = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Luis Díaz', document_type: '13', document_number: '07654321-0' } };
const MISSING = 'nope_000000000000';

/** The route's path with ids that exist nowhere (a real fiscal resource and period, so only the id is missing). */
const samplePath = (r: { path: string }) => r.path.replace(/:([a-z_]+)/g, (_m, p: string) => (p === 'resource' ? 'purchases' : p === 'period' ? '2026-01' : MISSING));
const call = (method: string, path: string, opts: Parameters<ApiTour['call']>[2] = {}) => tour.call(method, path, { key, ...opts });
const expectStatus = (r: TourResponse, status: number) => expect([r.status, r.text.slice(0, 300)]).toEqual([status, expect.any(String)]);
async function eventually<T>(fn: () => Promise<T | null | undefined | false>): Promise<T> {
  return waitFor(fn, 30_000);
}

beforeAll(async () => {
  receiver = await startReceiver(() => 200);
  t = await startTestApp({ SYNC_WAIT_MS: '8000', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', BODY_LIMIT_BYTES: '65536' });
  key = t.account.testKey;
  // Every scope (fiscal:close too): the scope is checked before media type and body, so the 415/400/413 steps need it.
  fullKey = (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: [...ALL_SCOPES] })).key;
  mh = new MhControl(t.app.mhSimulatorUrl!);
  const doc = (await (await fetch(`${t.url}/v1/openapi.json`)).json()) as Record<string, unknown>;
  tour = new ApiTour(t.url, doc, ROUTES);
  for (const scope of new Set(ROUTES.map((r) => r.scope).filter((s): s is NonNullable<typeof s> => !!s))) {
    const base = scope.replace(/:.*/, '');
    const others = ALL_SCOPES.filter((s) => !s.startsWith(`${base}:`));
    keyWithout.set(scope, (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: others })).key);
  }
  issuer = await createIssuer(t.url, key);
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'tour-rutas@example.com', password: 'Clave-del-recorrido-1', role: 'owner' });
  const login = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour-rutas@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
  panel = { Cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], 'X-CSRF-Token': login.body.csrf_token };
}, 90_000);

/** The credential a route admits, so that its later checks (media type, body, query, path) are reached: the panel session for panel-session routes, a key with every scope for the others. */
const admitted = (r: { sessionOnly?: string }) => (r.sessionOnly ? { key: null, headers: panel } : { key: fullKey });

afterAll(async () => {
  await t?.stop();
  await receiver?.close();
});

describe('API tour: every answer matches the schema its OpenAPI operation documents', () => {
  it('catalogs: list, one catalog, unknown catalog 404', async () => {
    expectStatus(await call('GET', '/v1/catalogs'), 200);
    expectStatus(await call('GET', '/v1/catalogs/CAT-002?limit=5'), 200);
    expectStatus(await call('GET', '/v1/catalogs/CAT-999'), 404);
  });

  it('emitters and establishments: create, list, read, update; duplicate NIT 409, duplicate code 409, bad body 422', async () => {
    const nit = '06149999999991';
    const e = await call('POST', '/v1/emitters', { body: emitterBody({ nit }) });
    expectStatus(e, 201);
    expectStatus(await call('POST', '/v1/emitters', { body: emitterBody({ nit }) }), 409);
    expectStatus(await call('POST', '/v1/emitters', { body: emitterBody({ nit: '12' }) }), 422);
    expectStatus(await call('GET', '/v1/emitters?limit=2'), 200);
    expectStatus(await call('GET', `/v1/emitters/${e.body.id}`), 200);
    expectStatus(await call('PATCH', `/v1/emitters/${e.body.id}`, { body: { trade_name: 'Brisas', logo_url: null } }), 200);
    const s = await call('POST', `/v1/emitters/${e.body.id}/establishments`, { body: establishmentBody() });
    expectStatus(s, 201);
    expectStatus(await call('POST', `/v1/emitters/${e.body.id}/establishments`, { body: establishmentBody() }), 409);
    expectStatus(await call('GET', `/v1/emitters/${e.body.id}/establishments`), 200);
    expectStatus(await call('GET', `/v1/emitters/${e.body.id}/establishments/${s.body.id}`), 200);
    expectStatus(await call('PATCH', `/v1/emitters/${e.body.id}/establishments/${s.body.id}`, { body: { name: 'Matriz' } }), 200);
  });

  it('directory: customers and products created, listed with q, read, updated, deleted, imported in batches and CSV, exported; duplicate 409, bad body 422, unknown 404', async () => {
    const e = await call('POST', '/v1/emitters', { body: emitterBody({ nit: '06149999999992' }) });
    const base = `/v1/emitters/${e.body.id}`;
    const c = await call('POST', `${base}/customers`, { body: { name: 'María López', document_type: '13', document_number: '04567890-3' } });
    expectStatus(c, 201);
    expectStatus(await call('POST', `${base}/customers`, { body: { name: 'Otra', document_type: '13', document_number: '04567890-3' } }), 409);
    expectStatus(await call('POST', `${base}/customers`, { body: { name: 'X', nrc: '1' } }), 422);
    expectStatus(await call('GET', `${base}/customers?q=maria`), 200);
    expectStatus(await call('GET', `${base}/customers/${c.body.id}`), 200);
    expectStatus(await call('GET', `${base}/customers/cus_nadie`), 404);
    expectStatus(await call('PATCH', `${base}/customers/${c.body.id}`, { body: { phone: '22334455' } }), 200);
    expectStatus(await call('POST', `${base}/customers/${c.body.id}/edit-link`), 201);
    expectStatus(await call('POST', `${base}/customers/cus_nadie/edit-link`), 404);
    expectStatus(await call('DELETE', `${base}/customers/${c.body.id}`), 204);
    expectStatus(await call('DELETE', `${base}/customers/${c.body.id}`), 404);
    const p = await call('POST', `${base}/products`, { body: { code: 'A-1', description: 'Café', unit_code: '59', unit_price: '5.65', tax: 'gravada' } });
    expectStatus(p, 201);
    expectStatus(await call('POST', `${base}/products`, { body: { code: 'A-1', description: 'Otro', unit_code: '59', unit_price: '1' } }), 409);
    expectStatus(await call('GET', `${base}/products?q=cafe`), 200);
    expectStatus(await call('GET', `${base}/products/${p.body.id}`), 200);
    expectStatus(await call('PATCH', `${base}/products/${p.body.id}`, { body: { unit_price: '-1' } }), 422);
    expectStatus(await call('PATCH', `${base}/products/${p.body.id}`, { body: { unit_price: '6' } }), 200);
    expectStatus(await call('DELETE', `${base}/products/${p.body.id}`), 204);
    expectStatus(await call('GET', `${base}/products/${p.body.id}`), 404);
    for (const kind of ['customers', 'products'] as const) {
      const item = kind === 'customers' ? { name: 'Lote', document_type: '13', document_number: '01234567-8' } : { code: 'L-1', description: 'Lote', unit_code: '59', unit_price: '1.00' };
      expectStatus(await call('POST', `${base}/${kind}/batch`, { body: { items: [item, {}], dry_run: true } }), 200);
      expectStatus(await call('POST', `${base}/${kind}/batch`, { body: { items: [item] } }), 200);
      expectStatus(await call('POST', `${base}/${kind}/batch`, { body: { items: Array.from({ length: 501 }, () => item) } }), 422);
      const tpl = await call('GET', `${base}/${kind}/csv-template`);
      expectStatus(tpl, 200);
      expectStatus(await call('GET', `/v1/emitters/emi_nadie/${kind}/csv-template`), 404);
      expectStatus(await call('POST', `${base}/${kind}/csv-import`, { body: { csv: tpl.text, dry_run: true } }), 200);
      expectStatus(await call('POST', `${base}/${kind}/csv-import`, { body: { csv: 'columna_rara\nx\n' } }), 422);
      expectStatus(await call('GET', `${base}/${kind}/export`), 200);
      expectStatus(await call('GET', `/v1/emitters/emi_nadie/${kind}/export`), 404);
    }
  });

  it('credentials: upload (multipart), a certificate of another NIT 422, wrong media type 415; test login', async () => {
    const form = (nit: string) => {
      const f = new FormData();
      f.set('environment', '00');
      f.set('certificate', new Blob([mhCertificate(nit, CERT_PASSWORD)]), 'emisor.crt');
      f.set('private_key_password', CERT_PASSWORD);
      f.set('mh_user', issuer.nit);
      f.set('mh_password', MH_PASSWORD);
      return f;
    };
    expectStatus(await call('PUT', `/v1/emitters/${issuer.emitterId}/credentials`, { raw: form(issuer.nit) }), 200);
    expectStatus(await call('PUT', `/v1/emitters/${issuer.emitterId}/credentials`, { raw: form('06140000000001') }), 422);
    expectStatus(await call('PUT', `/v1/emitters/${issuer.emitterId}/credentials`, { body: { environment: '00' } }), 415);
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/credentials/test`, { body: { environment: '00' } }), 200);
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/credentials/test`, { body: { environment: '02' } }), 422);
  });

  it('the issuer’s logo: upload 200 and a GIF 422 (multipart), read 200 and 404, delete 204', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = (file: Buffer) => {
      const f = new FormData();
      f.set('logo', new Blob([file]), 'logo.png');
      return f;
    };
    expectStatus(await call('GET', `/v1/emitters/${issuer.emitterId}/logo`), 404);
    expectStatus(await call('PUT', `/v1/emitters/${issuer.emitterId}/logo`, { raw: form(png) }), 200);
    expectStatus(await call('PUT', `/v1/emitters/${issuer.emitterId}/logo`, { raw: form(Buffer.from('GIF89a-no-es-un-png-ni-un-jpeg-aunque-se-llame-logo.png-000000000000000000')) }), 422);
    expectStatus(await call('GET', `/v1/emitters/${issuer.emitterId}/logo`), 200);
    expectStatus(await call('DELETE', `/v1/emitters/${issuer.emitterId}/logo`), 204);
    expectStatus(await call('DELETE', '/v1/emitters/emt_no_existe/logo'), 404);
  });

  let processed: TourResponse;
  let rejected: TourResponse;
  it('documents: dry run 200, sealed 201, rejected 200, async 202; read, JSON, PDF, list; invalid body 422', async () => {
    expectStatus(await call('POST', '/v1/documents?dry_run=true', { body: feBody(issuer) }), 200);
    processed = await call('POST', '/v1/documents', { body: ccfBody(issuer) });
    expectStatus(processed, 201);
    await mh.fault({ mode: 'reject', code: '020', observations: ['Dato inválido'], count: 2 });
    rejected = await call('POST', '/v1/documents', { body: feBody(issuer) });
    expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
    const resent = await call('POST', '/v1/documents', { body: feBody(issuer) });
    expect(resent.body.status).toBe('rejected');
    const queued = await call('POST', '/v1/documents?mode=async', { body: feBody(issuer) });
    expectStatus(queued, 202);
    expectStatus(await call('POST', '/v1/documents', { body: feBody(issuer, { items: [] }) }), 422);
    expectStatus(await call('POST', '/v1/documents', { body: feBody({ ...issuer, emitterId: MISSING }) }), 404);
    expectStatus(await call('POST', '/v1/documents?mode=later', { body: feBody(issuer) }), 400);
    expectStatus(await call('GET', `/v1/documents/${processed.body.id}`), 200);
    expectStatus(await call('GET', `/v1/documents/${processed.body.id}/json`), 200);
    expectStatus(await call('GET', `/v1/documents/${processed.body.id}/pdf`), 200);
    expectStatus(await call('GET', `/v1/documents/${processed.body.id}/pdf?layout=ticket-80`), 200);
    expectStatus(await call('GET', `/v1/documents/${processed.body.id}/pdf?layout=a4`), 422);
    expectStatus(await call('GET', '/v1/documents/export?format=xlsx&type=01'), 200);
    expectStatus(await call('GET', '/v1/documents/export?format=ods'), 422);
    expectStatus(await call('GET', `/v1/documents?limit=3&type=03`), 200);
    expectStatus(await call('GET', `/v1/documents?issued_from=ayer`), 400);
    expectStatus(await call('POST', '/v1/documents/batch', { body: { documents: [feBody(issuer, { external_id: 'TOUR-LOTE-1' })] } }), 200);
    expectStatus(await call('POST', '/v1/documents/batch', { body: { documents: [] } }), 422);
    expectStatus(await call('GET', '/v1/documents/batch/csv-template?type=01'), 200);
    expectStatus(await call('GET', '/v1/documents/batch/csv-template?type=99'), 400);
    expectStatus(await call('POST', '/v1/documents/batch/csv-preview', { body: { emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', csv: 'id_externo,tipo_item,descripcion,cantidad,unidad,precio_unitario,tributo\nT-1,1,Café,1,59,1.00,gravada' } }), 200);
    expectStatus(await call('POST', '/v1/documents/batch/csv-preview', { body: { emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', csv: 'columna_rara\n1' } }), 422);

    // retry: a rejected one resent as it is (sealed now → 200), a processed one → 409
    expectStatus(await call('POST', `/v1/documents/${resent.body.id}/retry`), 200);
    expectStatus(await call('POST', `/v1/documents/${processed.body.id}/retry`), 409);
    await eventually(async () => (await tour.call('GET', `/v1/documents/${queued.body.id}`, { key })).body.status === 'processed');
  });

  it('documents: retry that MH does not answer in time 202; send 202 and 409; fiscal tags 200 and 422', async () => {
    expectStatus(await call('POST', `/v1/documents/${rejected.body.id}/send`), 409);
    expectStatus(await call('POST', `/v1/documents/${processed.body.id}/send`, { body: { to: ['compras@elroble.com.sv'] } }), 202);
    await mh.fault({ mode: 'reject', code: '020', observations: ['Dato inválido'], count: 1 });
    const again = await call('POST', '/v1/documents', { body: ccfBody(issuer) });
    expect(again.body.status).toBe('rejected');
    expectStatus(await call('POST', `/v1/documents/${again.body.id}/retry?mode=async`), 202);
    expectStatus(await call('PATCH', `/v1/documents/${processed.body.id}/fiscal`, { body: { exclude_from_books: false, external_ref: 'ERP-1' } }), 200);
    expectStatus(await call('PATCH', `/v1/documents/${processed.body.id}/fiscal`, { body: { free_zone: 'sí' } }), 422);
  });

  it('documents: invalidation pending 202, sealed 200, a second one 409, no responsible 422, MH refusing it 422 invalidation_rejected', async () => {
    const a = await call('POST', '/v1/documents', { body: ccfBody(issuer) });
    const b = await call('POST', '/v1/documents', { body: ccfBody(issuer) });
    expectStatus(await call('POST', `/v1/documents/${a.body.id}/invalidate`, { body: { reason_type: '2', reason: 'Operación rescindida' } }), 422);
    expectStatus(await call('POST', `/v1/documents/${a.body.id}/invalidate`, { body: { reason_type: '2', reason: 'Operación rescindida', ...people } }), 200);
    expectStatus(await call('POST', `/v1/documents/${rejected.body.id}/invalidate`, { body: { reason_type: '2', reason: 'Rechazado', ...people } }), 409);
    await mh.fault({ mode: 'timeout', paths: ['/fesv/anulardte'], count: 1 });
    expectStatus(await call('POST', `/v1/documents/${b.body.id}/invalidate`, { body: { reason_type: '2', reason: 'Operación rescindida', ...people } }), 202);
    await mh.clear();
    const c = await call('POST', '/v1/documents', { body: ccfBody(issuer) });
    await mh.fault({ mode: 'reject', code: '921', paths: ['/fesv/anulardte'], count: 1 });
    const refused = await call('POST', `/v1/documents/${c.body.id}/invalidate`, { body: { reason_type: '2', reason: 'Operación rescindida', ...people } });
    expectStatus(refused, 422);
    expect(refused.body).toMatchObject({ type: expect.stringMatching(/\/problems\/invalidation_rejected$/), mh: { codigoMsg: '921' } });
    await mh.clear();
    expectStatus(await call('GET', '/v1/contingencies?status=open'), 200);
    expectStatus(await call('GET', '/v1/contingencies?status=cerrada'), 400);
  });

  it('2026 events: a return sealed 200, pending 202, beyond its balance 422, on a CCF 422; special operations 200, 202 and 422; lists and reads', async () => {
    const fe = await call('POST', '/v1/documents', { body: feBody(issuer) });
    expectStatus(fe, 201);
    const ret = await call('POST', `/v1/documents/${fe.body.id}/returns`, { body: { lines: [{ num_item: 1, quantity: '1' }] } });
    expectStatus(ret, 200);
    expectStatus(await call('POST', `/v1/documents/${fe.body.id}/returns`, { body: { lines: [{ num_item: 1, quantity: '99' }] } }), 422);
    const ccf = await call('POST', '/v1/documents', { body: ccfBody(issuer) });
    expectStatus(await call('POST', `/v1/documents/${ccf.body.id}/returns`, { body: { lines: [{ num_item: 1, quantity: '1' }] } }), 422);
    const silent = ['/fesv/recepciondte', '/fesv/recepcion/consultadte'];
    await mh.fault({ mode: 'reset', paths: silent, count: 6 });
    expectStatus(await call('POST', `/v1/documents/${fe.body.id}/returns`, { body: { lines: [{ num_item: 1, quantity: '1' }] } }), 202);
    await mh.clear();
    expectStatus(await call('GET', `/v1/documents/${fe.body.id}/returns`), 200);
    expectStatus(await call('GET', `/v1/documents/${fe.body.id}/returns/${ret.body.id}`), 200);
    const line = { document_type: '97', document_number: 'CCI-1', quantity: 1, description: 'Comprobante de control interno', gravada: '10.00' };
    const op = await call('POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { body: { lines: [line] } });
    expectStatus(op, 200);
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { body: { lines: [{ ...line, document_number: undefined }] } }), 422);
    await mh.fault({ mode: 'reset', paths: silent, count: 6 });
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { body: { lines: [line] } }), 202);
    await mh.clear();
    expectStatus(await call('GET', `/v1/emitters/${issuer.emitterId}/special-operations`), 200);
    expectStatus(await call('GET', `/v1/emitters/${issuer.emitterId}/special-operations/${op.body.id}`), 200);
    // Invalidating an event: 422 body, 202 while MH does not answer, 200 voided, 409 for an event MH did not seal.
    const people = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Ana López', document_type: '13', document_number: '01234567-8' } };
    expectStatus(await call('POST', `/v1/documents/${fe.body.id}/returns/${ret.body.id}/invalidate`, { body: { reason_type: '3', ...people } }), 422);
    await mh.fault({ mode: 'down', paths: ['/fesv/anulardte'], count: 1 });
    expectStatus(await call('POST', `/v1/documents/${fe.body.id}/returns/${ret.body.id}/invalidate`, { body: { reason_type: '2', ...people } }), 202);
    await mh.clear();
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/special-operations/${op.body.id}/invalidate`, { body: { reason_type: '2', ...people } }), 200);
    await mh.fault({ mode: 'reject', paths: ['/fesv/recepciondte'], count: 1 });
    const rejected = await call('POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { body: { lines: [line] } });
    await mh.clear();
    expect(rejected.body.status).toBe('rejected');
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/special-operations/${rejected.body.id}/invalidate`, { body: { reason_type: '2', ...people } }), 409);
  });

  it('recurring documents: create 201 and 422, list, read, occurrences, pause, resume, delete 204; unknown ids 404', async () => {
    const base = `/v1/emitters/${issuer.emitterId}/recurring-documents`;
    // A month ahead: the job issues nothing during the tour.
    const startsOn = addDays(localDateOf(new Date()), 30);
    const body = { template: feBody(issuer), schedule: { frequency: 'monthly', day_of_month: 31 }, starts_on: startsOn, count: 3 };
    const rec = await call('POST', base, { body });
    expectStatus(rec, 201);
    expectStatus(await call('POST', base, { body: { ...body, schedule: { frequency: 'monthly', day_of_month: 32 } } }), 422);
    expectStatus(await call('GET', base), 200);
    expectStatus(await call('GET', `/v1/emitters/${MISSING}/recurring-documents`), 404);
    expectStatus(await call('GET', `${base}/${rec.body.id}`), 200);
    expectStatus(await call('GET', `${base}/${MISSING}`), 404);
    expectStatus(await call('GET', `${base}/${rec.body.id}/occurrences`), 200);
    expectStatus(await call('GET', `${base}/${MISSING}/occurrences`), 404);
    expectStatus(await call('POST', `${base}/${rec.body.id}/pause`), 200);
    expectStatus(await call('POST', `${base}/${MISSING}/pause`), 404);
    expectStatus(await call('POST', `${base}/${rec.body.id}/resume`), 200);
    expectStatus(await call('POST', `${base}/${MISSING}/resume`), 404);
    expectStatus(await call('DELETE', `${base}/${rec.body.id}`), 204);
    expectStatus(await call('DELETE', `${base}/${rec.body.id}`), 404);
  });

  it('webhooks: create, list, read, update, test, roll the secret, deliveries, replay; private URL refused 422, pending replay 409', async () => {
    const e = await call('POST', '/v1/webhook-endpoints', { body: { url: receiver.url, events: ['document.processed'] } });
    expectStatus(e, 201);
    expectStatus(await call('POST', '/v1/webhook-endpoints', { body: { url: 'ftp://example.com', events: ['document.processed'] } }), 422);
    expectStatus(await call('GET', '/v1/webhook-endpoints'), 200);
    expectStatus(await call('GET', `/v1/webhook-endpoints/${e.body.id}`), 200);
    expectStatus(await call('PATCH', `/v1/webhook-endpoints/${e.body.id}`, { body: { events: ['document.processed', 'document.rejected'] } }), 200);
    expectStatus(await call('PATCH', `/v1/webhook-endpoints/${e.body.id}`, { body: { events: ['document.nada'] } }), 422);
    const test = await call('POST', `/v1/webhook-endpoints/${e.body.id}/test`);
    expectStatus(test, 200);
    expectStatus(await call('POST', `/v1/webhook-endpoints/${e.body.id}/roll-secret`, { body: { overlap_s: 60 } }), 200);
    const list = await call('GET', `/v1/webhook-endpoints/${e.body.id}/deliveries`);
    expectStatus(list, 200);
    const delivery = list.body.data.find((d: { event_id: string }) => d.event_id === test.body.event_id);
    expectStatus(await call('GET', `/v1/webhook-endpoints/${e.body.id}/deliveries/${delivery.id}`), 200);
    expectStatus(await call('POST', `/v1/webhook-endpoints/${e.body.id}/deliveries/${delivery.id}/replay`), 409);
    expectStatus(await call('POST', '/v1/documents', { body: feBody(issuer) }), 201);
    const delivered = await eventually(async () => {
      const all = (await tour.call('GET', `/v1/webhook-endpoints/${e.body.id}/deliveries`, { key })).body.data as { id: string; test: boolean; status: string }[];
      return all.find((d) => !d.test && d.status === 'delivered');
    });
    expectStatus(await call('POST', `/v1/webhook-endpoints/${e.body.id}/deliveries/${delivered.id}/replay`), 202);
    expectStatus(await call('DELETE', `/v1/webhook-endpoints/${e.body.id}`), 204);
    expectStatus(await call('DELETE', `/v1/webhook-endpoints/${e.body.id}`), 404);
  });

  it('fiscal records: batch, put (201 then 200), list, delete; a bad date 422 on put, unknown resource 404', async () => {
    const base = `/v1/emitters/${issuer.emitterId}/fiscal/purchases`;
    expectStatus(await call('POST', `${base}/batch`, { body: { items: [purchaseBody(1), purchaseBody(2)] } }), 200);
    expectStatus(await call('PUT', `${base}/P-3`, { body: purchaseBody(3) }), 201);
    expectStatus(await call('PUT', `${base}/P-3`, { body: purchaseBody(3, { version: 2 }) }), 200);
    expectStatus(await call('PUT', `${base}/P-4`, { body: purchaseBody(4, { accounting_date: '2026-02-30' }) }), 422);
    expectStatus(await call('GET', `${base}?period=2026-03`), 200);
    expectStatus(await call('DELETE', `${base}/P-3`), 200);
    expectStatus(await call('POST', `/v1/emitters/${issuer.emitterId}/fiscal/ventas/batch`, { body: { items: [purchaseBody(5)] } }), 404);
  });

  it('period archives: request 202 and 422, list and read 200 and 404, download 409 then 302, signed ZIP 200/410', async () => {
    const emitter = `/v1/emitters/${issuer.emitterId}`;
    const json = await call('GET', `/v1/documents/${processed.body.id}/json`);
    const period = String(json.body.identificacion.fecEmi).slice(0, 7);
    const a = await call('POST', `${emitter}/archives`, { body: { period } });
    expectStatus(a, 202);
    expectStatus(await call('POST', `${emitter}/archives`, { body: { period: '2026-13' } }), 422);
    expectStatus(await call('GET', `${emitter}/archives`), 200);
    expectStatus(await call('GET', `${emitter}/archives/${MISSING}`), 404);
    const early = await call('GET', `${emitter}/archives/${a.body.id}/download`);
    expect([302, 409]).toContain(early.status);
    await eventually(async () => (await tour.call('GET', `${emitter}/archives/${a.body.id}`, { key })).body.status === 'ready');
    expectStatus(await call('GET', `${emitter}/archives/${a.body.id}`), 200);
    const dl = await call('GET', `${emitter}/archives/${a.body.id}/download`);
    expectStatus(dl, 302);
    const file = new URL(dl.headers.get('location')!);
    expectStatus(await tour.call('GET', file.pathname), 200);
    expectStatus(await tour.call('GET', `${file.pathname.slice(0, -4)}AAAA`), 410);
  });

  it('fiscal reports and periods: types, request 202 then 200, status, rows, download 302, signed file 200/410, embed 201/200/410, close 202, reopen 200 and 409', async () => {
    const emitter = `/v1/emitters/${issuer.emitterId}`;
    expectStatus(await call('GET', `${emitter}/fiscal/report-types`), 200);
    const json = await call('GET', `/v1/documents/${processed.body.id}/json`);
    const period = String(json.body.identificacion.fecEmi).slice(0, 7);
    const q = await call('POST', `${emitter}/fiscal/reports`, { body: { type: 'libro_ventas_contribuyentes', period } });
    expectStatus(q, 202);
    expectStatus(await call('POST', `${emitter}/fiscal/reports`, { body: { type: 'libro_nada', period } }), 422);
    await eventually(async () => (await tour.call('GET', `${emitter}/fiscal/reports/${q.body.id}`, { key })).body.status === 'ready');
    expectStatus(await call('POST', `${emitter}/fiscal/reports`, { body: { type: 'libro_ventas_contribuyentes', period } }), 200);
    expectStatus(await call('GET', `${emitter}/fiscal/reports?period=${period}&type=libro_ventas_contribuyentes`), 200);
    expectStatus(await call('GET', `${emitter}/fiscal/reports?period=2026-13`), 422);
    expectStatus(await call('GET', `${emitter}/fiscal/reports/${q.body.id}/rows?limit=2`), 200);
    const dl = await call('GET', `${emitter}/fiscal/reports/${q.body.id}/download?format=xlsx`);
    expectStatus(dl, 302);
    expectStatus(await call('GET', `${emitter}/fiscal/reports/${q.body.id}/download?format=doc`), 400);
    const file = new URL(dl.headers.get('location')!);
    expectStatus(await tour.call('GET', `${file.pathname}${file.search}`), 200);
    expectStatus(await tour.call('GET', `${file.pathname.slice(0, -4)}AAAA${file.search}`), 410);
    const s = await call('POST', '/v1/fiscal/embed-sessions', { body: { emitter_id: issuer.emitterId, report_id: q.body.id, ttl: 60 } });
    expectStatus(s, 201);
    expectStatus(await call('POST', '/v1/fiscal/embed-sessions', { body: { emitter_id: issuer.emitterId, report_id: q.body.id, ttl: 301 } }), 422);
    const token = String(s.body.url).split('#')[1];
    expectStatus(await call('POST', '/v1/fiscal/embed-sessions', { body: { emitter_id: issuer.emitterId, ttl: 60 } }), 201);
    expectStatus(await call('POST', '/v1/fiscal/embed-sessions', { body: { emitter_id: MISSING, ttl: 60 } }), 404);
    expectStatus(await call('POST', '/v1/fiscal/embed-sessions', { body: { emitter_id: issuer.emitterId, report_id: MISSING, ttl: 60 } }), 404);
    const view = await tour.call('POST', '/v1/fiscal/embed-sessions/exchange', { body: { token }, idempotencyKey: null });
    expectStatus(view, 200);
    expectStatus(await tour.call('POST', '/v1/fiscal/embed-sessions/exchange', { body: { token }, idempotencyKey: null }), 410);
    expectStatus(await tour.call('POST', '/v1/fiscal/embed-sessions/exchange', { body: { token: 'x'.repeat(43) }, idempotencyKey: null }), 401);
    expectStatus(await tour.call('GET', `${emitter}/fiscal/reports/${q.body.id}`, { key: view.body.view_token }), 200);
    expectStatus(await call('GET', `${emitter}/fiscal/periods`), 200);
    expectStatus(await call('POST', `${emitter}/fiscal/periods/2026-13/close`), 422);
    expectStatus(await call('POST', `${emitter}/fiscal/periods/${period}/reopen`, { body: { reason: 'Antes de cerrar' } }), 403);
    expectStatus(await call('POST', `${emitter}/fiscal/periods/${period}/close`), 202);
    await eventually(async () => ((await tour.call('GET', `${emitter}/fiscal/periods`, { key })).body.data as { period: string; status: string }[]).find((p) => p.period === period && p.status === 'closed'));
    const closer = (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['fiscal:read', 'fiscal:write', 'fiscal:close'] })).key;
    expectStatus(await call('POST', `${emitter}/fiscal/periods/${period}/reopen`, { key: closer, body: { reason: 'Corrección de compras' } }), 200);
    expectStatus(await call('POST', `${emitter}/fiscal/periods/${period}/reopen`, { key: closer, body: { reason: 'Otra vez' } }), 409);
  });

  it('panel session: login 200 and 401, session 200, environment switch 200 and 403 without CSRF, logout 204', async () => {
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'tour@example.com', password: 'Clave-del-recorrido-1', role: 'owner' });
    expectStatus(await tour.call('POST', '/v1/auth/login', { body: { email: 'tour@example.com', password: 'otra-clave-xx' }, idempotencyKey: null }), 401);
    const login = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
    expectStatus(login, 200);
    const session = { Cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] };
    const csrf = { ...session, 'X-CSRF-Token': login.body.csrf_token };
    expectStatus(await tour.call('GET', '/v1/auth/session', { headers: session }), 200);
    expectStatus(await tour.call('PATCH', '/v1/auth/session', { headers: session, body: { environment: '01' } }), 403);
    expectStatus(await tour.call('PATCH', '/v1/auth/session', { headers: csrf, body: { environment: '01' } }), 200);
    expectStatus(await tour.call('POST', '/v1/auth/password', { headers: csrf, body: { current_password: 'no-es-la-clave-1', new_password: 'Otra-frase-del-recorrido-9' }, idempotencyKey: null }), 422);
    expectStatus(await tour.call('POST', '/v1/auth/password', { headers: csrf, body: { current_password: 'Clave-del-recorrido-1', new_password: 'Otra-frase-del-recorrido-9' }, idempotencyKey: null }), 204);
    expectStatus(await tour.call('POST', '/v1/auth/password', { headers: csrf, body: { current_password: 'Otra-frase-del-recorrido-9', new_password: 'Clave-del-recorrido-1' }, idempotencyKey: null }), 204);
    const sessions = await tour.call('GET', '/v1/auth/sessions', { headers: session });
    expectStatus(sessions, 200);
    expectStatus(await tour.call('GET', '/v1/auth/sessions', { key: t.account.testKey }), 401);
    const second = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
    const secondId = (await tour.call('GET', '/v1/auth/sessions', { headers: { Cookie: (second.headers.get('set-cookie') ?? '').split(';')[0] } })).body.data[0].id;
    expectStatus(await tour.call('DELETE', '/v1/auth/sessions/ses_desconocida', { headers: csrf }), 404);
    expectStatus(await tour.call('DELETE', `/v1/auth/sessions/${secondId}`, { headers: csrf }), 200);
    expectStatus(await tour.call('POST', '/v1/auth/sessions/end-others', { headers: session, idempotencyKey: null }), 403);
    expectStatus(await tour.call('POST', '/v1/auth/sessions/end-others', { headers: csrf, idempotencyKey: null }), 200);
    expectStatus(await tour.call('POST', '/v1/auth/logout', { headers: session, idempotencyKey: null }), 403);
    expectStatus(await tour.call('POST', '/v1/auth/logout', { headers: csrf, idempotencyKey: null }), 204);
    expectStatus(await tour.call('GET', '/v1/auth/session', { headers: session }), 401);
  });

  it('account keys from a panel session: create 201, list 200, revoke 200; with an API key 403', async () => {
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'tour-llaves@example.com', password: 'Clave-del-recorrido-1', role: 'owner' });
    const login = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour-llaves@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
    const csrf = { Cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], 'X-CSRF-Token': login.body.csrf_token };
    const created = await tour.call('POST', '/v1/api-keys', { headers: csrf, body: { name: 'Tour', scopes: ['documents:read'] } });
    expectStatus(created, 201);
    expectStatus(await tour.call('POST', '/v1/api-keys', { key, body: { name: 'Con llave' } }), 403);
    expectStatus(await tour.call('GET', '/v1/api-keys', { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/api-keys', { key }), 403);
    expectStatus(await tour.call('DELETE', `/v1/api-keys/${created.body.id}`, { key }), 403);
    expectStatus(await tour.call('DELETE', `/v1/api-keys/${created.body.id}`, { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/audit-log', { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/audit-log?action=api_key.created&created_from=2026-01-01&created_to=2036-12-31', { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/audit-log?action=nada', { headers: csrf }), 400);
    expectStatus(await tour.call('GET', '/v1/audit-log', { key }), 403);
    // The embed view's origins: read 200 and replace 200 from the session; 422 for a bad origin; 403 with a key.
    expectStatus(await tour.call('PUT', '/v1/embed-origins', { headers: csrf, body: { origins: ['https://erp.ejemplo.com'] } }), 200);
    expectStatus(await tour.call('PUT', '/v1/embed-origins', { headers: csrf, body: { origins: ['https://erp.ejemplo.com/ruta'] } }), 422);
    expectStatus(await tour.call('PUT', '/v1/embed-origins', { key, body: { origins: [] } }), 403);
    expectStatus(await tour.call('GET', '/v1/embed-origins', { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/embed-origins', { key }), 403);
    // A key limited to an address, a type: created 201 (a bad range 422) and refused 403 naming the limit.
    expectStatus(await tour.call('POST', '/v1/api-keys', { headers: csrf, body: { name: 'Mala', allowed_ips: ['10.0.0.0/99'] } }), 422);
    const limited = await tour.call('POST', '/v1/api-keys', { headers: csrf, body: { name: 'Solo una dirección', allowed_ips: ['203.0.113.1'], document_types: ['01'] } });
    expectStatus(limited, 201);
    expectStatus(await tour.call('GET', '/v1/emitters', { key: limited.body.key }), 403);
  });

  it('account users from a panel session: invite 201, list 200, role 200, remove 204, with an API key 403; password reset 202 and 410; invitation 204 and 410', async () => {
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'tour-usuarios@example.com', password: 'Clave-del-recorrido-1', role: 'owner' });
    const login = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour-usuarios@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
    const csrf = { Cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], 'X-CSRF-Token': login.body.csrf_token };
    const invited = await tour.call('POST', '/v1/users', { headers: csrf, body: { email: 'tour-invitado@example.com', role: 'member' } });
    expectStatus(invited, 201);
    expectStatus(await tour.call('POST', '/v1/users', { key, body: { email: 'tour-otro@example.com', role: 'member' } }), 403);
    expectStatus(await tour.call('GET', '/v1/users', { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/users', { key }), 403);
    expectStatus(await tour.call('PATCH', `/v1/users/${invited.body.id}`, { headers: csrf, body: { role: 'viewer' } }), 200);
    expectStatus(await tour.call('DELETE', `/v1/users/${login.body.user.id}`, { key }), 403);
    expectStatus(await tour.call('POST', `/v1/users/${invited.body.id}/invitation/resend`, { headers: csrf }), 200);
    expectStatus(await tour.call('POST', `/v1/users/${login.body.user.id}/invitation/resend`, { headers: csrf }), 409);
    expectStatus(await tour.call('DELETE', `/v1/users/${login.body.user.id}/invitation`, { headers: csrf }), 409);
    const revocable = await tour.call('POST', '/v1/users', { headers: csrf, body: { email: 'tour-revocado@example.com', role: 'viewer' } });
    expectStatus(await tour.call('DELETE', `/v1/users/${revocable.body.id}/invitation`, { headers: csrf }), 204);
    expectStatus(await tour.call('DELETE', `/v1/users/${invited.body.id}`, { headers: csrf }), 204);
    expectStatus(await tour.call('POST', '/v1/auth/password-reset', { body: { email: 'tour-usuarios@example.com' }, idempotencyKey: null }), 202);
    expectStatus(await tour.call('POST', '/v1/auth/password-reset', { body: { correo: 'tour-usuarios@example.com' }, idempotencyKey: null }), 422);
    expectStatus(await tour.call('POST', '/v1/auth/password-reset/confirm', { body: { token: 'x'.repeat(43), password: 'Clave-nueva-del-tour' }, idempotencyKey: null }), 410);
    expectStatus(await tour.call('POST', '/v1/auth/invitations/accept', { body: { token: 'y'.repeat(43), password: 'Clave-nueva-del-tour' }, idempotencyKey: null }), 410);
    const again = await tour.call('POST', '/v1/users', { headers: csrf, body: { email: 'tour-acepta@example.com', role: 'viewer' } });
    const token = await t.app.services.deps.orm.em.fork().transactional(async (tx) => issueUserToken(tx, { id: again.body.id, accountId: t.account.id }, 'invite', t.app.services.deps.clock.now()));
    expectStatus(await tour.call('POST', '/v1/auth/invitations/accept', { body: { token, password: 'Clave-nueva-del-tour' }, idempotencyKey: null }), 204);
    const reset = await t.app.services.deps.orm.em.fork().transactional(async (tx) => issueUserToken(tx, { id: again.body.id, accountId: t.account.id }, 'reset', t.app.services.deps.clock.now()));
    expectStatus(await tour.call('POST', '/v1/auth/password-reset/confirm', { body: { token: reset, password: 'Otra-clave-del-tour' }, idempotencyKey: null }), 204);
  });

  it('second factor: status 200, enrolment 200, confirm 422 and 200, login code 422 and 200, disable 422 and 200, the account policy 200 and 403', async () => {
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'tour-totp@example.com', password: 'Clave-del-recorrido-1', role: 'owner' });
    const login = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour-totp@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
    const csrf = { Cookie: (login.headers.get('set-cookie') ?? '').split(';')[0], 'X-CSRF-Token': login.body.csrf_token };
    expectStatus(await tour.call('GET', '/v1/auth/second-factor', { headers: csrf }), 200);
    const enrolment = await tour.call('POST', '/v1/auth/second-factor/enrolment', { headers: csrf, idempotencyKey: null });
    expectStatus(enrolment, 200);
    const code = (offset = 0) => totpCode(enrolment.body.secret, t.app.services.deps.clock.now().getTime(), offset);
    expectStatus(await tour.call('POST', '/v1/auth/second-factor/enrolment/confirm', { headers: csrf, body: { code: code(7) }, idempotencyKey: null }), 422);
    expectStatus(await tour.call('POST', '/v1/auth/second-factor/enrolment/confirm', { headers: csrf, body: { code: code(-1) }, idempotencyKey: null }), 200);
    expectStatus(await tour.call('POST', '/v1/auth/second-factor/enrolment', { headers: csrf, idempotencyKey: null }), 409);
    const half = await tour.call('POST', '/v1/auth/login', { body: { email: 'tour-totp@example.com', password: 'Clave-del-recorrido-1' }, idempotencyKey: null });
    const halfCsrf = { Cookie: (half.headers.get('set-cookie') ?? '').split(';')[0], 'X-CSRF-Token': half.body.csrf_token };
    expectStatus(await tour.call('POST', '/v1/auth/login/second-factor', { headers: halfCsrf, body: { code: code(9) }, idempotencyKey: null }), 422);
    expectStatus(await tour.call('POST', '/v1/auth/login/second-factor', { headers: halfCsrf, body: { code: code(0) }, idempotencyKey: null }), 200);
    expectStatus(await tour.call('POST', '/v1/auth/second-factor/disable', { headers: csrf, body: { password: 'no-es-la-clave-1', code: code(1) }, idempotencyKey: null }), 422);
    expectStatus(await tour.call('POST', '/v1/auth/second-factor/disable', { headers: csrf, body: { password: 'Clave-del-recorrido-1', code: code(1) }, idempotencyKey: null }), 200);
    expectStatus(await tour.call('PUT', '/v1/second-factor-policy', { headers: csrf, body: { required: false } }), 200);
    expectStatus(await tour.call('PUT', '/v1/second-factor-policy', { key, body: { required: true } }), 403);
    expectStatus(await tour.call('GET', '/v1/second-factor-policy', { headers: csrf }), 200);
    expectStatus(await tour.call('GET', '/v1/second-factor-policy', { key }), 403);
  });

  it('plans and usage: public plans 200; usage 200 and a bad period 400', async () => {
    const plans = await tour.call('GET', '/v1/plans');
    expectStatus(plans, 200);
    expect(plans.body.data.length).toBeGreaterThan(0);
    expectStatus(await call('GET', '/v1/usage'), 200);
    expectStatus(await call('GET', '/v1/usage?period=2026-13'), 400);
  });

  it('every route refuses a request without an API key (401), and a key without its scope (403), with documented problems', async () => {
    for (const r of ROUTES.filter((x) => !x.public)) {
      const path = samplePath(r);
      expectStatus(await tour.call(r.method, path, { key: null }), 401);
      if (r.scope && (r.method === 'GET' || r.method === 'DELETE')) {
        expectStatus(await tour.call(r.method, path, { key: keyWithout.get(r.scope)! }), 403);
      }
    }
  });

  it('every route that reads a body refuses a non-JSON one (415) and broken JSON (400); every POST needs Idempotency-Key (400)', async () => {
    for (const r of ROUTES.filter((x) => !x.public && x.method !== 'GET' && x.method !== 'DELETE')) {
      const path = samplePath(r);
      const as = admitted(r);
      expectStatus(await call(r.method, path, { ...as, raw: 'x=1', headers: { ...as.headers, 'Content-Type': 'text/plain' } }), 415);
      if (!r.multipart) expectStatus(await call(r.method, path, { ...as, raw: '{"a":', headers: { ...as.headers, 'Content-Type': 'application/json' } }), 400);
      if (r.method === 'POST' && r.idempotent !== false) expectStatus(await call(r.method, path, { ...as, body: {}, idempotencyKey: null }), 400);
    }
  });

  it('every route refuses a body over BODY_LIMIT_BYTES (413) and every GET an unknown id (404)', async () => {
    const big = JSON.stringify({ notes: 'x'.repeat(70_000) });
    for (const r of ROUTES.filter((x) => !x.public)) {
      const path = samplePath(r);
      const as = admitted(r);
      if (r.method !== 'GET' && !r.multipart) expectStatus(await call(r.method, path, { ...as, raw: big, headers: { ...as.headers, 'Content-Type': 'application/json' } }), 413);
      if (r.method === 'GET' && r.path.includes('/:') && !r.path.endsWith('/fiscal/:resource')) expectStatus(await call(r.method, path), 404);
    }
  });

  it('every route refuses NUL in a query parameter, and in a path id, with a documented 400', async () => {
    for (const r of ROUTES) {
      const path = samplePath(r);
      const opts = { ...admitted(r), ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) };
      expectStatus(await call(r.method, `${path}?q=%00`, opts), 400);
      if (path.includes(MISSING)) expectStatus(await call(r.method, path.replace(MISSING, `${MISSING}%00`), opts), 400);
    }
  });

  it('the rate limit answers 429 with Retry-After, as documented', async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const doc = (await (await fetch(`${limited.url}/v1/openapi.json`)).json()) as Record<string, unknown>;
      const small = new ApiTour(limited.url, doc, ROUTES);
      expectStatus(await small.call('GET', '/v1/emitters', { key: limited.account.testKey }), 200);
      const r = await small.call('GET', '/v1/emitters', { key: limited.account.testKey });
      expectStatus(r, 429);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(small.failures).toEqual([]);
    } finally {
      await limited.stop();
    }
  });

  it('no answer of the tour contradicts the OpenAPI document', () => {
    expect(tour.failures).toEqual([]);
  });

  it('every route of the route table was answered with a success and with a refusal', () => {
    const missing: string[] = [];
    for (const r of ROUTES) {
      const seen = tour.exchanges.filter((x) => x.route === r).map((x) => x.status);
      const { successes } = routeResponses(r);
      if (!seen.some((s) => successes.some((x) => x.status === s))) missing.push(`${r.id} (${r.method} ${r.path}): no success step — add one to test/api/openapi-tour.api.test.ts`);
      // A public GET with nothing to send (no path id, no query) has no refusal a client can cause.
      const refusable = !(r.public && r.method === 'GET' && !r.path.includes('/:') && !r.query);
      if (refusable && !seen.some((s) => s >= 400)) missing.push(`${r.id} (${r.method} ${r.path}): no refusal step — add one to test/api/openapi-tour.api.test.ts`);
    }
    expect(missing).toEqual([]);
  });
});
