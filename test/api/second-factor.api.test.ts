import { ManualClock } from '../../src/services/shared/clock';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { graphqlWithSession, logIn, sessionWsClient, closeOf, withSession, type PanelSession } from '../support/panel-session';
import { expectProblem } from '../support/problem-assertions';
import { totpCode } from '../support/rfc6238';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

/**
 * TOTP second factor (RFC 6238): enrolled with a QR and verified with one code before it is on; the
 * login asks for a code after the password, computed here by an independent implementation; ten
 * recovery codes, each good once; turning it off needs the password and a code; the owner can
 * require it of every user, who then enrol at their next login. Every change audited and e-mailed.
 */
const clock = new ManualClock(new Date('2026-11-25T15:00:00Z'));
let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'Frase-larga-del-panel-2026';
const ANA = 'ana@lasbrisas.com.sv';
const BETO = 'beto@lasbrisas.com.sv';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_BASE_MS: '50' }, { clock });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: ANA, password: PASSWORD, role: 'owner' });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: BETO, password: PASSWORD, role: 'member' });
});
afterAll(async () => {
  await t.stop();
  await smtp.close();
});

const mailsTo = (to: string, subject: RegExp) => smtp.messages.filter((m) => m.envelope.to.includes(to) && subject.test(m.mail.subject ?? ''));
const audit = async (action: string) => (await dbRows(t.db.url, 'select action from audit_entries where action = $1', [action])).length;
const now = () => clock.now().getTime();
let secret = '';
let recovery: string[] = [];

describe('enrolment', () => {
  let s: PanelSession;
  beforeAll(async () => {
    s = await logIn(t.url, ANA, PASSWORD);
  });

  it('shows a QR and a secret; nothing is on until a code from it is confirmed; a wrong code changes nothing', async () => {
    const e = await withSession(t.url, s, 'POST', '/v1/auth/second-factor/enrolment', { idempotencyKey: null });
    expect(e.status).toBe(200);
    expect(e.body).toMatchObject({ object: 'second_factor_enrolment', secret: expect.stringMatching(/^[A-Z2-7]{32}$/), otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\/.*secret=/), qr_code: expect.stringMatching(/^data:image\/png;base64,/) });
    secret = e.body.secret;
    expect((await withSession(t.url, s, 'GET', '/v1/auth/second-factor')).body).toMatchObject({ enabled: false });
    const wrong = await withSession(t.url, s, 'POST', '/v1/auth/second-factor/enrolment/confirm', { body: { code: totpCode(secret, now(), 5) }, idempotencyKey: null });
    expectProblem(wrong, 422, 'validation_failed');
    expect(wrong.body.errors).toEqual([{ path: 'code', code: 'second_factor_code_invalid', message: expect.any(String) }]);
    expect((await withSession(t.url, s, 'GET', '/v1/auth/second-factor')).body).toMatchObject({ enabled: false });
    // The secret is kept sealed, never in clear.
    const [row] = await dbRows<{ totp_pending_sealed_secret: string }>(t.db.url, 'select totp_pending_sealed_secret from users where email = $1', [ANA]);
    expect(row.totp_pending_sealed_secret).not.toContain(secret);
  });

  it('a code computed independently (RFC 6238 with node:crypto) turns it on: ten recovery codes, stored hashed; audited and e-mailed', async () => {
    const r = await withSession(t.url, s, 'POST', '/v1/auth/second-factor/enrolment/confirm', { body: { code: totpCode(secret, now()) }, idempotencyKey: null });
    expect(r.status).toBe(200);
    expect(r.body.recovery_codes).toHaveLength(10);
    recovery = r.body.recovery_codes;
    expect(new Set(recovery).size).toBe(10);
    const stored = await dbRows<{ code_hash: string }>(t.db.url, 'select code_hash from user_recovery_codes where user_id = (select id from users where email = $1)', [ANA]);
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(JSON.stringify(stored)).not.toContain(code.replace(/-/g, ''));
    expect((await withSession(t.url, s, 'GET', '/v1/auth/second-factor')).body).toMatchObject({ enabled: true, recovery_codes_left: 10, session: 'verified' });
    expect(await audit('user.second_factor_enabled')).toBe(1);
    await eventually(async () => (mailsTo(ANA, /Activó la verificación/).length ? true : null), 15_000, 'aviso de activación');
    expect((await dbRows<{ totp_sealed_secret: string }>(t.db.url, 'select totp_sealed_secret from users where email = $1', [ANA]))[0].totp_sealed_secret).not.toContain(secret);
  });
});

describe('login with the second factor', () => {
  it('the password alone opens nothing: the session owes a code, then an independent code finishes the login under a new cookie', async () => {
    clock.advance(60_000);
    const half = await logIn(t.url, ANA, PASSWORD);
    expect(half.body.second_factor).toBe('required');
    expectProblem(await withSession(t.url, half, 'GET', '/v1/emitters'), 401, 'second_factor_required');
    expect((await graphqlWithSession(t.url, half, '{ viewer { accountId } }')).status).toBe(401);
    const socket = sessionWsClient(t.url, half.cookie, t.url, { csrf_token: half.csrf });
    const refused = closeOf(socket);
    socket.subscribe({ query: 'subscription { documentStatusChanged { id } }' }, { next: () => undefined, error: () => undefined, complete: () => undefined });
    expect((await refused).code).toBe(4403);
    await socket.dispose();
    const wrong = await withSession(t.url, half, 'POST', '/v1/auth/login/second-factor', { body: { code: '000000' === totpCode(secret, now()) ? '111111' : '000000' }, idempotencyKey: null });
    expectProblem(wrong, 422, 'validation_failed');
    const ok = await withSession(t.url, half, 'POST', '/v1/auth/login/second-factor', { body: { code: totpCode(secret, now()) }, idempotencyKey: null });
    expect(ok.status).toBe(200);
    expect(ok.body.second_factor).toBe('verified');
    const cookie = /^((?:__Host-)?service_session=[^;]*)/.exec(ok.headers.get('set-cookie') ?? '')![1];
    expect(cookie).not.toBe(half.cookie);
    // The old cookie (that only knew the password) is no session any more; the new one opens everything.
    expect((await withSession(t.url, half, 'GET', '/v1/auth/session')).status).toBe(401);
    expect((await request(t.url, 'GET', '/v1/emitters', { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await audit('session.second_factor_verified')).toBe(1);
  });

  it('a code is accepted once: the same code again is refused', async () => {
    const half = await logIn(t.url, ANA, PASSWORD);
    const code = totpCode(secret, now());
    const again = await withSession(t.url, half, 'POST', '/v1/auth/login/second-factor', { body: { code }, idempotencyKey: null });
    expect(again.body.errors?.[0]?.code).toBe('second_factor_code_invalid');
  });

  it('a recovery code logs in once, is then spent, and the user is told', async () => {
    const first = await logIn(t.url, ANA, PASSWORD);
    const used = await withSession(t.url, first, 'POST', '/v1/auth/login/second-factor', { body: { recovery_code: recovery[0].toUpperCase() }, idempotencyKey: null });
    expect(used.status).toBe(200);
    const second = await logIn(t.url, ANA, PASSWORD);
    const reused = await withSession(t.url, second, 'POST', '/v1/auth/login/second-factor', { body: { recovery_code: recovery[0] }, idempotencyKey: null });
    expectProblem(reused, 422, 'validation_failed');
    expect(reused.body.errors).toEqual([{ path: 'recovery_code', code: 'second_factor_code_invalid', message: expect.any(String) }]);
    expect((await dbRows(t.db.url, 'select id from user_recovery_codes where used_at is not null')).length).toBe(1);
    expect(await audit('user.recovery_code_used')).toBe(1);
    await eventually(async () => (mailsTo(ANA, /código de recuperación/).length ? true : null), 15_000, 'aviso de código de recuperación');
  });
});

describe('turning it off', () => {
  it('needs the password and a code; either wrong changes nothing; then it is off, audited and e-mailed', async () => {
    clock.advance(60_000);
    const half = await logIn(t.url, ANA, PASSWORD);
    const ok = await withSession(t.url, half, 'POST', '/v1/auth/login/second-factor', { body: { code: totpCode(secret, now()) }, idempotencyKey: null });
    const s = { cookie: /^((?:__Host-)?service_session=[^;]*)/.exec(ok.headers.get('set-cookie') ?? '')![1], csrf: half.csrf };
    clock.advance(30_000);
    const badPassword = await withSession(t.url, s, 'POST', '/v1/auth/second-factor/disable', { body: { password: 'No-es-la-clave-2026', code: totpCode(secret, now()) }, idempotencyKey: null });
    expect(badPassword.body.errors?.[0]).toMatchObject({ path: 'password', code: 'current_password_incorrect' });
    const badCode = await withSession(t.url, s, 'POST', '/v1/auth/second-factor/disable', { body: { password: PASSWORD, code: '12345' }, idempotencyKey: null });
    expect(badCode.body.errors?.[0]).toMatchObject({ path: 'code', code: 'second_factor_code_invalid' });
    expect((await withSession(t.url, s, 'GET', '/v1/auth/second-factor')).body.enabled).toBe(true);
    const off = await withSession(t.url, s, 'POST', '/v1/auth/second-factor/disable', { body: { password: PASSWORD, code: totpCode(secret, now()) }, idempotencyKey: null });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await dbRows(t.db.url, 'select id from user_recovery_codes')).toEqual([]);
    expect(await audit('user.second_factor_disabled')).toBe(1);
    await eventually(async () => (mailsTo(ANA, /Desactivó/).length ? true : null), 15_000, 'aviso de desactivación');
    expect((await logIn(t.url, ANA, PASSWORD)).body.second_factor).toBe('none');
  });
});

describe('the owner requires it of every user', () => {
  it('a user without one must enrol at the next login (nothing else open), then the panel opens; over GraphQL too', async () => {
    const owner = await logIn(t.url, ANA, PASSWORD);
    const byMember = await withSession(t.url, await logIn(t.url, BETO, PASSWORD), 'PUT', '/v1/second-factor-policy', { body: { required: true } });
    expectProblem(byMember, 403, 'insufficient_role');
    expectProblem(await request(t.url, 'PUT', '/v1/second-factor-policy', { key: t.account.testKey, body: { required: true } }), 403, 'session_required');
    const set = await withSession(t.url, owner, 'PUT', '/v1/second-factor-policy', { body: { required: true } });
    expect(set.body).toEqual({ object: 'second_factor_policy', required: true });
    expect(await audit('account.second_factor_policy_changed')).toBe(1);
    await eventually(async () => (mailsTo(BETO, /exige/).length ? true : null), 15_000, 'aviso de la exigencia');

    const beto = await logIn(t.url, BETO, PASSWORD);
    expect(beto.body.second_factor).toBe('enrolment_required');
    expectProblem(await withSession(t.url, beto, 'GET', '/v1/documents'), 401, 'second_factor_required');
    const e = await withSession(t.url, beto, 'POST', '/v1/auth/second-factor/enrolment', { idempotencyKey: null });
    const confirm = await withSession(t.url, beto, 'POST', '/v1/auth/second-factor/enrolment/confirm', { body: { code: totpCode(e.body.secret, now()) }, idempotencyKey: null });
    expect(confirm.status).toBe(200);
    expect((await withSession(t.url, beto, 'GET', '/v1/documents')).status).toBe(200);

    const g = await graphqlWithSession(t.url, owner, 'mutation { setSecondFactorPolicy(required: false) { policy { required } errors { code } } }');
    expect(g.body.data.setSecondFactorPolicy).toEqual({ policy: { required: false }, errors: [] });
    const status = await graphqlWithSession(t.url, owner, '{ secondFactor { enabled accountRequired } }');
    expect(status.body.data.secondFactor).toEqual({ enabled: false, accountRequired: false });
  });
});

describe('the embedded default\'s demo user', () => {
  it('is exempt from the requirement while the account has no live credentials (and only on the embedded database)', async () => {
    // On an operator's database the demo e-mail is an ordinary user: the requirement holds.
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'demo@example.com', password: 'Clave-de-la-muestra-2026', role: 'owner' });
    await dbRows(t.db.url, 'update accounts set second_factor_required = true where id = $1', [t.account.id]);
    expect((await logIn(t.url, 'demo@example.com', 'Clave-de-la-muestra-2026')).body.second_factor).toBe('enrolment_required');
    await dbRows(t.db.url, 'update accounts set second_factor_required = false where id = $1', [t.account.id]);
  });
});
