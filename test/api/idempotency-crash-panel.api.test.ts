import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { crashIdempotentRequest, idempotencyRecord } from '../support/idempotency-crash';
import { logIn, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The panel's creating POSTs across a crash of the process that ran them. A new API key's plaintext
 * lives only in the lost answer: the retry revokes the undelivered key and creates one it delivers
 * (one live key per request). An invitation's retry answers the invited user without a second link
 * or e-mail.
 */
let t: TestApp;
let owner: PanelSession;
const PASSWORD = 'Clave-del-panel-2026';

beforeAll(async () => {
  t = await startTestApp();
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
  owner = await logIn(t.url, 'duena@lasbrisas.com.sv', PASSWORD);
});
afterAll(async () => {
  await t.stop();
});

const post = (path: string, body: unknown, idempotencyKey: string) => withSession(t.url, owner, 'POST', path, { body, idempotencyKey });
const count = async (table: string) => (await dbRows<{ n: number }>(t.db.url, `select count(*)::int as n from ${table}`))[0].n;
const crash = (key: string) => crashIdempotentRequest(t.db.url, key);
const works = async (key: string) => (await request(t.url, 'GET', '/v1/documents', { key })).status;
const audit = (action: string, id: string) => dbRows<{ details: Record<string, unknown> }>(t.db.url, 'select details from audit_entries where action = $1 and target_id = $2', [action, id]);

describe('POST /v1/api-keys after a crash', () => {
  it('the retry revokes the undelivered key and answers 201 with a new one; each further crash does the same: one live key per request', async () => {
    const body = { name: 'ERP sucursal', scopes: ['documents:read'] };
    const first = await post('/v1/api-keys', body, 'apikey-crash');
    expect(first.status).toBe(201);
    expect(await idempotencyRecord(t.db.url, 'apikey-crash')).toMatchObject({ resources: [{ type: 'api_key', id: first.body.id }] });
    await crash('apikey-crash');
    const retry = await post('/v1/api-keys', body, 'apikey-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toMatchObject({ name: 'ERP sucursal', scopes: ['documents:read'], revoked_at: null, key: expect.stringMatching(/^sk_test_/) });
    expect(retry.body.id).not.toBe(first.body.id);
    expect([await works(first.body.key), await works(retry.body.key)]).toEqual([401, 200]);
    expect(await audit('api_key.revoked', first.body.id)).toEqual([{ details: expect.objectContaining({ reason: 'undelivered' }) }]);
    expect(await audit('api_key.created', retry.body.id)).toHaveLength(1);

    await crash('apikey-crash');
    const third = await post('/v1/api-keys', body, 'apikey-crash');
    expect([await works(first.body.key), await works(retry.body.key), await works(third.body.key)]).toEqual([401, 401, 200]);
    const live = await dbRows(t.db.url, 'select id from api_keys where id = any($1) and revoked_at is null', [[first.body.id, retry.body.id, third.body.id]]);
    expect(live).toEqual([{ id: third.body.id }]);
    const again = await post('/v1/api-keys', body, 'apikey-crash');
    expect([again.headers.get('idempotency-replayed'), again.body.id]).toEqual(['true', third.body.id]);
  });

  it('GraphQL createApiKey with an Idempotency-Key resolves the same way', async () => {
    const query = 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { key apiKey { id } errors { code } } }';
    const gql = () => withSession(t.url, owner, 'POST', '/graphql', { body: { query, variables: { input: { name: 'Por GraphQL' } } }, headers: { 'Idempotency-Key': 'gql-apikey-crash' }, idempotencyKey: null });
    const first = (await gql()).body.data.createApiKey;
    await crash('gql-apikey-crash');
    const keys = await count('api_keys');
    const retry = (await gql()).body.data.createApiKey;
    expect(retry.errors).toEqual([]);
    expect(retry.apiKey.id).not.toBe(first.apiKey.id);
    expect([await works(first.key), await works(retry.key)]).toEqual([401, 200]);
    expect(await count('api_keys')).toBe(keys + 1);
  });
});

describe('POST /v1/users after a crash', () => {
  it('the retry answers 201 with the invited user as it is now; no second link or e-mail', async () => {
    const body = { email: 'nuevo@lasbrisas.com.sv', role: 'member' };
    const first = await post('/v1/users', body, 'invite-crash');
    expect([first.status, first.body.status]).toEqual([201, 'invited']);
    expect(await idempotencyRecord(t.db.url, 'invite-crash')).toMatchObject({ resources: [{ type: 'user_invitation', id: first.body.id }] });
    await crash('invite-crash');
    const before = [await count('users'), await count('user_tokens'), await count('account_emails'), await count('audit_entries')];
    const retry = await post('/v1/users', body, 'invite-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toEqual(first.body);
    expect([await count('users'), await count('user_tokens'), await count('account_emails'), await count('audit_entries')]).toEqual(before);
  });

  it('a user removed before the retry: 404, and nobody is invited again', async () => {
    const body = { email: 'temporal@lasbrisas.com.sv', role: 'viewer' };
    const first = await post('/v1/users', body, 'invite-gone');
    expect((await withSession(t.url, owner, 'DELETE', `/v1/users/${first.body.id}`)).status).toBe(204);
    await crash('invite-gone');
    const before = [await count('users'), await count('account_emails')];
    expectProblem(await post('/v1/users', body, 'invite-gone'), 404, 'resource_not_found');
    expect([await count('users'), await count('account_emails')]).toEqual(before);
  });
});
