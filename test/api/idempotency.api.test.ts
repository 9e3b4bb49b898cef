import { cleanupIdempotencyRecordsJob } from '../../jobs/cleanup-idempotency-records.job';
import { requestHash } from '../../src/services/idempotency/idempotency-scope';
import { emitterBody } from '../fixtures/emitter-bodies';
import { graphql, request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
});

async function count(table: string): Promise<number> {
  const rows = await t.app.services.deps.orm.em.getConnection().execute(`select count(*)::int as n from ${table}`);
  return (rows[0] as { n: number }).n;
}

describe('Idempotency-Key on POST /v1', () => {
  it('is required: missing → 400, longer than 255 → 400, nothing created', async () => {
    const before = await count('emitters');
    const missing = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody(), idempotencyKey: null });
    expect(missing.status).toBe(400);
    expect(missing.body.type).toMatch(/\/problems\/idempotency_key_missing$/);
    const long = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody(), idempotencyKey: 'k'.repeat(300) });
    expect(long.status).toBe(400);
    expect(long.body.type).toMatch(/\/problems\/idempotency_key_invalid$/);
    const exact = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06145555555555' }), idempotencyKey: 'k'.repeat(255) });
    expect(exact.status).toBe(201);
    expect(await count('emitters')).toBe(before + 1);
  });

  it('same key and body → the stored response again with Idempotency-Replayed: true', async () => {
    const body = emitterBody({ nit: '06141111111111' });
    const first = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body, idempotencyKey: 'replay-1' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const before = await count('emitters');
    const again = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body, idempotencyKey: 'replay-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await count('emitters')).toBe(before);
  });

  it('a stored refusal replays too (422 with the same body)', async () => {
    const body = emitterBody({ nit: 'bad' });
    const a = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body, idempotencyKey: 'replay-422' });
    const b = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body, idempotencyKey: 'replay-422' });
    expect([a.status, b.status]).toEqual([422, 422]);
    expect(b.headers.get('idempotency-replayed')).toBe('true');
    expect(JSON.parse(b.text).errors).toEqual(JSON.parse(a.text).errors);
  });

  it('same key with a different body → 409; the first result is untouched', async () => {
    await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06142222222222' }), idempotencyKey: 'mismatch-1' });
    const before = await count('emitters');
    const r = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06142222222223' }), idempotencyKey: 'mismatch-1' });
    expect(r.status).toBe(409);
    expect(r.body.type).toMatch(/\/problems\/idempotency_key_reused$/);
    expect(await count('emitters')).toBe(before);
  });

  it('a duplicate while the first is still running → 409 with Retry-After', async () => {
    const body = emitterBody({ nit: '06143333333333' });
    // The first request is "in flight": its record exists and is in progress.
    const hash = requestHash(['POST', '/v1/emitters', body]);
    const r0 = await t.app.services.beginIdempotentRequest.execute({ accountId: t.account.id, environment: '00', key: 'running-1' }, hash);
    expect(r0.kind).toBe('proceed');
    const r = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body, idempotencyKey: 'running-1' });
    expect(r.status).toBe(409);
    expect(r.body.type).toMatch(/\/problems\/idempotency_request_in_progress$/);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('keys are scoped to account and environment', async () => {
    const other = await t.newAccount('Otra cuenta');
    const a = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06144444444444' }), idempotencyKey: 'shared-key' });
    const b = await request(t.url, 'POST', '/v1/emitters', { key: other.testKey, body: emitterBody({ nit: '06144444444444' }), idempotencyKey: 'shared-key' });
    const c = await request(t.url, 'POST', '/v1/emitters', { key: t.account.liveKey, body: emitterBody({ nit: '06144444444445' }), idempotencyKey: 'shared-key' });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.headers.get('idempotency-replayed')).toBeNull();
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3);
  });

  it('50 identical requests racing create exactly one emitter', async () => {
    const acct = await t.newAccount('Carrera');
    const body = emitterBody({ nit: '06147777777777' });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => request(t.url, 'POST', '/v1/emitters', { key: acct.testKey, body, idempotencyKey: 'race-1' })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    const ids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.id));
    expect(ids.size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.type).toMatch(/idempotency_request_in_progress$/);
    const list = await request(t.url, 'GET', '/v1/emitters', { key: acct.testKey });
    expect(list.body.data).toHaveLength(1);
  });

  it('records expire after the TTL and the cleanup job removes them', async () => {
    await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06148888888888' }), idempotencyKey: 'old-1' });
    const conn = t.app.services.deps.orm.em.getConnection();
    await conn.execute(`update idempotency_records set expires_at = now() - interval '1 second' where key = 'old-1'`);
    await cleanupIdempotencyRecordsJob(t.app.services).run({}, { touch: async () => undefined });
    const rows = await conn.execute(`select count(*)::int as n from idempotency_records where key = 'old-1'`);
    expect((rows[0] as { n: number }).n).toBe(0);
    // The same key is usable again, for any body.
    const r = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: '06148888888889' }), idempotencyKey: 'old-1' });
    expect(r.status).toBe(201);
  });

  it('the cleanup job is scheduled hourly in Agenda', async () => {
    const rows = await t.app.services.deps.orm.em.getConnection().execute(`select name, repeat_interval from agenda_jobs where name = 'cleanup-idempotency-records'`);
    expect(rows).toEqual([{ name: 'cleanup-idempotency-records', repeat_interval: '1 hour' }]);
  });
});

describe('Idempotency-Key on GraphQL mutations', () => {
  const mutation = `mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { id } errors { code } } }`;
  const input = { nit: '06146666666666', nrc: '12345', name: 'G', economicActivity: '47190', address: { department: '06', municipality: '23', district: '14', line: 'x' }, email: 'g@g.sv' };

  it('replays the same response, refuses another body, and is optional', async () => {
    const a = await graphql(t.url, t.account.testKey, mutation, { input }, { 'Idempotency-Key': 'gql-1' });
    const b = await graphql(t.url, t.account.testKey, mutation, { input }, { 'Idempotency-Key': 'gql-1' });
    expect(b.headers.get('idempotency-replayed')).toBe('true');
    expect(b.body).toEqual(a.body);
    const c = await graphql(t.url, t.account.testKey, mutation, { input: { ...input, nit: '06146666666667' } }, { 'Idempotency-Key': 'gql-1' });
    expect(c.status).toBe(409);
    expect(c.body.errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const d = await graphql(t.url, t.account.testKey, mutation, { input: { ...input, nit: '06146666666668' } });
    expect(d.body.data.createEmitter.errors).toEqual([]);
  });
});
