import { verifySignatureHeader } from '../../src/domain/webhooks/webhook-signature';
import { ccfBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { insertOutboxEvents } from '../support/outbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { closedPortUrl, eventually, startReceiver, type Receiver } from '../support/webhook-receiver';
import { Client } from 'pg';
import { dbRows } from '../support/db-rows';

/**
 * `t` allows local receivers (WEBHOOK_ALLOW_PRIVATE_URLS=true) and retries fast within a short
 * window; `strict` runs with the operator defaults (https and public URLs only).
 */
let t: TestApp;
let strict: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  [t, strict] = await Promise.all([
    startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_RETRY_WINDOW_MS: '1500', WEBHOOK_TIMEOUT_MS: '2000' }),
    startTestApp(),
  ]);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await Promise.all([t.stop(), strict.stop()]);
});
beforeEach(() => {
  receiver.setBehavior(() => 200);
  receiver.received.length = 0;
});

const ENDPOINT_GQL = 'id url events secret disabled environment createdAt updatedAt lastDeliveryAt lastDeliveryStatus';
const nowS = () => Math.floor(Date.now() / 1000);

async function createEndpoint(app: TestApp, key: string, body: Record<string, unknown> = {}) {
  const r = await request(app.url, 'POST', '/v1/webhook-endpoints', { key, body: { url: receiver.url, events: ['*'], ...body } });
  expect([r.status, r.body?.detail]).toEqual([201, undefined]);
  return r.body as { id: string; secret: string; url: string; events: string[]; environment: string };
}

async function deliveriesOf(app: TestApp, key: string, endpointId: string, query = '') {
  const r = await request(app.url, 'GET', `/v1/webhook-endpoints/${endpointId}/deliveries${query}`, { key });
  expect(r.status).toBe(200);
  return r.body as { object: 'list'; data: Record<string, any>[]; has_more: boolean };
}

describe('webhook endpoints over REST', () => {
  it('creates, reads, lists, updates and deletes; the secret is shown once and stored sealed', async () => {
    const key = t.account.testKey;
    const created = await request(t.url, 'POST', '/v1/webhook-endpoints', { key, body: { url: receiver.url, events: ['document.processed', 'document.rejected', 'document.processed'] } });
    expect(created.status).toBe(201);
    const e = created.body;
    expect(e).toEqual({
      id: expect.stringMatching(/^we_[0-9a-z]{26}$/),
      object: 'webhook_endpoint',
      url: receiver.url,
      events: ['document.processed', 'document.rejected'],
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{32,}$/),
      disabled: false,
      environment: '00',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_delivery_at: null,
      last_delivery_status: null,
    });

    const [row] = await dbRows<{ secret_sealed: string }>(t.db.url, 'select secret_sealed from webhook_endpoints where id = $1', [e.id]);
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(e.secret.slice(6));

    const { secret, ...withoutSecret } = e;
    expect(secret).toBeDefined();
    const got = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(withoutSecret);
    expect(got.text).not.toContain(e.secret);

    const list = await request(t.url, 'GET', '/v1/webhook-endpoints', { key });
    expect(list.status).toBe(200);
    expect(list.body.object).toBe('list');
    expect(list.body.data.find((x: { id: string }) => x.id === e.id)).toEqual(withoutSecret);
    expect(list.text).not.toContain('whsec_');

    const patched = await request(t.url, 'PATCH', `/v1/webhook-endpoints/${e.id}`, { key, body: { events: ['*'], disabled: true } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: e.id, events: ['*'], disabled: true, url: receiver.url });
    expect(patched.body.secret).toBeUndefined();

    const deleted = await request(t.url, 'DELETE', `/v1/webhook-endpoints/${e.id}`, { key });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect((await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key })).status).toBe(404);
    expect((await request(t.url, 'DELETE', `/v1/webhook-endpoints/${e.id}`, { key })).status).toBe(404);
    expect(await dbRows(t.db.url, 'select id from webhook_endpoints where id = $1', [e.id])).toEqual([]);
  });

  it('lists with cursor pagination, newest first', async () => {
    const acct = await t.newAccount('Paginación');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createEndpoint(t, acct.testKey)).id);
    const first = await request(t.url, 'GET', '/v1/webhook-endpoints?limit=2', { key: acct.testKey });
    expect(first.body.data.map((x: { id: string }) => x.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.has_more).toBe(true);
    const second = await request(t.url, 'GET', `/v1/webhook-endpoints?limit=2&starting_after=${ids[1]}`, { key: acct.testKey });
    expect(second.body.data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
    expect(second.body.has_more).toBe(false);
  });

  it('binds an endpoint to its account and environment: another account or environment gets 404 and changes nothing', async () => {
    const e = await createEndpoint(t, t.account.testKey, { events: ['document.processed'] });
    const other = await t.newAccount('Otra cuenta');
    for (const key of [t.account.liveKey, other.testKey, other.liveKey]) {
      expect((await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key })).status).toBe(404);
      const patch = await request(t.url, 'PATCH', `/v1/webhook-endpoints/${e.id}`, { key, body: { disabled: true } });
      expect([patch.status, patch.body.type]).toEqual([404, `${t.app.baseUrl}/problems/resource_not_found`]);
      expect((await request(t.url, 'DELETE', `/v1/webhook-endpoints/${e.id}`, { key })).status).toBe(404);
      expect((await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key })).status).toBe(404);
      expect((await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/roll-secret`, { key })).status).toBe(404);
      expect((await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}/deliveries`, { key })).status).toBe(404);
      const list = await request(t.url, 'GET', '/v1/webhook-endpoints', { key });
      expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(e.id);
    }
    expect(receiver.received).toEqual([]);
    const after = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key: t.account.testKey });
    expect(after.body).toMatchObject({ disabled: false, events: ['document.processed'], last_delivery_at: null });
  });

  it('needs the webhooks:write scope to change endpoints (webhooks:read lists them)', async () => {
    const reader = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['webhooks:read'] });
    const none = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['emitters:read'] });
    expect((await request(t.url, 'GET', '/v1/webhook-endpoints', { key: reader.key })).status).toBe(200);
    expect((await request(t.url, 'GET', '/v1/webhook-endpoints', { key: none.key })).status).toBe(403);
    const denied = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: reader.key, body: { url: receiver.url, events: ['*'] } });
    expect([denied.status, denied.body.type]).toEqual([403, `${t.app.baseUrl}/problems/insufficient_scope`]);
  });
});

describe('URL and event validation', () => {
  it.each([
    ['http (not https)', 'http://93.184.216.34/hook', /https/],
    ['loopback IPv4', 'https://127.0.0.1/hook', /loopback/],
    ['localhost', 'https://localhost:8443/hook', /loopback/],
    ['private RFC 1918', 'https://10.20.30.40/hook', /privada/],
    ['private 192.168', 'https://192.168.1.10/hook', /privada/],
    ['CGNAT', 'https://100.64.0.7/hook', /privada/],
    ['cloud metadata address', 'https://169.254.169.254/latest/meta-data/', /metadatos/],
    ['link-local', 'https://169.254.10.10/hook', /link-local/],
    ['metadata host name', 'https://metadata.google.internal/computeMetadata/v1/', /metadatos/],
    ['IPv6 loopback', 'https://[::1]/hook', /loopback/],
    ['IPv6 link-local', 'https://[fe80::1]/hook', /link-local/],
    ['IPv6 unique local', 'https://[fd12:3456::1]/hook', /fc00::\/7/],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/hook', /loopback/],
    ['IPv4-mapped IPv6 metadata', 'https://[::ffff:a9fe:a9fe]/hook', /metadatos/],
    ['unspecified', 'https://0.0.0.0/hook', /no especificada/],
    ['multicast', 'https://224.0.0.1/hook', /multicast/],
    ['user information', 'https://user:pass@93.184.216.34/hook', /usuario/],
  ])('refuses %s with 422 in Spanish and creates nothing', async (_label, url, message) => {
    const r = await request(strict.url, 'POST', '/v1/webhook-endpoints', { key: strict.account.testKey, body: { url, events: ['*'] } });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body.type).toBe(`${strict.app.baseUrl}/problems/validation_failed`);
    expect(r.body.errors).toEqual([{ path: 'url', code: 'webhook_url_not_allowed', message: expect.stringMatching(message) }]);
    expect(r.body.detail).toMatch(/^La URL del webhook/);
    expect((await request(strict.url, 'GET', '/v1/webhook-endpoints', { key: strict.account.testKey })).body.data).toEqual([]);
  });

  it('accepts a public https address with the default settings', async () => {
    const r = await request(strict.url, 'POST', '/v1/webhook-endpoints', { key: strict.account.testKey, body: { url: 'https://93.184.216.34/hooks/dte', events: ['fiscal.report.ready'] } });
    expect(r.status).toBe(201);
    expect((await request(strict.url, 'DELETE', `/v1/webhook-endpoints/${r.body.id}`, { key: strict.account.testKey })).status).toBe(204);
  });

  it('refuses a private URL on update too, leaving the endpoint unchanged', async () => {
    const r = await request(strict.url, 'POST', '/v1/webhook-endpoints', { key: strict.account.testKey, body: { url: 'https://93.184.216.34/a', events: ['*'] } });
    const patch = await request(strict.url, 'PATCH', `/v1/webhook-endpoints/${r.body.id}`, { key: strict.account.testKey, body: { url: 'https://192.168.0.1/b' } });
    expect([patch.status, patch.body.errors[0].code]).toEqual([422, 'webhook_url_not_allowed']);
    expect((await request(strict.url, 'GET', `/v1/webhook-endpoints/${r.body.id}`, { key: strict.account.testKey })).body.url).toBe('https://93.184.216.34/a');
    await request(strict.url, 'DELETE', `/v1/webhook-endpoints/${r.body.id}`, { key: strict.account.testKey });
  });

  it('refuses unknown event names, an empty list, a malformed URL and unknown fields, listing every problem', async () => {
    const r = await request(strict.url, 'POST', '/v1/webhook-endpoints', {
      key: strict.account.testKey,
      body: { url: 'no es una url', events: ['document.processed', 'document.created', 'invoice.paid'], secret: 'x' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'events[1]', code: 'unknown_event_type', message: expect.stringMatching(/^Evento desconocido "document.created"/) },
        { path: 'events[2]', code: 'unknown_event_type', message: expect.stringMatching(/invoice.paid/) },
        { path: 'secret', code: 'unknown_field', message: expect.any(String) },
      ]),
    );
    const empty = await request(strict.url, 'POST', '/v1/webhook-endpoints', { key: strict.account.testKey, body: { url: 'https://93.184.216.34/', events: [] } });
    expect([empty.status, empty.body.errors[0].path]).toEqual([422, 'events']);
    const badUrl = await request(strict.url, 'POST', '/v1/webhook-endpoints', { key: strict.account.testKey, body: { url: 'no es una url', events: ['*'] } });
    expect(badUrl.body.errors).toEqual([{ path: 'url', code: 'invalid_format', message: expect.stringMatching(/no es válida/) }]);
    expect((await request(strict.url, 'GET', '/v1/webhook-endpoints', { key: strict.account.testKey })).body.data).toEqual([]);
  });

  it('GraphQL returns the same refusals as data', async () => {
    const g = await graphql(strict.url, strict.account.testKey, `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { id } errors { field code message } } }`, {
      input: { url: 'https://127.0.0.1/x', events: ['nope'] },
    });
    expect(g.body.data.createWebhookEndpoint.webhookEndpoint).toBeNull();
    expect(g.body.data.createWebhookEndpoint.errors.map((e: { field: string; code: string }) => [e.field, e.code])).toEqual([['events[0]', 'UNKNOWN_EVENT_TYPE']]);
    const g2 = await graphql(strict.url, strict.account.testKey, `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { id } errors { field code message } } }`, {
      input: { url: 'https://127.0.0.1/x', events: ['*'] },
    });
    expect(g2.body.data.createWebhookEndpoint.errors).toEqual([{ field: 'url', code: 'WEBHOOK_URL_NOT_ALLOWED', message: expect.stringMatching(/loopback/) }]);
  });
});

describe('GraphQL webhook endpoints', () => {
  it('creates (secret once), reads, updates, rolls and deletes', async () => {
    const key = t.account.testKey;
    const c = await graphql(t.url, key, `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { ${ENDPOINT_GQL} } errors { field code message } } }`, {
      input: { url: receiver.url, events: ['document.voided'] },
    });
    expect(c.body.data.createWebhookEndpoint.errors).toEqual([]);
    const e = c.body.data.createWebhookEndpoint.webhookEndpoint;
    expect(e).toMatchObject({ url: receiver.url, events: ['document.voided'], disabled: false, environment: '00', lastDeliveryAt: null, lastDeliveryStatus: null });
    expect(e.secret).toMatch(/^whsec_/);

    const q = await graphql(t.url, key, `query($id: ID!) { webhookEndpoint(id: $id) { ${ENDPOINT_GQL} } webhookEndpoints(first: 100) { nodes { id secret } } }`, { id: e.id });
    expect(q.body.data.webhookEndpoint).toEqual({ ...e, secret: null });
    expect(q.body.data.webhookEndpoints.nodes).toContainEqual({ id: e.id, secret: null });
    const rest = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key });
    expect(rest.body).toMatchObject({ id: e.id, url: e.url, events: e.events, created_at: e.createdAt });

    const u = await graphql(t.url, key, `mutation($id: ID!, $input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(id: $id, input: $input) { webhookEndpoint { events disabled secret } errors { code } } }`, {
      id: e.id,
      input: { events: ['document.voided', 'fiscal.period.closed'], disabled: true },
    });
    expect(u.body.data.updateWebhookEndpoint).toEqual({ webhookEndpoint: { events: ['document.voided', 'fiscal.period.closed'], disabled: true, secret: null }, errors: [] });

    const r = await graphql(t.url, key, `mutation($id: ID!) { rollWebhookEndpointSecret(id: $id, overlapS: 60) { webhookEndpoint { secret } errors { code } } }`, { id: e.id });
    expect(r.body.data.rollWebhookEndpointSecret.webhookEndpoint.secret).toMatch(/^whsec_/);
    expect(r.body.data.rollWebhookEndpointSecret.webhookEndpoint.secret).not.toBe(e.secret);

    const d = await graphql(t.url, key, `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { webhookEndpoint { id } errors { code } } }`, { id: e.id });
    expect(d.body.data.deleteWebhookEndpoint).toEqual({ webhookEndpoint: { id: e.id }, errors: [] });
    const again = await graphql(t.url, key, `mutation($id: ID!) { deleteWebhookEndpoint(id: $id) { webhookEndpoint { id } errors { code } } }`, { id: e.id });
    expect(again.body.data.deleteWebhookEndpoint).toEqual({ webhookEndpoint: null, errors: [{ code: 'RESOURCE_NOT_FOUND' }] });
  });
});

describe('test event', () => {
  it('sends a signed fictitious document.processed of environment 00 in one attempt and answers the receiver status', async () => {
    const e = await createEndpoint(t, t.account.testKey, { events: ['fiscal.report.ready'] });
    const r = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ event_id: expect.stringMatching(/^evt_/), status: 200 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hooks/dte');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('service-webhooks/1.0');
    expect(got.headers['service-event-id']).toBe(r.body.event_id);
    expect(got.headers['service-delivery-attempt']).toBe('1');
    const sig = String(got.headers['service-signature']);
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignatureHeader(sig, got.body, e.secret, nowS())).toEqual({ ok: true });
    expect(verifySignatureHeader(sig, `${got.body} `, e.secret, nowS())).toEqual({ ok: false, reason: 'no_matching_signature' });
    const body = JSON.parse(got.body);
    expect(body).toEqual({ id: r.body.event_id, object: 'event', type: 'document.processed', environment: '00', created_at: expect.any(String), data: expect.any(Object) });
    expect(Object.keys(body.data).sort()).toEqual(
      ['id', 'object', 'type', 'status', 'environment', 'emitter_id', 'external_id', 'generation_code', 'control_number', 'reception_stamp', 'processed_at', 'total', 'mh_response', 'notes'].sort(),
    );
    expect(body.data).toMatchObject({ object: 'document', status: 'processed', environment: '00', total: '113.00', mh_response: { code: expect.any(String), message: expect.any(String), observations: [] } });
    expect(body.data.generation_code).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(body.data.reception_stamp).toHaveLength(40);

    const after = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key: t.account.testKey });
    expect(after.body.last_delivery_status).toBe(200);
    expect(Date.parse(after.body.last_delivery_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await deliveriesOf(t, t.account.testKey, e.id);
    expect(list.data).toEqual([expect.objectContaining({ event_id: r.body.event_id, test: true, status: 'delivered', attempt_count: 1, last_status: 200, environment: '00' })]);
  });

  it('answers the receiver status when it fails, and 0 when the receiver is down; a failed test is not retried', async () => {
    receiver.setBehavior(() => 503);
    const e = await createEndpoint(t, t.account.testKey);
    const r = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key: t.account.testKey });
    expect(r.body.status).toBe(503);

    const down = await createEndpoint(t, t.account.testKey, { url: await closedPortUrl() });
    const d = await request(t.url, 'POST', `/v1/webhook-endpoints/${down.id}/test`, { key: t.account.testKey });
    expect([d.status, d.body.status]).toEqual([200, 0]);
    await new Promise((resolve) => setTimeout(resolve, 800)); // several retry periods at WEBHOOK_RETRY_BASE_MS=50
    expect(receiver.received).toHaveLength(1);
    for (const id of [e.id, down.id]) {
      const list = await deliveriesOf(t, t.account.testKey, id);
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({ status: 'failed', attempt_count: 1, test: true, next_attempt_at: null });
      const detail = await request(t.url, 'GET', `/v1/webhook-endpoints/${id}/deliveries/${list.data[0].id}`, { key: t.account.testKey });
      expect(detail.body.attempts).toHaveLength(1);
    }
    const downNow = await request(t.url, 'GET', `/v1/webhook-endpoints/${down.id}`, { key: t.account.testKey });
    expect(downNow.body.last_delivery_status).toBe(0);
    const detail = await request(t.url, 'GET', `/v1/webhook-endpoints/${down.id}/deliveries/${(await deliveriesOf(t, t.account.testKey, down.id)).data[0].id}`, { key: t.account.testKey });
    expect(detail.body.attempts[0]).toMatchObject({ number: 1, status: 0, error: expect.stringMatching(/ECONNREFUSED/), response_excerpt: null });
  });

  it('a live key endpoint still gets a test event of environment 00; GraphQL testWebhookEndpoint does the same', async () => {
    const e = await createEndpoint(t, t.account.liveKey);
    expect(e.environment).toBe('01');
    const g = await graphql(t.url, t.account.liveKey, `mutation($id: ID!) { testWebhookEndpoint(id: $id) { webhookTest { eventId status } errors { code } } }`, { id: e.id });
    expect(g.body.data.testWebhookEndpoint).toEqual({ webhookTest: { eventId: expect.stringMatching(/^evt_/), status: 200 }, errors: [] });
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ environment: '00', data: { environment: '00' } });
  });
});

describe('roll secret', () => {
  it('signs with the new secret; during the overlap a second v1= is made with the old one', async () => {
    const e = await createEndpoint(t, t.account.testKey);
    const rolled = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/roll-secret`, { key: t.account.testKey, body: { overlap_s: 3600 } });
    expect(rolled.status).toBe(200);
    expect(rolled.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32,}$/);
    expect(rolled.body.secret).not.toBe(e.secret);
    await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key: t.account.testKey });
    const sig = String(receiver.received[0].headers['service-signature']);
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const body = receiver.received[0].body;
    expect(verifySignatureHeader(sig, body, rolled.body.secret, nowS())).toEqual({ ok: true });
    expect(verifySignatureHeader(sig, body, e.secret, nowS())).toEqual({ ok: true });
    const [, first] = /v1=([0-9a-f]{64})/.exec(sig)!;
    expect(verifySignatureHeader(`t=${/t=(\d+)/.exec(sig)![1]},v1=${first}`, body, rolled.body.secret, nowS())).toEqual({ ok: true });

    const again = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/roll-secret`, { key: t.account.testKey });
    expect(again.status).toBe(200);
    await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key: t.account.testKey });
    const sig2 = String(receiver.received[1].headers['service-signature']);
    expect(sig2).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignatureHeader(sig2, receiver.received[1].body, again.body.secret, nowS())).toEqual({ ok: true });
    expect(verifySignatureHeader(sig2, receiver.received[1].body, rolled.body.secret, nowS())).toEqual({ ok: false, reason: 'no_matching_signature' });
    expect((await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key: t.account.testKey })).body.secret).toBeUndefined();
  });

  it('refuses an overlap beyond 24 hours and keeps the secret', async () => {
    const e = await createEndpoint(t, t.account.testKey);
    const r = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/roll-secret`, { key: t.account.testKey, body: { overlap_s: 86_401 } });
    expect([r.status, r.body.errors[0].path]).toEqual([422, 'overlap_s']);
    await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key: t.account.testKey });
    expect(verifySignatureHeader(String(receiver.received[0].headers['service-signature']), receiver.received[0].body, e.secret, nowS())).toEqual({ ok: true });
  });
});

describe('outbox deliveries', () => {
  it('delivers only events of the endpoint account and environment, to subscribed and enabled endpoints', async () => {
    const acct = await t.newAccount('Entornos');
    const other = await t.newAccount('Ajena');
    const testAll = await createEndpoint(t, acct.testKey, { events: ['*'] });
    const testRejected = await createEndpoint(t, acct.testKey, { events: ['document.rejected'] });
    const live = await createEndpoint(t, acct.liveKey, { events: ['document.processed'] });
    const disabled = await createEndpoint(t, acct.testKey, { events: ['*'] });
    await request(t.url, 'PATCH', `/v1/webhook-endpoints/${disabled.id}`, { key: acct.testKey, body: { disabled: true } });

    const [e00, e01, eOther, eRejected] = await insertOutboxEvents(t.app, [
      { accountId: acct.id, environment: '00', type: 'document.processed', data: { id: 'doc_a', status: 'processed' } },
      { accountId: acct.id, environment: '01', type: 'document.processed', data: { id: 'doc_b', status: 'processed' } },
      { accountId: other.id, environment: '00', type: 'document.processed' },
      { accountId: acct.id, environment: '00', type: 'document.rejected', data: { id: 'doc_c', status: 'rejected' } },
    ]);
    await receiver.waitFor((r) => r.length >= 4, 10_000, 'cuatro entregas');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const byEndpoint = new Map<string, string[]>();
    for (const [endpointId, key] of [[testAll.id, acct.testKey], [testRejected.id, acct.testKey], [live.id, acct.liveKey], [disabled.id, acct.testKey]] as const) {
      byEndpoint.set(endpointId, (await deliveriesOf(t, key, endpointId)).data.map((d) => d.event_id).sort());
    }
    expect(byEndpoint.get(testAll.id)).toEqual([e00, eRejected].sort());
    expect(byEndpoint.get(testRejected.id)).toEqual([eRejected]);
    expect(byEndpoint.get(live.id)).toEqual([e01]);
    expect(byEndpoint.get(disabled.id)).toEqual([]);
    const ids = receiver.received.map((r) => r.headers['service-event-id']);
    expect(ids).not.toContain(eOther);
    expect(ids.sort()).toEqual([e00, e01, eRejected, eRejected].sort());

    // Environment binding, checked on the bytes: the live endpoint got only the 01 event, signed with its own secret.
    const liveGot = receiver.received.filter((r) => r.headers['service-event-id'] === e01);
    expect(liveGot).toHaveLength(1);
    expect(JSON.parse(liveGot[0].body)).toMatchObject({ id: e01, object: 'event', type: 'document.processed', environment: '01', data: { id: 'doc_b' } });
    expect(verifySignatureHeader(String(liveGot[0].headers['service-signature']), liveGot[0].body, live.secret, nowS())).toEqual({ ok: true });
    for (const r of receiver.received.filter((x) => x.headers['service-event-id'] !== e01)) expect(JSON.parse(r.body).environment).toBe('00');

    const dispatched = await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from outbox_events where id = any($1) and dispatched_at is null', [[e00, e01, eOther, eRejected]]);
    expect(dispatched[0].n).toBe('0');
    const ep = await request(t.url, 'GET', `/v1/webhook-endpoints/${testAll.id}`, { key: acct.testKey });
    expect(ep.body.last_delivery_status).toBe(200);
  });

  it('events of a scope without an enabled endpoint are marked dispatched with no delivery; those of a scope with one are delivered, in the same pass', async () => {
    const acct = await t.newAccount('Sin endpoints en pruebas');
    const other = await t.newAccount('Sin endpoints');
    const live = await createEndpoint(t, acct.liveKey, { events: ['*'] });
    const disabled = await createEndpoint(t, acct.testKey, { events: ['*'] });
    await request(t.url, 'PATCH', `/v1/webhook-endpoints/${disabled.id}`, { key: acct.testKey, body: { disabled: true } });
    const ids = await insertOutboxEvents(
      t.app,
      [
        { accountId: other.id, environment: '00' },
        { accountId: acct.id, environment: '00' },
        { accountId: acct.id, environment: '01', data: { id: 'doc_live', status: 'processed' } },
        { accountId: other.id, environment: '01' },
      ],
      { kick: false },
    );
    await t.app.services.dispatchOutboxEvents.execute();
    expect(await dbRows(t.db.url, 'select id from outbox_events where id = any($1) and dispatched_at is null', [ids])).toEqual([]);
    const deliveries = await dbRows<{ event_id: string; endpoint_id: string }>(t.db.url, 'select event_id, endpoint_id from webhook_deliveries where event_id = any($1)', [ids]);
    expect(deliveries).toEqual([{ event_id: ids[2], endpoint_id: live.id }]);
    await receiver.waitFor((r) => r.some((x) => x.headers['service-event-id'] === ids[2]), 10_000, 'la entrega del evento de producción');
  });

  it('a status change in an account and environment without an enabled endpoint writes its event already dispatched and kicks no dispatcher pass', async () => {
    const quiet = await t.newAccount('Sin webhooks');
    const live = await createEndpoint(t, quiet.liveKey, { events: ['*'] });
    const issuer = await createIssuer(t.url, quiet.testKey);
    const deps = t.app.services.deps;
    const kick = deps.outbox.kick;
    let kicks = 0;
    deps.outbox.kick = () => {
      kicks++;
      kick();
    };
    try {
      const doc = await request(t.url, 'POST', '/v1/documents', { key: quiet.testKey, body: ccfBody(issuer) });
      expect(doc.status).toBe(201);
      expect(kicks).toBe(0);
      const rows = await dbRows<{ pending: boolean }>(t.db.url, 'select dispatched_at is null as pending from outbox_events where subject_id = $1', [doc.body.id]);
      expect(rows).toEqual([{ pending: false }]);
      expect(await dbRows(t.db.url, 'select id from webhook_deliveries where endpoint_id = $1', [live.id])).toEqual([]);
    } finally {
      deps.outbox.kick = kick;
    }
  });

  it('a document issued through the API reaches the endpoint as document.processed with its summary', async () => {
    const acct = await t.newAccount('Emisión');
    const e = await createEndpoint(t, acct.testKey, { events: ['document.processed'] });
    const issuer = await createIssuer(t.url, acct.testKey);
    const doc = await request(t.url, 'POST', '/v1/documents', { key: acct.testKey, body: ccfBody(issuer, { external_id: 'ERP-WH-1' }) });
    expect(doc.status).toBe(201);
    await receiver.waitFor((r) => r.some((x) => JSON.parse(x.body).data?.id === doc.body.id), 10_000, 'document.processed del documento');
    const got = receiver.received.find((x) => JSON.parse(x.body).data?.id === doc.body.id)!;
    expect(verifySignatureHeader(String(got.headers['service-signature']), got.body, e.secret, nowS())).toEqual({ ok: true });
    const event = JSON.parse(got.body);
    expect(event).toMatchObject({ object: 'event', type: 'document.processed', environment: '00' });
    expect(got.headers['service-event-id']).toBe(event.id);
    expect(event.data).toEqual({
      id: doc.body.id,
      object: 'document',
      type: '03',
      status: 'processed',
      environment: '00',
      emitter_id: issuer.emitterId,
      external_id: 'ERP-WH-1',
      generation_code: doc.body.generation_code,
      control_number: doc.body.control_number,
      reception_stamp: doc.body.reception_stamp,
      processed_at: expect.any(String),
      total: doc.body.totals.total,
      mh_response: expect.objectContaining({ code: expect.any(String) }),
      notes: doc.body.notes,
    });
    // The delivery log says which document each delivery is about.
    const subject = { object: 'document', id: doc.body.id, document_id: doc.body.id, label: doc.body.control_number };
    const listed = (await deliveriesOf(t, acct.testKey, e.id)).data.find((d) => d.event_id === event.id)!;
    expect(listed.subject).toEqual(subject);
    const detail = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}/deliveries/${listed.id}`, { key: acct.testKey });
    expect(detail.body.subject).toEqual(subject);
    const g = await graphql(t.url, acct.testKey, 'query($e: ID!) { webhookDeliveries(endpointId: $e) { nodes { eventId subject { object id documentId label } } } }', { e: e.id });
    expect(g.body.data.webhookDeliveries.nodes.find((n: { eventId: string }) => n.eventId === event.id).subject).toEqual({ object: 'document', id: doc.body.id, documentId: doc.body.id, label: doc.body.control_number });
  });

  it('retries with the same event id and body until the window ends, lists the failed delivery with its attempts, and replays it', async () => {
    const acct = await t.newAccount('Reintentos');
    receiver.setBehavior(() => 503);
    const e = await createEndpoint(t, acct.testKey, { events: ['document.contingency'] });
    const [eventId] = await insertOutboxEvents(t.app, [{ accountId: acct.id, environment: '00', type: 'document.contingency', data: { id: 'doc_x', status: 'contingency' } }]);
    const failed = await eventually(async () => {
      const d = (await deliveriesOf(t, acct.testKey, e.id)).data[0];
      return d?.status === 'failed' ? d : undefined;
    }, 15_000, 'entrega fallida');
    expect(failed).toMatchObject({ object: 'webhook_delivery', endpoint_id: e.id, event_id: eventId, event_type: 'document.contingency', environment: '00', test: false, last_status: 503, next_attempt_at: null });
    expect(failed.attempt_count).toBeGreaterThanOrEqual(2);
    expect(failed.failed_at).not.toBeNull();

    const detail = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}/deliveries/${failed.id}`, { key: acct.testKey });
    expect(detail.status).toBe(200);
    expect(detail.body.attempts.map((a: { number: number }) => a.number)).toEqual(Array.from({ length: failed.attempt_count }, (_, i) => i + 1));
    for (const a of detail.body.attempts) {
      expect(a).toMatchObject({ status: 503, error: expect.stringMatching(/503/), response_excerpt: 'fallo simulado 503' });
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
    }
    const sent = receiver.received.filter((r) => r.headers['service-event-id'] === eventId);
    expect(sent).toHaveLength(failed.attempt_count);
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
    expect(sent.map((r) => r.headers['service-delivery-attempt'])).toEqual(sent.map((_, i) => String(i + 1)));
    for (const r of sent) expect(verifySignatureHeader(String(r.headers['service-signature']), r.body, e.secret, nowS())).toEqual({ ok: true });
    expect((await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}`, { key: acct.testKey })).body.last_delivery_status).toBe(503);

    receiver.setBehavior(() => 204);
    const replay = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/deliveries/${failed.id}/replay`, { key: acct.testKey });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ id: failed.id, status: 'pending', failed_at: null });
    const delivered = await eventually(async () => {
      const d = (await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}/deliveries/${failed.id}`, { key: acct.testKey })).body;
      return d.status === 'delivered' ? d : undefined;
    }, 10_000, 'reenvío entregado');
    expect(delivered.attempt_count).toBe(failed.attempt_count + 1);
    expect(delivered.attempts.at(-1)).toMatchObject({ number: failed.attempt_count + 1, status: 204, error: null });
    const last = receiver.received.at(-1)!;
    expect([last.headers['service-event-id'], last.headers['service-delivery-attempt'], last.body]).toEqual([eventId, String(failed.attempt_count + 1), sent[0].body]);

    const g = await graphql(t.url, acct.testKey, `query($e: ID!, $id: ID!) { webhookDelivery(endpointId: $e, id: $id) { status attemptCount attempts { number statusCode } } webhookDeliveries(endpointId: $e) { nodes { id status } } }`, { e: e.id, id: failed.id });
    expect(g.body.data.webhookDelivery).toMatchObject({ status: 'DELIVERED', attemptCount: failed.attempt_count + 1 });
    expect(g.body.data.webhookDelivery.attempts.at(-1)).toEqual({ number: failed.attempt_count + 1, statusCode: 204 });
    expect(g.body.data.webhookDeliveries.nodes).toEqual([{ id: failed.id, status: 'DELIVERED' }]);
  });

  it('refuses to replay a pending delivery or a test event (409), and a delivery of another endpoint (404)', async () => {
    const acct = await t.newAccount('Reenvíos');
    receiver.setBehavior(() => 'hang');
    const e = await createEndpoint(t, acct.testKey);
    const [eventId] = await insertOutboxEvents(t.app, [{ accountId: acct.id, environment: '00' }]);
    const pending = await eventually(async () => (await deliveriesOf(t, acct.testKey, e.id)).data.find((d) => d.event_id === eventId), 10_000, 'entrega creada');
    const r = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/deliveries/${pending.id}/replay`, { key: acct.testKey });
    expect([r.status, r.body.type]).toEqual([409, `${t.app.baseUrl}/problems/webhook_delivery_not_replayable`]);
    receiver.setBehavior(() => 200);

    const test = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/test`, { key: acct.testKey });
    const testDelivery = (await deliveriesOf(t, acct.testKey, e.id)).data.find((d) => d.event_id === test.body.event_id)!;
    const rt = await request(t.url, 'POST', `/v1/webhook-endpoints/${e.id}/deliveries/${testDelivery.id}/replay`, { key: acct.testKey });
    expect(rt.status).toBe(409);

    const otherEndpoint = await createEndpoint(t, acct.testKey);
    expect((await request(t.url, 'POST', `/v1/webhook-endpoints/${otherEndpoint.id}/deliveries/${pending.id}/replay`, { key: acct.testKey })).status).toBe(404);
    expect((await request(t.url, 'GET', `/v1/webhook-endpoints/${otherEndpoint.id}/deliveries/${pending.id}`, { key: acct.testKey })).status).toBe(404);
  });

  it('pages deliveries with limit and starting_after, newest first', async () => {
    const acct = await t.newAccount('Páginas de entregas');
    const e = await createEndpoint(t, acct.testKey);
    await insertOutboxEvents(t.app, [0, 1, 2].map(() => ({ accountId: acct.id, environment: '00' as const })));
    await eventually(async () => (await deliveriesOf(t, acct.testKey, e.id)).data.filter((d) => d.status === 'delivered').length === 3, 10_000, 'tres entregas');
    const all = (await deliveriesOf(t, acct.testKey, e.id)).data;
    const ids = all.map((d) => d.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const page1 = await deliveriesOf(t, acct.testKey, e.id, '?limit=2');
    expect([page1.data.map((d) => d.id), page1.has_more]).toEqual([ids.slice(0, 2), true]);
    const page2 = await deliveriesOf(t, acct.testKey, e.id, `?limit=2&starting_after=${ids[1]}`);
    expect([page2.data.map((d) => d.id), page2.has_more]).toEqual([ids.slice(2), false]);
    const bad = await request(t.url, 'GET', `/v1/webhook-endpoints/${e.id}/deliveries?limit=0`, { key: acct.testKey });
    expect(bad.status).toBe(400);
  });

  it('deletes an endpoint while a worker is recording an attempt, without a deadlock (delivery row first, then the endpoint)', async () => {
    const acct = await t.newAccount('Borrado concurrente');
    const e = await createEndpoint(t, acct.testKey);
    const [eventId] = await insertOutboxEvents(t.app, [{ accountId: acct.id, environment: '00' }]);
    await eventually(async () => (await deliveriesOf(t, acct.testKey, e.id)).data.some((d) => d.status === 'delivered'), 10_000, 'entregado');
    // A worker recording an attempt: it holds the delivery row and then updates the endpoint.
    const worker = new Client({ connectionString: t.db.url });
    await worker.connect();
    try {
      await worker.query('begin');
      await worker.query('update webhook_deliveries set updated_at = now() where event_id = $1', [eventId]);
      const deleting = request(t.url, 'DELETE', `/v1/webhook-endpoints/${e.id}`, { key: acct.testKey });
      await eventually(
        async () => (await dbRows(t.db.url, "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'")).length > 0,
        10_000,
        'el borrado espera la fila de la entrega',
      );
      await worker.query('update webhook_endpoints set last_delivery_at = now() where id = $1', [e.id]);
      await worker.query('commit');
      expect((await deleting).status).toBe(204);
    } finally {
      await worker.end();
    }
    expect(await dbRows(t.db.url, 'select id from webhook_endpoints where id = $1 union all select id from webhook_deliveries where event_id = $2', [e.id, eventId])).toEqual([]);
  });

  it('stops retrying the deliveries of a deleted endpoint', async () => {
    const acct = await t.newAccount('Borrado');
    receiver.setBehavior(() => 500);
    const e = await createEndpoint(t, acct.testKey);
    const [eventId] = await insertOutboxEvents(t.app, [{ accountId: acct.id, environment: '00' }]);
    await receiver.waitFor((r) => r.some((x) => x.headers['service-event-id'] === eventId), 10_000, 'primer intento');
    expect((await request(t.url, 'DELETE', `/v1/webhook-endpoints/${e.id}`, { key: acct.testKey })).status).toBe(204);
    const count = receiver.received.filter((x) => x.headers['service-event-id'] === eventId).length;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.received.filter((x) => x.headers['service-event-id'] === eventId).length).toBeLessThanOrEqual(count + 1);
    expect(await dbRows(t.db.url, 'select id from webhook_deliveries where event_id = $1', [eventId])).toEqual([]);
  });
});
