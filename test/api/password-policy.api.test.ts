import { commonPasswordEntries, COMMON_PASSWORD_COUNT } from '../../src/integrations/passwords/common-passwords';
import { dbRows } from '../support/db-rows';
import { graphqlWithSession, logIn, withSession } from '../support/panel-session';
import { request } from '../support/http-client';
import { expectProblem } from '../support/problem-assertions';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

/**
 * Passwords (ASVS 2.1): the 100,000 most common are refused, and any holding the e-mail's local part or
 * the account's name; a logged-in user changes their own with the current one (REST and GraphQL), the
 * other sessions end, and the user is told by e-mail of every password change.
 */
let t: TestApp;
let smtp: TestSmtp;
const EMAIL = 'contadora@lasbrisas.com.sv';
const PASSWORD = 'Frase-larga-del-panel-2026';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_BASE_MS: '50' });
  await dbRows(t.db.url, "update accounts set name = 'Comercial Las Brisas' where id = $1", [t.account.id]);
  await t.app.services.createUser.execute({ accountId: t.account.id, email: EMAIL, password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
  await smtp.close();
});

const noticesTo = (to: string) => smtp.messages.filter((m) => m.envelope.to.includes(to) && /contraseña/.test(m.mail.subject ?? ''));

it('the shipped list holds the 100,000 most common passwords', () => {
  expect(commonPasswordEntries()).toBe(COMMON_PASSWORD_COUNT);
});

describe('a new password is refused (422 naming it) when it', () => {
  it.each([
    ['is among the most common (12+ characters)', '123qweasdzxc'],
    ['is among the most common, in other case', '1QAZ2WSX3EDC'],
    ['contains the e-mail\'s local part', 'Mi-Contadora-Favorita-2026'],
    ['contains the account\'s name, without spaces or accents', 'clave comerciallasbrisas!'],
    ['contains the account\'s name as written', 'Comercial Las Brisas 2026'],
  ])('%s', async (_label, candidate) => {
    const s = await logIn(t.url, EMAIL, PASSWORD);
    const before = await dbRows(t.db.url, 'select password_hash from users where email = $1', [EMAIL]);
    const r = await withSession(t.url, s, 'POST', '/v1/auth/password', { body: { current_password: PASSWORD, new_password: candidate }, idempotencyKey: null });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors).toEqual([{ path: 'new_password', code: 'invalid_value', message: expect.any(String) }]);
    expect(await dbRows(t.db.url, 'select password_hash from users where email = $1', [EMAIL])).toEqual(before);
    // The same rules at creation (CLI) and through GraphQL.
    await expect(t.app.services.createUser.execute({ accountId: t.account.id, email: 'otra@lasbrisas.com.sv', password: candidate.replace(/contadora/i, 'otra') })).rejects.toMatchObject({ code: expect.any(String) });
    const g = await graphqlWithSession(t.url, s, 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { passwordChange { changed } errors { field code } } }', { input: { currentPassword: PASSWORD, newPassword: candidate } });
    expect(g.body.data.changePassword).toEqual({ passwordChange: null, errors: [{ field: 'newPassword', code: 'INVALID_VALUE' }] });
  });
});

describe('changing one\'s own password', () => {
  it('with a wrong current password: 422 current_password_incorrect, counted as a failed login, nothing changed', async () => {
    const s = await logIn(t.url, EMAIL, PASSWORD);
    const failures = async () => (await dbRows<{ n: number }>(t.db.url, 'select count(*)::int as n from login_failures where email = $1', [EMAIL]))[0].n;
    const before = await failures();
    const r = await withSession(t.url, s, 'POST', '/v1/auth/password', { body: { current_password: 'No-es-la-actual-123', new_password: 'Otra-frase-muy-segura-77' }, idempotencyKey: null });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors).toEqual([{ path: 'current_password', code: 'current_password_incorrect', message: expect.any(String) }]);
    expect(await failures()).toBe(before + 1);
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email: EMAIL, password: PASSWORD }, idempotencyKey: null })).status).toBe(200);
  });

  it('needs a panel session and its CSRF token; an API key gets nothing done', async () => {
    expect((await request(t.url, 'POST', '/v1/auth/password', { key: t.account.testKey, body: { current_password: PASSWORD, new_password: 'Otra-frase-muy-segura-77' }, idempotencyKey: null })).status).toBe(401);
    const s = await logIn(t.url, EMAIL, PASSWORD);
    const noCsrf = await withSession(t.url, { ...s, csrf: 'x' }, 'POST', '/v1/auth/password', { body: { current_password: PASSWORD, new_password: 'Otra-frase-muy-segura-77' }, idempotencyKey: null });
    expect(noCsrf.status).toBe(403);
  });

  it('with the current one: 204, this session goes on, the others end, it is audited and the user is told by e-mail', async () => {
    const other = await logIn(t.url, EMAIL, PASSWORD);
    const mine = await logIn(t.url, EMAIL, PASSWORD);
    const told = noticesTo(EMAIL).length;
    const r = await withSession(t.url, mine, 'POST', '/v1/auth/password', { body: { current_password: PASSWORD, new_password: 'Otra-frase-muy-segura-77' }, idempotencyKey: null });
    expect(r.status).toBe(204);
    expect((await withSession(t.url, mine, 'GET', '/v1/auth/session')).status).toBe(200);
    expect((await withSession(t.url, other, 'GET', '/v1/auth/session')).status).toBe(401);
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email: EMAIL, password: PASSWORD }, idempotencyKey: null })).status).toBe(401);
    expect((await dbRows(t.db.url, "select action from audit_entries where action = 'user.password_changed'")).length).toBe(1);
    await eventually(async () => (noticesTo(EMAIL).length > told ? true : null), 15_000, 'aviso de cambio de contraseña');
    // Back through GraphQL.
    const g = await graphqlWithSession(t.url, mine, 'mutation($input: ChangePasswordInput!) { changePassword(input: $input) { passwordChange { changed } errors { field code } } }', { input: { currentPassword: 'Otra-frase-muy-segura-77', newPassword: PASSWORD } });
    expect(g.body.data.changePassword).toEqual({ passwordChange: { changed: true }, errors: [] });
  });

  it('the CLI setting a password tells the user too', async () => {
    const told = noticesTo(EMAIL).length;
    await t.app.services.setUserPassword.execute({ email: EMAIL, password: 'Frase-puesta-por-la-CLI-9' });
    await eventually(async () => (noticesTo(EMAIL).length > told ? true : null), 15_000, 'aviso de la CLI');
  });
});
