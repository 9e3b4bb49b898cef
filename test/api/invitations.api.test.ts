/**
 * Invitations last 7 days and the owner resends or revokes a pending one (ADR 0043), over REST and
 * GraphQL: `invitation.expires_at` is 7 days after each e-mail, the e-mail says so, a resend's link
 * replaces the earlier one, a revoked invitation's user and link are gone, and an accepted user's
 * invitation cannot be resent or revoked (409, nothing changed). Time moves on the clock port.
 */
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { graphqlWithSession, logIn, withSession, type PanelSession } from '../support/panel-session';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';
import { ManualClock } from '../../src/services/shared/clock';

const clock = new ManualClock(new Date('2026-11-25T15:00:00Z'));
const DAY = 24 * 3600_000;
let t: TestApp;
let smtp: TestSmtp;
let owner: PanelSession;
const PASSWORD = 'Clave-del-panel-2026';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://facturas.example.com' }, { clock });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@invita.com.sv', password: PASSWORD, role: 'owner' });
  owner = await logIn(t.url, 'duena@invita.com.sv', PASSWORD);
});
afterAll(async () => {
  await t.stop();
  await smtp.close();
});

/** The links e-mailed to `to`, oldest first. */
async function linksTo(to: string, count: number): Promise<string[]> {
  return eventually(async () => {
    await t.app.services.deliverAccountEmail.drainDue();
    const tokens = smtp.messages.filter((m) => m.envelope.to.includes(to)).map((m) => /\/panel\/invitacion#([A-Za-z0-9_-]{43})/.exec(m.mail.text ?? '')?.[1]);
    return tokens.length >= count ? (tokens as string[]) : undefined;
  }, 15_000, `${count} correos a ${to}`);
}

const accept = (token: string) => request(t.url, 'POST', '/v1/auth/invitations/accept', { body: { token, password: 'Clave-del-invitado-2026' }, idempotencyKey: null });
const users = async () => (await withSession(t.url, owner, 'GET', '/v1/users')).body.data as Record<string, any>[];
// The session stays alive across the clock's jumps: log in again after each one.
const freshOwner = async () => (owner = await logIn(t.url, 'duena@invita.com.sv', PASSWORD));

describe('invitations', () => {
  it('a new invitation expires 7 days after its e-mail, which says so; its link still works on day 6', async () => {
    const now = clock.now();
    const r = await withSession(t.url, owner, 'POST', '/v1/users', { body: { email: 'siete@invita.com.sv', role: 'member' } });
    expect(r.status).toBe(201);
    expect(r.body.invitation).toEqual({ sent_at: now.toISOString(), expires_at: new Date(now.getTime() + 7 * DAY).toISOString() });
    expect((await users()).find((u) => u.id === r.body.id)?.invitation).toEqual(r.body.invitation);
    const [link] = await linksTo('siete@invita.com.sv', 1);
    expect(smtp.messages.find((m) => m.envelope.to.includes('siete@invita.com.sv'))?.mail.text).toContain('El enlace vale 7 días');
    clock.advance(6 * DAY);
    expect((await accept(link)).status).toBe(204);
    await freshOwner();
    expect((await users()).find((u) => u.id === r.body.id)).toMatchObject({ status: 'active', invitation: null });
  });

  it('«Reenviar»: a new link valid 7 days from the resend, the earlier one dead; over REST and GraphQL', async () => {
    const r = await withSession(t.url, owner, 'POST', '/v1/users', { body: { email: 'reenvio@invita.com.sv', role: 'viewer' } });
    const [first] = await linksTo('reenvio@invita.com.sv', 1);
    clock.advance(6 * DAY);
    await freshOwner();
    const resent = await withSession(t.url, owner, 'POST', `/v1/users/${r.body.id}/invitation/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ id: r.body.id, status: 'invited', invitation: { sent_at: clock.now().toISOString(), expires_at: new Date(clock.now().getTime() + 7 * DAY).toISOString() } });
    const [, second] = await linksTo('reenvio@invita.com.sv', 2);
    expect(second).not.toBe(first);
    expect((await accept(first)).status).toBe(410);

    const g = await graphqlWithSession(t.url, owner, 'mutation($id: ID!) { resendInvitation(userId: $id) { user { status invitation { expiresAt } } errors { code } } }', { id: r.body.id });
    expect(g.body.data.resendInvitation).toEqual({ user: { status: 'invited', invitation: { expiresAt: new Date(clock.now().getTime() + 7 * DAY).toISOString() } }, errors: [] });
    const [, , third] = await linksTo('reenvio@invita.com.sv', 3);
    expect((await accept(second)).status).toBe(410);
    // Past its 7 days the newest link is dead too.
    clock.advance(7 * DAY + 1000);
    expect((await accept(third)).status).toBe(410);
    await freshOwner();
  });

  it('«Revocar»: the invited user and the link are gone; over REST and GraphQL, each in the audit log', async () => {
    const a = await withSession(t.url, owner, 'POST', '/v1/users', { body: { email: 'revocada@invita.com.sv', role: 'member' } });
    const b = await withSession(t.url, owner, 'POST', '/v1/users', { body: { email: 'revocado@invita.com.sv', role: 'member' } });
    const [link] = await linksTo('revocada@invita.com.sv', 1);
    expect((await withSession(t.url, owner, 'DELETE', `/v1/users/${a.body.id}/invitation`)).status).toBe(204);
    // A second later, so the audit log's newest-first order is the order they happened in.
    clock.advance(1000);
    const g = await graphqlWithSession(t.url, owner, 'mutation($id: ID!) { revokeInvitation(userId: $id) { user { id email status } errors { code } } }', { id: b.body.id });
    expect(g.body.data.revokeInvitation).toEqual({ user: { id: b.body.id, email: 'revocado@invita.com.sv', status: 'invited' }, errors: [] });
    expect((await users()).map((u) => u.email)).not.toEqual(expect.arrayContaining(['revocada@invita.com.sv']));
    expect((await users()).map((u) => u.email)).not.toContain('revocado@invita.com.sv');
    expect((await accept(link)).status).toBe(410);
    const audit = (await withSession(t.url, owner, 'GET', '/v1/audit-log?action=user.invitation_revoked')).body.data;
    expect(audit.map((e: Record<string, any>) => [e.target.label, e.actor.email])).toEqual([
      ['revocado@invita.com.sv', 'duena@invita.com.sv'],
      ['revocada@invita.com.sv', 'duena@invita.com.sv'],
    ]);
    const resent = (await withSession(t.url, owner, 'GET', '/v1/audit-log?action=user.invitation_resent')).body.data;
    expect(resent.map((e: Record<string, any>) => e.target.label)).toEqual(['reenvio@invita.com.sv', 'reenvio@invita.com.sv']);
  });

  it('an accepted user’s invitation is neither resent nor revoked: 409 invitation_not_pending and nothing changes', async () => {
    const active = (await users()).find((u) => u.email === 'siete@invita.com.sv')!;
    const before = await dbRows(t.db.url, 'select count(*)::int as n from user_tokens where user_id = $1', [active.id]);
    const resend = await withSession(t.url, owner, 'POST', `/v1/users/${active.id}/invitation/resend`);
    expect({ status: resend.status, type: resend.body.type }).toEqual({ status: 409, type: expect.stringMatching(/\/problems\/invitation_not_pending$/) });
    const revoke = await withSession(t.url, owner, 'DELETE', `/v1/users/${active.id}/invitation`);
    expect(revoke.status).toBe(409);
    const g = await graphqlWithSession(t.url, owner, 'mutation($id: ID!) { revokeInvitation(userId: $id) { user { id } errors { code } } }', { id: active.id });
    expect(g.body.data.revokeInvitation).toEqual({ user: null, errors: [{ code: 'INVITATION_NOT_PENDING' }] });
    expect((await users()).find((u) => u.id === active.id)).toMatchObject({ status: 'active' });
    expect(await dbRows(t.db.url, 'select count(*)::int as n from user_tokens where user_id = $1', [active.id])).toEqual(before);
  });
});
