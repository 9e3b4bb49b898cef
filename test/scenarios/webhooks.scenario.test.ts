import { Client } from 'pg';
import { verifySignatureHeader } from '../../src/domain/webhooks/webhook-signature';
import { request } from '../support/http-client';
import { insertOutboxEvents } from '../support/outbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { closedPortUrl, eventually, startReceiver, type Outcome, type Received, type Receiver } from '../support/webhook-receiver';
import { seededRandom } from '../unit/webhooks/seeded-random';

jest.setTimeout(60_000);

/**
 * Webhook delivery end to end on one PostgreSQL database: a receiver that fails about half of the
 * time (5xx, hangs past WEBHOOK_TIMEOUT_MS, connection resets) still gets every event, always signed
 * and with the same event id and bytes on every retry; the service is restarted in the middle of a
 * batch and loses nothing; deliveries whose jobs were lost are found by the sweeper; a dead receiver
 * ends `failed` after a short retry window and shows in the deliveries list.
 */
describe('webhook delivery under failures and restarts', () => {
  const ENV = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: '1000', WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_RETRY_WINDOW_MS: '60000', JOB_CONCURRENCY: '8' };
  let db: TestDatabase;
  let t: TestApp;
  let receiver: Receiver;
  let endpoint: { id: string; secret: string };
  const random = seededRandom(2026);

  /** ~50 % success; the rest split between 500, a hang past the 1 s timeout and a TCP reset. */
  const flaky = (): Outcome => {
    const r = random();
    return r < 0.5 ? 200 : r < 0.67 ? 500 : r < 0.83 ? 'hang' : 'reset';
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestApp(ENV, { db });
    receiver = await startReceiver(flaky);
    const r = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: t.account.testKey, body: { url: receiver.url, events: ['*'] } });
    expect(r.status).toBe(201);
    endpoint = r.body;
  });

  afterAll(async () => {
    await t?.stop();
    await receiver?.close();
    await db?.drop();
  });

  const okIds = () => new Set(receiver.received.filter((r) => r.outcome === 200).map((r) => String(r.headers['service-event-id'])));
  const allReceivedFor = (ids: string[]) => (rs: Received[]) => {
    const ok = new Set(rs.filter((r) => r.outcome === 200).map((r) => String(r.headers['service-event-id'])));
    return ids.every((id) => ok.has(id));
  };

  async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const c = new Client({ connectionString: db.url });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  async function deliveryStatuses(eventIds: string[]): Promise<Record<string, number>> {
    const rows = await query<{ status: string; n: string }>('select status, count(*) as n from webhook_deliveries where event_id = any($1) and endpoint_id = $2 group by status', [eventIds, endpoint.id]);
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  function checkEveryRequest(eventIds: string[]): void {
    const mine = receiver.received.filter((r) => eventIds.includes(String(r.headers['service-event-id'])));
    const nowS = Math.floor(Date.now() / 1000);
    const bodies = new Map<string, Set<string>>();
    for (const r of mine) {
      const id = String(r.headers['service-event-id']);
      expect(verifySignatureHeader(String(r.headers['service-signature']), r.body, endpoint.secret, nowS)).toEqual({ ok: true });
      expect(JSON.parse(r.body).id).toBe(id);
      expect(r.headers['user-agent']).toBe('service-webhooks/1.0');
      bodies.set(id, (bodies.get(id) ?? new Set()).add(r.body));
    }
    for (const id of eventIds) expect([id, bodies.get(id)?.size]).toEqual([id, 1]);
  }

  it('a receiver failing half of the time gets all 30 events, each signed, duplicates with the same event id and bytes', async () => {
    const ids = await insertOutboxEvents(t.app, Array.from({ length: 30 }, (_, i) => ({ accountId: t.account.id, environment: '00' as const, subjectId: `doc_${i}` })));
    await receiver.waitFor(allReceivedFor(ids), 45_000, 'los 30 eventos con un 2xx');
    const outcomes = receiver.received.map((r) => r.outcome);
    expect(outcomes.filter((o) => o !== 200).length).toBeGreaterThan(5);
    expect(new Set(outcomes.filter((o) => o !== 200))).toEqual(new Set([500, 'hang', 'reset']));
    checkEveryRequest(ids);
    // Attempts of one event are numbered 1, 2, … in the order they were made.
    for (const id of ids) {
      const numbers = receiver.received.filter((r) => r.headers['service-event-id'] === id).map((r) => Number(r.headers['service-delivery-attempt']));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    await eventually(async () => (await deliveryStatuses(ids)).delivered === 30, 5000, '30 entregas registradas');
    const attempts = await query<{ n: string }>('select count(*) as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.event_id = any($1)', [ids]);
    expect(Number(attempts[0].n)).toBe(receiver.received.filter((r) => ids.includes(String(r.headers['service-event-id']))).length);
  });

  it('a restart in the middle of a batch loses no delivery', async () => {
    const ids = await insertOutboxEvents(t.app, Array.from({ length: 20 }, (_, i) => ({ accountId: t.account.id, environment: '00' as const, subjectId: `doc_r${i}` })));
    await receiver.waitFor((rs) => rs.filter((r) => r.outcome === 200 && ids.includes(String(r.headers['service-event-id']))).length >= 4, 15_000, 'algunas entregas');
    const account = t.account;
    await t.stop();
    const deliveredBefore = ids.filter((id) => okIds().has(id)).length;
    expect(deliveredBefore).toBeLessThan(20);
    t = await startTestApp(ENV, { db, account });
    await receiver.waitFor(allReceivedFor(ids), 45_000, 'los 20 eventos tras el reinicio');
    checkEveryRequest(ids);
    await eventually(async () => (await deliveryStatuses(ids)).delivered === 20, 10_000, '20 entregas registradas');
    const pending = await query('select id from outbox_events where dispatched_at is null');
    expect(pending).toEqual([]);
  });

  it('deliveries whose jobs were lost are sent again by the sweeper; a dead receiver ends failed after the retry window', async () => {
    receiver.setBehavior(() => 'reset');
    const ids = await insertOutboxEvents(t.app, Array.from({ length: 5 }, (_, i) => ({ accountId: t.account.id, environment: '00' as const, subjectId: `doc_s${i}` })));
    await eventually(async () => {
      const rows = await query<{ n: string }>('select count(*) as n from webhook_deliveries where event_id = any($1) and attempt_count >= 1 and lease_until is null', [ids]);
      return Number(rows[0].n) === 5;
    }, 10_000, 'un intento fallido por entrega');
    const account = t.account;
    await t.stop();
    // The queue loses every delivery job (as if the process died between the commit and the enqueue).
    await query("delete from agenda_jobs where name = 'deliver-webhook'");
    receiver.setBehavior(() => 200);
    t = await startTestApp({ ...ENV, WEBHOOK_RETRY_WINDOW_MS: '1000' }, { db, account });
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveryStatuses(ids)).toEqual({ pending: 5 });
    // Once all five retries are due, the sweeper (every minute in production; run here at once,
    // without its grace period) re-queues them: nothing else can, their jobs are gone. (Sweeping
    // earlier would let a running delivery job's drain send the ones that fall due meanwhile.)
    await eventually(async () => {
      const rows = await query<{ n: string }>('select count(*) as n from webhook_deliveries where event_id = any($1) and next_attempt_at <= now()', [ids]);
      return Number(rows[0].n) === 5;
    }, 15_000, 'los 5 reintentos vencidos');
    let requeued = 0;
    await eventually(async () => {
      requeued += (await t.app.services.sweepWebhookDeliveries.execute({ graceMs: 0 })).requeued;
      return allReceivedFor(ids)(receiver.received);
    }, 15_000, 'las 5 entregas barridas');
    expect(requeued).toBeGreaterThanOrEqual(5);
    await eventually(async () => (await deliveryStatuses(ids)).delivered === 5, 5000, '5 entregas registradas');
    checkEveryRequest(ids);

    // A dead receiver: every attempt refused; after WEBHOOK_RETRY_WINDOW_MS (1 s here) the delivery is failed.
    const dead = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: t.account.testKey, body: { url: await closedPortUrl(), events: ['document.voided'] } });
    const [eventId] = await insertOutboxEvents(t.app, [{ accountId: t.account.id, environment: '00', type: 'document.voided' }]);
    const failed = await eventually(async () => {
      const list = await request(t.url, 'GET', `/v1/webhook-endpoints/${dead.body.id}/deliveries`, { key: t.account.testKey });
      const d = list.body.data.find((x: { event_id: string }) => x.event_id === eventId);
      return d?.status === 'failed' ? d : undefined;
    }, 10_000, 'entrega fallida');
    expect(failed).toMatchObject({ event_type: 'document.voided', last_status: 0, next_attempt_at: null, test: false });
    expect(failed.attempt_count).toBeGreaterThanOrEqual(2);
    const detail = await request(t.url, 'GET', `/v1/webhook-endpoints/${dead.body.id}/deliveries/${failed.id}`, { key: t.account.testKey });
    expect(detail.body.attempts).toHaveLength(failed.attempt_count);
    for (const a of detail.body.attempts) expect(a).toMatchObject({ status: 0, error: expect.stringMatching(/ECONNREFUSED/), response_excerpt: null });
    // The last attempt is the one at the end of the window (give or take one scan of the job queue).
    const spanMs = Date.parse(detail.body.attempts.at(-1).at) - Date.parse(detail.body.attempts[0].at);
    expect(spanMs).toBeGreaterThanOrEqual(900); // the window starts when the first attempt is taken, a moment before it is sent
    expect(spanMs).toBeLessThan(1000 + 6000);
    const ep = await request(t.url, 'GET', `/v1/webhook-endpoints/${dead.body.id}`, { key: t.account.testKey });
    expect(ep.body.last_delivery_status).toBe(0);
    // The healthy endpoint subscribed to "*" got the same event.
    await receiver.waitFor((rs) => rs.some((r) => r.headers['service-event-id'] === eventId && r.outcome === 200), 5000, 'document.voided en el receptor sano');
  });
});
