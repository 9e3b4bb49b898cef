import { ManualClock } from '../../src/services/shared/clock';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually, startReceiver, type Receiver } from '../support/webhook-receiver';

/**
 * Certificate expiry notices, 30 and 7 days ahead, with a moved clock: the webhook event
 * `credential.expiring` reaches a real receiver and the e-mail a real SMTP server, once per
 * threshold however often the job runs.
 */
const DAY = 86_400_000;
// The test certificate is valid from the real "now": the issuer is set up then, and the clock moved after.
const clock = new ManualClock();
let smtp: TestSmtp;
let receiver: Receiver;
let t: TestApp;
let issuer: Issuer;
let validUntil: Date;

const run = () => t.app.services.notifyExpiringCredentials.execute();
const expiringEvents = () => receiver.received.map((r) => JSON.parse(r.body) as { type: string; environment: string; data: Record<string, unknown> }).filter((e) => e.type === 'credential.expiring');

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startReceiver();
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', MAIL_FROM: 'Avisos <avisos@servicio.sv>' }, { clock });
  clock.set(new Date(Date.now() + 5_000));
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141111111118' });
  const [row] = await dbRows<{ certificate_valid_until: Date }>(t.db.url, 'select certificate_valid_until from emitter_credentials where emitter_id = $1', [issuer.emitterId]);
  validUntil = new Date(row.certificate_valid_until);
  const hook = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: t.account.testKey, body: { url: receiver.url, events: ['credential.expiring'] } });
  expect(hook.status).toBe(201);
  for (const [email, role] of [['duena@example.com', 'owner'], ['socio@example.com', 'owner'], ['contador@example.com', 'member']] as const) {
    await t.app.services.createUser.execute({ accountId: t.account.id, email, password: 'Clave-del-panel-1', role });
  }
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await receiver?.close();
  await smtp?.close();
});

describe('certificate expiry notices', () => {
  it('says nothing 31 days ahead, announces at 30 days once, and again at 7 days once', async () => {
    clock.set(new Date(validUntil.getTime() - 31 * DAY));
    expect(await run()).toEqual({ announced: 0, emailsSent: 0, emailsFailed: 0 });

    clock.set(new Date(validUntil.getTime() - 30 * DAY + 3_600_000));
    expect(await run()).toEqual({ announced: 1, emailsSent: 1, emailsFailed: 0 });
    expect(await run()).toEqual({ announced: 0, emailsSent: 0, emailsFailed: 0 });
    const [first] = await eventually(async () => (expiringEvents().length ? expiringEvents() : undefined), 15_000, 'credential.expiring a 30 días');
    expect(first).toMatchObject({ type: 'credential.expiring', environment: '00', data: { object: 'credential', emitter_id: issuer.emitterId, environment: '00', expires_at: validUntil.toISOString(), days_left: 29, threshold_days: 30 } });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].envelope.to.sort()).toEqual(['duena@example.com', 'socio@example.com']);
    expect(smtp.messages[0].mail.subject).toMatch(/vence en 29 días/);
    expect(smtp.messages[0].mail.text).toContain(`NIT ${issuer.nit}`);

    clock.set(new Date(validUntil.getTime() - 7 * DAY + 3_600_000));
    expect(await run()).toEqual({ announced: 1, emailsSent: 1, emailsFailed: 0 });
    expect(await run()).toEqual({ announced: 0, emailsSent: 0, emailsFailed: 0 });
    const events = await eventually(async () => (expiringEvents().length === 2 ? expiringEvents() : undefined), 15_000, 'credential.expiring a 7 días');
    expect(events[1].data).toMatchObject({ days_left: 6, threshold_days: 7, expires_at: validUntil.toISOString() });
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1].mail.subject).toMatch(/vence en 6 días/);

    // A rerun later (a restarted worker, a second process) announces nothing again.
    clock.set(new Date(validUntil.getTime() - 2 * DAY));
    expect(await run()).toEqual({ announced: 0, emailsSent: 0, emailsFailed: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(expiringEvents()).toHaveLength(2);
    expect(smtp.messages).toHaveLength(2);
  }, 60_000);

  it('a certificate first seen within 7 days gets the 7-day notice alone; a failed e-mail is sent by the next run', async () => {
    clock.set(new Date(Date.now() + 5_000));
    const late = await createIssuer(t.url, t.account.testKey, { nit: '06142222222227' });
    const [row] = await dbRows<{ certificate_valid_until: Date }>(t.db.url, 'select certificate_valid_until from emitter_credentials where emitter_id = $1', [late.emitterId]);
    const until = new Date(row.certificate_valid_until);
    const mails = smtp.messages.length;
    smtp.rcpt = () => 451;
    clock.set(new Date(until.getTime() - 5 * DAY));
    expect(await run()).toEqual({ announced: 1, emailsSent: 0, emailsFailed: 1 });
    const notices = await dbRows<{ threshold: number; announced: boolean; email_sent_at: Date | null }>(t.db.url, 'select threshold, announced, email_sent_at from credential_expiry_notices where emitter_id = $1 order by threshold', [late.emitterId]);
    expect(notices).toEqual([{ threshold: 7, announced: true, email_sent_at: null }, { threshold: 30, announced: false, email_sent_at: null }]);
    smtp.rcpt = () => null;
    expect(await run()).toEqual({ announced: 0, emailsSent: 1, emailsFailed: 0 });
    expect(smtp.messages).toHaveLength(mails + 1);
    expect(smtp.messages[mails].mail.subject).toMatch(/vence en 5 días/);
    const events = await eventually(async () => {
      const e = expiringEvents().filter((x) => x.data.emitter_id === late.emitterId);
      return e.length ? e : undefined;
    }, 15_000, 'credential.expiring del segundo emisor');
    expect(events.map((e) => e.data.threshold_days)).toEqual([7]);
  }, 60_000);
});
