import { emitterBody, establishmentBody, uniqueNit } from '../fixtures/emitter-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { crashIdempotentRequest, idempotencyRecord } from '../support/idempotency-crash';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Emitters, establishments and embed sessions across a crash of the process that created them: the
 * record stays `in_progress` with what its run linked, owned by a lease that is gone, and the
 * client's retry with the same Idempotency-Key answers what was created (as it is now), never a
 * second one and never a conflict with itself.
 */
let t: TestApp;
let emitterId: string;

beforeAll(async () => {
  t = await startTestApp();
  emitterId = (await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: uniqueNit() }) })).body.id;
});
afterAll(async () => {
  await t.stop();
});

const post = (path: string, body: unknown, idempotencyKey: string) => request(t.url, 'POST', path, { key: t.account.testKey, body, idempotencyKey });
const get = (path: string) => request(t.url, 'GET', path, { key: t.account.testKey });
const count = async (table: string) => (await dbRows<{ n: number }>(t.db.url, `select count(*)::int as n from ${table}`))[0].n;
const crash = (key: string) => crashIdempotentRequest(t.db.url, key);

describe('POST /v1/emitters after a crash', () => {
  it('the retry answers 201 with the emitter the first run created, as it is now (not 409 emitter_nit_taken); later repeats replay it', async () => {
    const body = emitterBody({ nit: uniqueNit() });
    const first = await post('/v1/emitters', body, 'emitter-crash');
    expect(first.status).toBe(201);
    expect(await idempotencyRecord(t.db.url, 'emitter-crash')).toMatchObject({ state: 'completed', resources: [{ type: 'emitter', id: first.body.id }] });
    expect((await request(t.url, 'PATCH', `/v1/emitters/${first.body.id}`, { key: t.account.testKey, body: { phone: '22224444' } })).status).toBe(200);
    await crash('emitter-crash');
    const emitters = await count('emitters');
    const retry = await post('/v1/emitters', body, 'emitter-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toEqual((await get(`/v1/emitters/${first.body.id}`)).body);
    expect(retry.body.phone).toBe('22224444');
    expect(await count('emitters')).toBe(emitters);
    const again = await post('/v1/emitters', body, 'emitter-crash');
    expect([again.headers.get('idempotency-replayed'), again.text]).toEqual(['true', retry.text]);
  });

  it('GraphQL createEmitter with an Idempotency-Key resolves the same way', async () => {
    const mutation = 'mutation($input: CreateEmitterInput!) { createEmitter(input: $input) { emitter { id nit } errors { code } } }';
    const input = { nit: uniqueNit(), nrc: '1234567', name: 'Ferretería El Tornillo', economicActivity: '47190', address: { department: '06', municipality: '23', district: '14', line: 'Calle 1' }, email: 'a@b.com.sv' };
    const first = await graphql(t.url, t.account.testKey, mutation, { input }, { 'Idempotency-Key': 'gql-emitter-crash' });
    expect(first.body.data.createEmitter.errors).toEqual([]);
    await crash('gql-emitter-crash');
    const emitters = await count('emitters');
    const retry = await graphql(t.url, t.account.testKey, mutation, { input }, { 'Idempotency-Key': 'gql-emitter-crash' });
    expect(retry.body.data.createEmitter).toEqual(first.body.data.createEmitter);
    expect(await count('emitters')).toBe(emitters);
  });

  it('a run that died before its commit simply runs again', async () => {
    const body = emitterBody({ nit: uniqueNit() });
    const first = await post('/v1/emitters', body, 'emitter-before-commit');
    await dbRows(t.db.url, 'delete from emitters where id = $1', [first.body.id]);
    await crashIdempotentRequest(t.db.url, 'emitter-before-commit', 'prc_gone', { forgetResources: true });
    const retry = await post('/v1/emitters', body, 'emitter-before-commit');
    expect(retry.status).toBe(201);
    expect(retry.body.id).not.toBe(first.body.id);
    expect(await idempotencyRecord(t.db.url, 'emitter-before-commit')).toMatchObject({ state: 'completed', resources: [{ type: 'emitter', id: retry.body.id }] });
  });
});

describe('POST /v1/emitters/{id}/establishments after a crash', () => {
  it('the retry answers 201 with the establishment and its points of sale as they are now (not 409 establishment_code_taken)', async () => {
    const path = `/v1/emitters/${emitterId}/establishments`;
    const first = await post(path, establishmentBody({ code: 'S010' }), 'establishment-crash');
    expect(first.status).toBe(201);
    expect(await idempotencyRecord(t.db.url, 'establishment-crash')).toMatchObject({ resources: [{ type: 'establishment', id: first.body.id }] });
    await crash('establishment-crash');
    const before = `${await count('establishments')}/${await count('points_of_sale')}`;
    const retry = await post(path, establishmentBody({ code: 'S010' }), 'establishment-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toEqual((await get(`${path}/${first.body.id}`)).body);
    expect(retry.body.points_of_sale.map((p: { code: string }) => p.code)).toEqual(['P001', 'P002']);
    expect(`${await count('establishments')}/${await count('points_of_sale')}`).toBe(before);
  });
});

describe('POST /v1/fiscal/embed-sessions after a crash', () => {
  const tokenOf = (url: string) => url.split('#')[1];
  const sessionOf = (url: string) => /\/panel\/embed\/([^#]+)#/.exec(url)![1];
  const exchange = (token: string) => request(t.url, 'POST', '/v1/fiscal/embed-sessions/exchange', { body: { token }, idempotencyKey: null });

  it('the retry gives the same session a new link; the undelivered link stops working: one key, one session, one live link', async () => {
    const body = { emitter_id: emitterId, ttl: 120 };
    const first = await post('/v1/fiscal/embed-sessions', body, 'embed-crash');
    expect(first.status).toBe(201);
    expect(await idempotencyRecord(t.db.url, 'embed-crash')).toMatchObject({ resources: [{ type: 'embed_session', id: first.body.id }] });
    await crash('embed-crash');
    const sessions = await count('embed_sessions');
    const retry = await post('/v1/fiscal/embed-sessions', body, 'embed-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toMatchObject({ id: first.body.id, object: 'embed_session', emitter_id: emitterId, report_id: null });
    expect(tokenOf(retry.body.url)).not.toBe(tokenOf(first.body.url));
    expect(await count('embed_sessions')).toBe(sessions);
    expectProblem(await exchange(tokenOf(first.body.url)), 401, 'embed_link_expired');
    expect((await exchange(tokenOf(retry.body.url))).status).toBe(200);
    expectProblem(await exchange(tokenOf(retry.body.url)), 410, 'embed_link_used');
  });

  it('GraphQL createEmbedSession with an Idempotency-Key resolves the same way', async () => {
    const mutation = 'mutation($input: CreateEmbedSessionInput!) { createEmbedSession(input: $input) { embedSession { url expiresAt } errors { code } } }';
    const first = await graphql(t.url, t.account.testKey, mutation, { input: { emitterId } }, { 'Idempotency-Key': 'gql-embed-crash' });
    const url1 = first.body.data.createEmbedSession.embedSession.url as string;
    await crash('gql-embed-crash');
    const sessions = await count('embed_sessions');
    const retry = await graphql(t.url, t.account.testKey, mutation, { input: { emitterId } }, { 'Idempotency-Key': 'gql-embed-crash' });
    const url2 = retry.body.data.createEmbedSession.embedSession.url as string;
    expect(sessionOf(url2)).toBe(sessionOf(url1));
    expect(tokenOf(url2)).not.toBe(tokenOf(url1));
    expect(await count('embed_sessions')).toBe(sessions);
    expectProblem(await exchange(tokenOf(url1)), 401, 'embed_link_expired');
    expect((await exchange(tokenOf(url2))).status).toBe(200);
  });
});
