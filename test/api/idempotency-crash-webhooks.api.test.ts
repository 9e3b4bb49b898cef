import { verifySignatureHeader } from '../../src/domain/webhooks/webhook-signature';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { crashIdempotentRequest, idempotencyRecord } from '../support/idempotency-crash';
import { insertOutboxEvents } from '../support/outbox';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually, startReceiver, type Receiver } from '../support/webhook-receiver';

/**
 * Webhook endpoints across a crash of the process that ran the POST: the retry with the same
 * Idempotency-Key answers what the first run did, never a second endpoint, test event or delivery
 * cycle. A secret the lost answer carried (create, roll) was never delivered: the retry mints it
 * again and the undelivered one stops signing.
 */
let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
});
beforeEach(() => {
  receiver.setBehavior(() => 200);
  receiver.received.length = 0;
});

const key = () => t.account.testKey;
const post = (path: string, body: unknown, idempotencyKey: string) => request(t.url, 'POST', path, { key: key(), body, idempotencyKey });
const count = async (table: string) => (await dbRows<{ n: number }>(t.db.url, `select count(*)::int as n from ${table}`))[0].n;
const crash = (k: string) => crashIdempotentRequest(t.db.url, k);
const nowS = () => Math.floor(Date.now() / 1000);

/** Sends a test event to the endpoint and answers the `Service-Signature` it carried. */
async function signatureOfATest(endpointId: string): Promise<{ header: string; body: string }> {
  const from = receiver.received.length;
  expect((await request(t.url, 'POST', `/v1/webhook-endpoints/${endpointId}/test`, { key: key() })).body.status).toBe(200);
  const r = receiver.received[from];
  return { header: String(r.headers['service-signature']), body: r.body };
}

const signsWith = (s: { header: string; body: string }, secret: string) => verifySignatureHeader(s.header, s.body, secret, nowS()).ok;

describe('POST /v1/webhook-endpoints after a crash', () => {
  it('the retry answers 201 with the same endpoint and a new secret; the undelivered secret no longer signs; no second endpoint', async () => {
    const body = { url: receiver.url, events: ['*'] };
    const first = await post('/v1/webhook-endpoints', body, 'endpoint-crash');
    expect(first.status).toBe(201);
    expect(await idempotencyRecord(t.db.url, 'endpoint-crash')).toMatchObject({ resources: [{ type: 'webhook_endpoint', id: first.body.id }] });
    await crash('endpoint-crash');
    const endpoints = await count('webhook_endpoints');
    const retry = await post('/v1/webhook-endpoints', body, 'endpoint-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toMatchObject({ id: first.body.id, url: receiver.url, secret: expect.stringMatching(/^whsec_/) });
    expect(retry.body.secret).not.toBe(first.body.secret);
    expect(await count('webhook_endpoints')).toBe(endpoints);
    const signed = await signatureOfATest(first.body.id);
    expect([signsWith(signed, retry.body.secret), signsWith(signed, first.body.secret)]).toEqual([true, false]);
  });

  it('an endpoint deleted before the retry: 404, and nothing is created again', async () => {
    const body = { url: receiver.url, events: ['document.processed'] };
    const first = await post('/v1/webhook-endpoints', body, 'endpoint-gone');
    expect((await request(t.url, 'DELETE', `/v1/webhook-endpoints/${first.body.id}`, { key: key() })).status).toBe(204);
    await crash('endpoint-gone');
    const endpoints = await count('webhook_endpoints');
    expectProblem(await post('/v1/webhook-endpoints', body, 'endpoint-gone'), 404, 'resource_not_found');
    expect(await count('webhook_endpoints')).toBe(endpoints);
  });

  it('GraphQL createWebhookEndpoint with an Idempotency-Key resolves the same way', async () => {
    const mutation = 'mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { webhookEndpoint { id secret } errors { code } } }';
    const input = { url: receiver.url, events: ['*'] };
    const first = await graphql(t.url, key(), mutation, { input }, { 'Idempotency-Key': 'gql-endpoint-crash' });
    const e1 = first.body.data.createWebhookEndpoint.webhookEndpoint;
    await crash('gql-endpoint-crash');
    const endpoints = await count('webhook_endpoints');
    const retry = await graphql(t.url, key(), mutation, { input }, { 'Idempotency-Key': 'gql-endpoint-crash' });
    const e2 = retry.body.data.createWebhookEndpoint.webhookEndpoint;
    expect(e2.id).toBe(e1.id);
    expect(e2.secret).not.toBe(e1.secret);
    expect(await count('webhook_endpoints')).toBe(endpoints);
  });
});

describe('the other webhook POSTs after a crash', () => {
  it('roll-secret: the retry mints the new secret again and keeps the overlap with the secret receivers still use', async () => {
    const created = (await post('/v1/webhook-endpoints', { url: receiver.url, events: ['*'] }, 'roll-endpoint')).body;
    const path = `/v1/webhook-endpoints/${created.id}/roll-secret`;
    const rolled = await post(path, { overlap_s: 3600 }, 'roll-crash');
    expect(rolled.status).toBe(200);
    await crash('roll-crash');
    const retry = await post(path, { overlap_s: 3600 }, 'roll-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed'), retry.body.id]).toEqual([200, null, created.id]);
    expect(new Set([created.secret, rolled.body.secret, retry.body.secret]).size).toBe(3);
    const signed = await signatureOfATest(created.id);
    expect([signsWith(signed, retry.body.secret), signsWith(signed, created.secret), signsWith(signed, rolled.body.secret)]).toEqual([true, true, false]);
  });

  it('test: the retry answers the same test event as it ended, without sending another; one never attempted is sent once', async () => {
    const created = (await post('/v1/webhook-endpoints', { url: receiver.url, events: ['*'] }, 'test-endpoint')).body;
    const path = `/v1/webhook-endpoints/${created.id}/test`;
    const first = await post(path, undefined, 'test-crash');
    expect(first.body).toEqual({ event_id: expect.stringMatching(/^evt_/), status: 200 });
    await crash('test-crash');
    const deliveries = await count('webhook_deliveries');
    receiver.setBehavior(() => 500);
    const retry = await post(path, undefined, 'test-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed'), retry.body]).toEqual([200, null, first.body]);
    expect(receiver.received).toHaveLength(1);
    expect(await count('webhook_deliveries')).toBe(deliveries);

    // Died after committing the test delivery, before its attempt was recorded: attempted now, once.
    receiver.setBehavior(() => 204);
    const second = await post(path, undefined, 'test-unsent');
    await dbRows(t.db.url, `update webhook_deliveries set status = 'pending', attempt_count = 0 where event_id = $1`, [second.body.event_id]);
    await dbRows(t.db.url, `delete from webhook_attempts where delivery_id = (select id from webhook_deliveries where event_id = $1)`, [second.body.event_id]);
    await crash('test-unsent');
    const resent = await post(path, undefined, 'test-unsent');
    expect(resent.body).toEqual({ event_id: second.body.event_id, status: 204 });
    expect(receiver.received.filter((r) => r.headers['service-event-id'] === second.body.event_id)).toHaveLength(2);
    expect(await count('webhook_deliveries')).toBe(deliveries + 1);
  });

  it('replay: the retry answers the delivery as it is now, not 409 for its own pending cycle, and starts no second cycle', async () => {
    const acct = await t.newAccount('Reenvío tras caída');
    const created = (await request(t.url, 'POST', '/v1/webhook-endpoints', { key: acct.testKey, body: { url: receiver.url, events: ['*'] } })).body;
    const [eventId] = await insertOutboxEvents(t.app, [{ accountId: acct.id, environment: '00' }]);
    const deliveryOf = async () => (await request(t.url, 'GET', `/v1/webhook-endpoints/${created.id}/deliveries`, { key: acct.testKey })).body.data.find((d: { event_id: string }) => d.event_id === eventId);
    const delivered = await eventually(async () => ((await deliveryOf())?.status === 'delivered' ? await deliveryOf() : undefined), 10_000, 'entrega');
    const path = `/v1/webhook-endpoints/${created.id}/deliveries/${delivered.id}/replay`;
    const replay = await request(t.url, 'POST', path, { key: acct.testKey, idempotencyKey: 'replay-crash' });
    expect(replay.status).toBe(202);
    const again = await eventually(async () => ((await deliveryOf())?.attempt_count === 2 && (await deliveryOf()).status === 'delivered' ? await deliveryOf() : undefined), 10_000, 'reenvío');
    await crashIdempotentRequest(t.db.url, 'replay-crash');
    const sent = receiver.received.length;
    const retry = await request(t.url, 'POST', path, { key: acct.testKey, idempotencyKey: 'replay-crash' });
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([202, null]);
    expect(retry.body).toMatchObject({ id: delivered.id, status: 'delivered', attempt_count: 2 });
    expect((await deliveryOf())).toEqual(again);
    expect(receiver.received.length).toBe(sent);
  });
});
