import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { graphqlWithSession, logIn, sessionWsClient, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';
import { ManualClock } from '../../src/services/shared/clock';

/**
 * The account's users over REST and GraphQL against PostgreSQL, with invitation and reset e-mails
 * through a real SMTP server: owners manage users, the account keeps an owner, a role change or a
 * removal ends the user's sessions and sockets, links are single use and die after their lifetime (an
 * invitation 7 days, a reset 30 minutes) on a moved clock, and one account never reaches another's users.
 */
const clock = new ManualClock(new Date('2026-11-25T15:00:00Z'));
let t: TestApp;
let smtp: TestSmtp;
let stranger: { id: string; testKey: string; liveKey: string };
const PASSWORD = 'Clave-del-panel-2026';
const NEW_PASSWORD = 'Otra-clave-segura-2026';
const OWNER = 'duena@lasbrisas.com.sv';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://facturas.example.com' }, { clock });
  stranger = await t.newAccount('Otra cuenta');
  await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
  await t.app.services.createUser.execute({ accountId: stranger.id, email: 'dueno@otra.com.sv', password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
  await smtp.close();
});
// Each test starts two hours later: no throttling window, link or session carries over.
beforeEach(() => clock.advance(2 * 3600_000));

const owner = () => logIn(t.url, OWNER, PASSWORD);
const userCount = async () => Number((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from users'))[0].n);
const auditOf = (action: string, targetId: string) => dbRows<Record<string, any>>(t.db.url, 'select * from audit_entries where action = $1 and target_id = $2 order by id', [action, targetId]);

/** The token of the last link e-mailed to `to` for `page`, once it arrives. */
async function linkTo(to: string, page: 'invitacion' | 'restablecer-contrasena', after = 0): Promise<string> {
  const msg = await eventually(async () => smtp.messages.slice(after).reverse().find((m) => m.envelope.to.includes(to)), 15_000, `correo a ${to}`);
  const m = new RegExp(`https://facturas\\.example\\.com/panel/${page}#([A-Za-z0-9_-]{43})`).exec(msg.mail.text ?? '');
  expect(m).not.toBeNull();
  expect(msg.mail.html).toContain(`/panel/${page}#${m![1]}`);
  return m![1];
}

async function invite(s: PanelSession, email: string, role: string) {
  const before = smtp.messages.length;
  const r = await withSession(t.url, s, 'POST', '/v1/users', { body: { email, role } });
  expect(r.status).toBe(201);
  return { user: r.body, token: await linkTo(email.toLowerCase(), 'invitacion', before) };
}

async function activeUser(email: string, role: string): Promise<{ id: string; session: PanelSession }> {
  const { user, token } = await invite(await owner(), email, role);
  expect((await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: PASSWORD }, idempotencyKey: null })).status).toBe(204);
  return { id: user.id, session: await logIn(t.url, email, PASSWORD) };
}

describe('invitations', () => {
  it('an owner invites by e-mail: the user is "invited", the link sets the password once, then the user logs in; audited', async () => {
    const s = await owner();
    const { user, token } = await invite(s, 'Contador@LasBrisas.com.sv', 'member');
    expect(user).toEqual({
      id: expect.stringMatching(/^usr_/),
      object: 'user',
      email: 'contador@lasbrisas.com.sv',
      role: 'member',
      status: 'invited',
      created_at: clock.now().toISOString(),
      last_login_at: null,
      invitation: { sent_at: clock.now().toISOString(), expires_at: new Date(clock.now().getTime() + 7 * 24 * 3_600_000).toISOString() },
    });
    const stored = await dbRows<{ token_hash: string }>(t.db.url, 'select token_hash from user_tokens where user_id = $1', [user.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);
    expectProblem(await request(t.url, 'POST', '/v1/auth/login', { body: { email: 'contador@lasbrisas.com.sv', password: PASSWORD }, idempotencyKey: null }), 401, 'invalid_credentials');

    expectProblem(await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: 'corta' }, idempotencyKey: null }), 422, 'validation_failed');
    expect((await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: PASSWORD }, idempotencyKey: null })).status).toBe(204);
    expectProblem(await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: NEW_PASSWORD }, idempotencyKey: null }), 410, 'link_expired');
    const mine = await logIn(t.url, 'contador@lasbrisas.com.sv', PASSWORD);
    expect(mine.body.user.role).toBe('member');
    const list = await withSession(t.url, s, 'GET', '/v1/users');
    expect(list.body.data.find((u: { id: string }) => u.id === user.id)).toMatchObject({ status: 'active', last_login_at: clock.now().toISOString() });
    expect(await auditOf('user.invited', user.id)).toEqual([expect.objectContaining({ actor_type: 'user', actor_email: OWNER, ip: '127.0.0.1', details: { email: 'contador@lasbrisas.com.sv', role: 'member', resent: false } })]);
    expect(await auditOf('user.invitation_accepted', user.id)).toEqual([expect.objectContaining({ actor_type: 'anonymous', actor_user_id: user.id })]);
  });

  it('a link is dead 7 days later (moved clock); inviting again sends a new link and the old one stays dead', async () => {
    const s = await owner();
    const { user, token } = await invite(s, 'tarde@lasbrisas.com.sv', 'viewer');
    clock.advance(7 * 24 * 3_600_000);
    expectProblem(await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: PASSWORD }, idempotencyKey: null }), 410, 'link_expired');
    expect(await dbRows(t.db.url, 'select password_hash from users where id = $1', [user.id])).toEqual([{ password_hash: null }]);
    const s2 = await owner();
    const again = await invite(s2, 'tarde@lasbrisas.com.sv', 'viewer');
    expect(again.user.id).toBe(user.id);
    expectProblem(await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: PASSWORD }, idempotencyKey: null }), 410, 'link_expired');
    clock.advance(7 * 24 * 3_600_000 - 60_000);
    expect((await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token: again.token, password: PASSWORD }, idempotencyKey: null })).status).toBe(204);
  });

  it('refuses an API key (session_required), a member or viewer (insufficient_role), a taken e-mail (409) and a missing CSRF token; nothing changes', async () => {
    const member = await activeUser('miembro@lasbrisas.com.sv', 'member');
    const viewer = await activeUser('lectura@lasbrisas.com.sv', 'viewer');
    const before = await userCount();
    const mails = smtp.messages.length;
    for (const key of [t.account.testKey, t.account.liveKey]) {
      expectProblem(await request(t.url, 'POST', '/v1/users', { key, body: { email: 'llave@lasbrisas.com.sv', role: 'owner' } }), 403, 'session_required');
      expectProblem(await request(t.url, 'GET', '/v1/users', { key }), 403, 'session_required');
      expectProblem(await request(t.url, 'PATCH', `/v1/users/${member.id}`, { key, body: { role: 'owner' } }), 403, 'session_required');
      expectProblem(await request(t.url, 'DELETE', `/v1/users/${member.id}`, { key }), 403, 'session_required');
    }
    const g = await graphql(t.url, t.account.testKey, 'mutation { inviteUser(input: { email: "g@lasbrisas.com.sv", role: "owner" }) { user { id } errors { code } } }');
    expect(g.body.data.inviteUser).toEqual({ user: null, errors: [{ code: 'SESSION_REQUIRED' }] });
    for (const s of [member.session, viewer.session]) {
      expectProblem(await withSession(t.url, s, 'POST', '/v1/users', { body: { email: 'nuevo@lasbrisas.com.sv', role: 'viewer' } }), 403, 'insufficient_role');
      expectProblem(await withSession(t.url, s, 'PATCH', `/v1/users/${viewer.id}`, { body: { role: 'owner' } }), 403, 'insufficient_role');
      expectProblem(await withSession(t.url, s, 'DELETE', `/v1/users/${member.id}`), 403, 'insufficient_role');
    }
    const s = await owner();
    expectProblem(await withSession(t.url, s, 'POST', '/v1/users', { body: { email: 'DUENO@otra.com.sv', role: 'member' } }), 409, 'email_taken');
    expectProblem(await withSession(t.url, s, 'POST', '/v1/users', { body: { email: 'miembro@lasbrisas.com.sv', role: 'member' } }), 409, 'email_taken');
    expectProblem(await withSession(t.url, s, 'POST', '/v1/users', { body: { email: 'sincsrf@lasbrisas.com.sv', role: 'member' }, csrf: false }), 403, 'csrf_token_invalid');
    expectProblem(await withSession(t.url, s, 'POST', '/v1/users', { body: { email: 'x@lasbrisas.com.sv', role: 'admin' } }), 422, 'validation_failed');
    expect(await userCount()).toBe(before);
    expect(await dbRows(t.db.url, 'select role from users where id in ($1, $2) order by role', [member.id, viewer.id])).toEqual([{ role: 'member' }, { role: 'viewer' }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messages.length).toBe(mails);
  });
});

describe('roles and removal', () => {
  it('a role change ends the user\'s sessions and closes their WebSockets; audited with from and to', async () => {
    const u = await activeUser('cambio@lasbrisas.com.sv', 'member');
    const client = sessionWsClient(t.url, u.session.cookie, 'https://facturas.example.com', { csrf_token: u.session.csrf });
    const seen: number[] = [];
    const closed = new Promise<{ code?: number }>((resolve) => {
      client.subscribe(
        { query: 'subscription { heartbeat(intervalMs: 50) { sequence } }' },
        { next: (v) => void seen.push((v.data as { heartbeat: { sequence: number } }).heartbeat.sequence), error: (e) => resolve({ code: (e as { code?: number }).code }), complete: () => resolve({}) },
      );
    });
    await eventually(async () => seen.length > 0, 10_000, 'primer latido');
    const s = await owner();
    const r = await withSession(t.url, s, 'PATCH', `/v1/users/${u.id}`, { body: { role: 'viewer' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: u.id, role: 'viewer', status: 'active' });
    expect((await closed).code).toBe(4401);
    expectProblem(await withSession(t.url, u.session, 'GET', '/v1/auth/session'), 401, 'unauthenticated');
    const again = await logIn(t.url, 'cambio@lasbrisas.com.sv', PASSWORD);
    expect(again.body.user.role).toBe('viewer');
    expect(await auditOf('user.role_changed', u.id)).toEqual([expect.objectContaining({ details: { email: 'cambio@lasbrisas.com.sv', from: 'member', to: 'viewer' } })]);
    await client.dispose();
  });

  it('the account keeps an owner: demoting or removing the last one is 409 last_owner; with a second owner it works', async () => {
    const s = await owner();
    const me = s.body.user.id as string;
    const others = await dbRows<{ id: string }>(t.db.url, `select id from users where account_id = $1 and role = 'owner' and id <> $2`, [t.account.id, me]);
    expect(others).toEqual([]);
    expectProblem(await withSession(t.url, s, 'PATCH', `/v1/users/${me}`, { body: { role: 'member' } }), 409, 'last_owner');
    expectProblem(await withSession(t.url, s, 'DELETE', `/v1/users/${me}`), 409, 'last_owner');
    // An invited owner who never set a password does not count.
    const pending = await invite(s, 'pendiente@lasbrisas.com.sv', 'owner');
    expectProblem(await withSession(t.url, s, 'PATCH', `/v1/users/${me}`, { body: { role: 'member' } }), 409, 'last_owner');
    expect(await dbRows(t.db.url, 'select role from users where id = $1', [me])).toEqual([{ role: 'owner' }]);
    const second = await activeUser('socia@lasbrisas.com.sv', 'owner');
    expect((await withSession(t.url, second.session, 'DELETE', `/v1/users/${pending.user.id}`)).status).toBe(204);
    // The same role again changes nothing: the session lives on.
    expect((await withSession(t.url, s, 'PATCH', `/v1/users/${me}`, { body: { role: 'owner' } })).status).toBe(200);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/session')).status).toBe(200);
    // With another active owner, an owner may step down (and their own sessions end too).
    const down = await withSession(t.url, second.session, 'PATCH', `/v1/users/${second.id}`, { body: { role: 'member' } });
    expect(down.body).toMatchObject({ role: 'member' });
    expectProblem(await withSession(t.url, second.session, 'GET', '/v1/auth/session'), 401, 'unauthenticated');
  });

  it('removing a user ends their session at once and keeps the keys they created; audited', async () => {
    const u = await activeUser('sale@lasbrisas.com.sv', 'member');
    const key = await withSession(t.url, u.session, 'POST', '/v1/api-keys', { body: { name: 'De quien sale' } });
    expect(key.status).toBe(201);
    const s = await owner();
    const r = await withSession(t.url, s, 'DELETE', `/v1/users/${u.id}`);
    expect(r.status).toBe(204);
    expectProblem(await withSession(t.url, u.session, 'GET', '/v1/auth/session'), 401, 'unauthenticated');
    expectProblem(await request(t.url, 'POST', '/v1/auth/login', { body: { email: 'sale@lasbrisas.com.sv', password: PASSWORD }, idempotencyKey: null }), 401, 'invalid_credentials');
    expect((await request(t.url, 'GET', '/v1/catalogs', { key: key.body.key })).status).toBe(200);
    expect(await auditOf('user.removed', u.id)).toEqual([expect.objectContaining({ actor_email: OWNER, details: { email: 'sale@lasbrisas.com.sv', role: 'member' } })]);
    expectProblem(await withSession(t.url, s, 'DELETE', `/v1/users/${u.id}`), 404, 'resource_not_found');
  });

  it('one account never sees, changes or removes another account\'s users (REST and GraphQL)', async () => {
    const theirs = await logIn(t.url, 'dueno@otra.com.sv', PASSWORD);
    const s = await owner();
    const me = s.body.user.id as string;
    const list = await withSession(t.url, theirs, 'GET', '/v1/users?limit=100');
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(['dueno@otra.com.sv']);
    const g = await graphqlWithSession(t.url, theirs, '{ users(first: 100) { nodes { email } } }');
    expect(g.body.data.users.nodes).toEqual([{ email: 'dueno@otra.com.sv' }]);
    expectProblem(await withSession(t.url, theirs, 'PATCH', `/v1/users/${me}`, { body: { role: 'viewer' } }), 404, 'resource_not_found');
    expectProblem(await withSession(t.url, theirs, 'DELETE', `/v1/users/${me}`), 404, 'resource_not_found');
    expect(await dbRows(t.db.url, 'select role from users where id = $1', [me])).toEqual([{ role: 'owner' }]);
  });

  it('GraphQL users, inviteUser, updateUser and removeUser follow the same rules', async () => {
    const s = await owner();
    const inv = await graphqlWithSession(t.url, s, 'mutation { inviteUser(input: { email: "gql@lasbrisas.com.sv", role: "viewer" }) { user { id email role status } errors { code } } }');
    expect(inv.body.data.inviteUser).toEqual({ user: { id: expect.any(String), email: 'gql@lasbrisas.com.sv', role: 'viewer', status: 'invited' }, errors: [] });
    const id = inv.body.data.inviteUser.user.id;
    const up = await graphqlWithSession(t.url, s, `mutation { updateUser(id: "${id}", input: { role: "member" }) { user { role } errors { code } } }`);
    expect(up.body.data.updateUser).toEqual({ user: { role: 'member' }, errors: [] });
    const last = await graphqlWithSession(t.url, s, `mutation { updateUser(id: "${s.body.user.id}", input: { role: "member" }) { user { role } errors { code } } }`);
    expect(last.body.data.updateUser).toEqual({ user: null, errors: [{ code: 'LAST_OWNER' }] });
    const rm = await graphqlWithSession(t.url, s, `mutation { removeUser(id: "${id}") { user { email } errors { code } } }`);
    expect(rm.body.data.removeUser).toEqual({ user: { email: 'gql@lasbrisas.com.sv' }, errors: [] });
  });
});

describe('password reset', () => {
  it('answers 202 for any e-mail; a known one gets a single-use link that sets the password and ends every session; audited', async () => {
    const u = await activeUser('olvido@lasbrisas.com.sv', 'member');
    const before = smtp.messages.length;
    const unknown = await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'nadie@lasbrisas.com.sv' }, idempotencyKey: null });
    const known = await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'OLVIDO@lasbrisas.com.sv' }, idempotencyKey: null });
    expect([unknown.status, unknown.text, known.status, known.text]).toEqual([202, '', 202, '']);
    const token = await linkTo('olvido@lasbrisas.com.sv', 'restablecer-contrasena', before);
    expect(smtp.messages.slice(before).some((m) => m.envelope.to.includes('nadie@lasbrisas.com.sv'))).toBe(false);
    expect((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from user_tokens where token_hash = $1', [token]))[0].n).toBe('0');

    expectProblem(await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'olvido@lasbrisas.com.sv' }, idempotencyKey: null }), 422, 'validation_failed');
    expect((await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token, password: NEW_PASSWORD }, idempotencyKey: null })).status).toBe(204);
    expectProblem(await withSession(t.url, u.session, 'GET', '/v1/auth/session'), 401, 'unauthenticated');
    expectProblem(await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'Tercera-clave-2026' }, idempotencyKey: null }), 410, 'link_expired');
    expectProblem(await request(t.url, 'POST', '/v1/auth/login', { body: { email: 'olvido@lasbrisas.com.sv', password: PASSWORD }, idempotencyKey: null }), 401, 'invalid_credentials');
    expect((await logIn(t.url, 'olvido@lasbrisas.com.sv', NEW_PASSWORD)).body.user.id).toBe(u.id);
    expect((await auditOf('user.password_reset_requested', u.id)).length).toBe(1);
    expect(await auditOf('user.password_reset', u.id)).toEqual([expect.objectContaining({ actor_type: 'anonymous', ip: '127.0.0.1', details: {} })]);
  });

  it('a reset link is dead after 30 minutes (moved clock) and when a newer one was sent', async () => {
    await activeUser('vence@lasbrisas.com.sv', 'viewer');
    let before = smtp.messages.length;
    await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'vence@lasbrisas.com.sv' }, idempotencyKey: null });
    const old = await linkTo('vence@lasbrisas.com.sv', 'restablecer-contrasena', before);
    clock.advance(30 * 60_000);
    expectProblem(await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token: old, password: NEW_PASSWORD }, idempotencyKey: null }), 410, 'link_expired');
    before = smtp.messages.length;
    await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'vence@lasbrisas.com.sv' }, idempotencyKey: null });
    const first = await linkTo('vence@lasbrisas.com.sv', 'restablecer-contrasena', before);
    before = smtp.messages.length;
    await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'vence@lasbrisas.com.sv' }, idempotencyKey: null });
    const second = await linkTo('vence@lasbrisas.com.sv', 'restablecer-contrasena', before);
    expectProblem(await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token: first, password: NEW_PASSWORD }, idempotencyKey: null }), 410, 'link_expired');
    expect((await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token: second, password: NEW_PASSWORD }, idempotencyKey: null })).status).toBe(204);
    expectProblem(await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token: 'x'.repeat(43), password: NEW_PASSWORD }, idempotencyKey: null }), 410, 'link_expired');
  });

  it('throttles: 3 links per e-mail an hour (then 202 and no mail), 10 requests per address an hour (then 429 with Retry-After)', async () => {
    await activeUser('muchos@lasbrisas.com.sv', 'viewer');
    const before = smtp.messages.length;
    for (let i = 0; i < 4; i++) expect((await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'muchos@lasbrisas.com.sv' }, idempotencyKey: null })).status).toBe(202);
    await eventually(async () => smtp.messages.slice(before).filter((m) => m.envelope.to.includes('muchos@lasbrisas.com.sv')).length === 3, 15_000, 'tres correos');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(before).filter((m) => m.envelope.to.includes('muchos@lasbrisas.com.sv'))).toHaveLength(3);
    for (let i = 4; i < 10; i++) expect((await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: `otro${i}@lasbrisas.com.sv` }, idempotencyKey: null })).status).toBe(202);
    const refused = await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'muchos@lasbrisas.com.sv' }, idempotencyKey: null });
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBe(3600);
    clock.advance(3600_000);
    expect((await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: 'nadie@lasbrisas.com.sv' }, idempotencyKey: null })).status).toBe(202);
  });
});
