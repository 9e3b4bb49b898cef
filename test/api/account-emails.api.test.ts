import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { logIn, withSession } from '../support/panel-session';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';
import { ManualClock } from '../../src/services/shared/clock';

/**
 * Invitation and password-reset e-mails through a real SMTP server that refuses the first attempt:
 * they wait in account_emails (the message sealed, since it holds the link), are retried with the
 * document e-mails' back-off and arrive with a link that works; one whose link expires before any
 * attempt succeeds ends `failed` and its message is erased.
 */
const clock = new ManualClock(new Date('2026-11-25T15:00:00Z'));
let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_BASE_MS: '50', PUBLIC_BASE_URL: 'https://facturas.example.com' }, { clock });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
  await smtp.close();
});
beforeEach(() => {
  // No throttling window or link carries over from one test to the next.
  clock.advance(2 * 3600_000);
  smtp.rcpt = () => null;
});

interface Row {
  id: string;
  kind: string;
  recipient: string;
  status: string;
  attempts: number;
  sealed_message: string | null;
  last_error: string | null;
}
const rowsTo = (to: string) => dbRows<Row>(t.db.url, 'select id, kind, recipient, status, attempts, sealed_message, last_error from account_emails where recipient = $1 order by id', [to]);
const messagesTo = (to: string) => smtp.messages.filter((m) => m.envelope.to.includes(to));

/** Refuses RCPT for `to` once with a transient 451, then accepts. */
function refuseOnce(to: string): void {
  let refused = false;
  smtp.rcpt = (a) => (a === to && !refused ? ((refused = true), 451) : null);
}

/** Waits for the first (refused) attempt, then moves the clock past the retry's time and lets the worker send it. */
async function deliveredAfterRetry(to: string): Promise<{ text: string; pending: Row }> {
  const pending = await eventually(async () => (await rowsTo(to)).find((r) => r.attempts === 1), 15_000, `primer intento a ${to}`);
  expect(pending).toMatchObject({ status: 'pending', attempts: 1, last_error: expect.stringContaining('451') });
  expect(messagesTo(to)).toHaveLength(0);
  clock.advance(1000);
  const mail = await eventually(async () => {
    await t.app.services.deliverAccountEmail.drainDue();
    return messagesTo(to)[0];
  }, 15_000, `correo a ${to} tras el reintento`);
  return { text: mail.mail.text ?? '', pending };
}

describe('invitation and password-reset e-mails', () => {
  it('an invitation refused by SMTP once is retried and delivered; its link works', async () => {
    const to = 'nuevo@lasbrisas.com.sv';
    refuseOnce(to);
    const s = await logIn(t.url, OWNER, PASSWORD);
    expect((await withSession(t.url, s, 'POST', '/v1/users', { body: { email: to, role: 'member' } })).status).toBe(201);
    const { text, pending } = await deliveredAfterRetry(to);
    const token = /https:\/\/facturas\.example\.com\/panel\/invitacion#([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    // At rest the message was sealed: neither the token nor the link could be read from the table.
    expect(pending.sealed_message).toMatch(/^v1\./);
    expect(pending.sealed_message).not.toContain(token!);
    expect(await rowsTo(to)).toEqual([{ id: pending.id, kind: 'invitation', recipient: to, status: 'sent', attempts: 2, sealed_message: null, last_error: null }]);
    expect(messagesTo(to)).toHaveLength(1);
    expect((await request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: 'Clave-del-invitado-2026' }, idempotencyKey: null })).status).toBe(204);
    await logIn(t.url, to, 'Clave-del-invitado-2026');
  });

  it('a password-reset link refused by SMTP once is retried and delivered; its link works', async () => {
    const to = 'olvido@lasbrisas.com.sv';
    await t.app.services.createUser.execute({ accountId: t.account.id, email: to, password: PASSWORD, role: 'viewer' });
    refuseOnce(to);
    expect((await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: to }, idempotencyKey: null })).status).toBe(202);
    const { text, pending } = await deliveredAfterRetry(to);
    const token = /https:\/\/facturas\.example\.com\/panel\/restablecer-contrasena#([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    expect(await rowsTo(to)).toEqual([{ id: pending.id, kind: 'password_reset', recipient: to, status: 'sent', attempts: 2, sealed_message: null, last_error: null }]);
    expect((await request(t.url, 'POST', '/v1/auth/password-reset/confirm', { body: { token, password: 'Otra-clave-segura-2026' }, idempotencyKey: null })).status).toBe(204);
    await logIn(t.url, to, 'Otra-clave-segura-2026');
  });

  it('stops when the link expires before any attempt went through: failed, its message erased, nothing sent', async () => {
    const to = 'sin-buzon@lasbrisas.com.sv';
    await t.app.services.createUser.execute({ accountId: t.account.id, email: to, password: PASSWORD, role: 'viewer' });
    smtp.rcpt = (a) => (a === to ? 451 : null);
    expect((await request(t.url, 'POST', '/v1/auth/password-reset', { body: { email: to }, idempotencyKey: null })).status).toBe(202);
    const pending = await eventually(async () => (await rowsTo(to)).find((r) => r.attempts === 1), 15_000, 'primer intento');
    clock.advance(31 * 60_000);
    await eventually(async () => {
      await t.app.services.deliverAccountEmail.drainDue();
      return (await rowsTo(to))[0].status === 'failed';
    }, 15_000, 'correo vencido');
    expect(await rowsTo(to)).toEqual([{ id: pending.id, kind: 'password_reset', recipient: to, status: 'failed', attempts: 1, sealed_message: null, last_error: 'El enlace del correo expiró antes de poder enviarlo; la persona debe pedir uno nuevo.' }]);
    expect(messagesTo(to)).toHaveLength(0);
  });
});
