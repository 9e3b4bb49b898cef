import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { graphqlWithSession, sessionsByRole, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The origins allowed to frame an account's embed views, from the panel over REST and GraphQL against
 * PostgreSQL: any user reads them, the owner replaces them (normalised, without repeats, audited in
 * the same transaction), a bad origin or another role changes nothing, an API key is refused, and the
 * embed page's `frame-ancestors` follows the list.
 */
let t: TestApp;
const PASSWORD = 'Clave-del-panel-2026';
let owner: PanelSession;
let member: PanelSession;
let viewer: PanelSession;
let stranger: PanelSession;

beforeAll(async () => {
  t = await startTestApp();
  ({ owner, member, viewer, stranger } = await sessionsByRole(t, PASSWORD));
});
afterAll(async () => {
  await t.stop();
});

const stored = async (accountId: string) => (await dbRows<{ embed_origins: string[] }>(t.db.url, 'select embed_origins from accounts where id = $1', [accountId]))[0].embed_origins;
const audits = () => dbRows<Record<string, any>>(t.db.url, "select * from audit_entries where action = 'account.embed_origins_changed' order by created_at, id");
const SET = `mutation($input: SetEmbedOriginsInput!) { setEmbedOrigins(input: $input) { embedOrigins { origins } errors { field code message } } }`;

describe('embed origins over REST', () => {
  it('starts empty; the owner replaces the list, normalised and without repeats; every user reads it; one audit entry', async () => {
    expect((await withSession(t.url, viewer, 'GET', '/v1/embed-origins')).body).toEqual({ object: 'embed_origins', origins: [] });
    const r = await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: ['https://ERP.ejemplo.com/', 'https://contador.ejemplo.com:8443', 'https://erp.ejemplo.com'] } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ object: 'embed_origins', origins: ['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443'] });
    expect(await stored(t.account.id)).toEqual(['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443']);
    for (const s of [owner, member, viewer]) expect((await withSession(t.url, s, 'GET', '/v1/embed-origins')).body.origins).toEqual(['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443']);
    // Another account's list is its own.
    expect((await withSession(t.url, stranger, 'GET', '/v1/embed-origins')).body.origins).toEqual([]);
    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account_id: t.account.id, actor_type: 'user', actor_user_id: owner.body.user.id, target_type: 'account', target_id: t.account.id });
    expect(entries[0].details).toEqual({ origins: ['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443'], before: [] });
    // The same list again is no change: nothing more in the audit log.
    expect((await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: ['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443'] } })).status).toBe(200);
    expect(await audits()).toHaveLength(1);
  });

  it.each([
    ['a path', ['https://erp.ejemplo.com', 'https://erp.ejemplo.com/vista'], 'origins[1]'],
    ['a wildcard', ['https://*.ejemplo.com'], 'origins[0]'],
    ['a CSP separator', ['https://erp.ejemplo.com; script-src *'], 'origins[0]'],
    ['another scheme', ['ftp://erp.ejemplo.com'], 'origins[0]'],
  ])('refuses %s with its position and changes nothing', async (_label, origins, path) => {
    const before = await stored(t.account.id);
    const auditsBefore = (await audits()).length;
    const r = await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins } });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors).toEqual([expect.objectContaining({ path, code: 'invalid_format' })]);
    expect(await stored(t.account.id)).toEqual(before);
    expect(await audits()).toHaveLength(auditsBefore);
  });

  it('refuses more than 20 origins, a body that is not a list and an unknown field, changing nothing', async () => {
    const before = await stored(t.account.id);
    const many = Array.from({ length: 21 }, (_, i) => `https://erp${i}.ejemplo.com`);
    expectProblem(await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: many } }), 422, 'validation_failed');
    expectProblem(await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: 'https://erp.ejemplo.com' } }), 422, 'validation_failed');
    expectProblem(await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: [], extra: true } }), 422, 'validation_failed');
    expect(await stored(t.account.id)).toEqual(before);
  });

  it('a member or a viewer gets 403 insufficient_role; an API key 403 session_required; nothing changes', async () => {
    const before = await stored(t.account.id);
    for (const s of [member, viewer]) expectProblem(await withSession(t.url, s, 'PUT', '/v1/embed-origins', { body: { origins: [] } }), 403, 'insufficient_role');
    expectProblem(await request(t.url, 'PUT', '/v1/embed-origins', { key: t.account.testKey, body: { origins: [] } }), 403, 'session_required');
    const byKey = await request(t.url, 'GET', '/v1/embed-origins', { key: t.account.testKey });
    expectProblem(byKey, 403, 'session_required');
    expect(byKey.body.detail).toContain('sitios de la vista embebida');
    expect(await stored(t.account.id)).toEqual(before);
  });

  it('a session write without its CSRF token is refused and changes nothing', async () => {
    const before = await stored(t.account.id);
    const r = await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: [] }, csrf: false });
    expect(r.status).toBe(403);
    expect(await stored(t.account.id)).toEqual(before);
  });
});

describe('embed origins over GraphQL', () => {
  it('the same rules: the owner sets, a viewer is refused with a typed code, a bad origin names its field', async () => {
    const set = await graphqlWithSession(t.url, owner, SET, { input: { origins: ['https://panel.ejemplo.com'] } });
    expect(set.body.data.setEmbedOrigins).toEqual({ embedOrigins: { origins: ['https://panel.ejemplo.com'] }, errors: [] });
    const read = await graphqlWithSession(t.url, viewer, '{ embedOrigins { origins } }');
    expect(read.body.data.embedOrigins).toEqual({ origins: ['https://panel.ejemplo.com'] });

    const refused = await graphqlWithSession(t.url, viewer, SET, { input: { origins: [] } });
    expect(refused.body.data.setEmbedOrigins).toEqual({ embedOrigins: null, errors: [expect.objectContaining({ code: 'INSUFFICIENT_ROLE' })] });
    const bad = await graphqlWithSession(t.url, owner, SET, { input: { origins: ['https://panel.ejemplo.com', 'no es un origen'] } });
    expect(bad.body.data.setEmbedOrigins).toEqual({ embedOrigins: null, errors: [expect.objectContaining({ field: 'origins[1]', code: 'INVALID_FORMAT' })] });
    expect(await stored(t.account.id)).toEqual(['https://panel.ejemplo.com']);

    // With an API key: the typed session code, never a 5xx.
    const byKey = await graphql(t.url, t.account.testKey, '{ embedOrigins { origins } }');
    expect(byKey.status).toBeLessThan(500);
    expect(byKey.body.errors[0].extensions.code).toBe('SESSION_REQUIRED');
  });
});

describe('the embed page follows the list', () => {
  it('frame-ancestors lists the origins set from the panel, and none once the list is emptied', async () => {
    const issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    const pageUrl = async () => {
      const s = await request(t.url, 'POST', '/v1/fiscal/embed-sessions', { key: t.account.testKey, body: { emitter_id: issuer.emitterId, ttl: 60 } });
      expect(s.status).toBe(201);
      return String(s.body.url).split('#')[0];
    };
    await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: ['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443'] } });
    expect((await fetch(await pageUrl())).headers.get('content-security-policy')).toContain('frame-ancestors https://erp.ejemplo.com https://contador.ejemplo.com:8443');
    await withSession(t.url, owner, 'PUT', '/v1/embed-origins', { body: { origins: [] } });
    expect((await fetch(await pageUrl())).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
