import { ManualClock } from '../../src/services/shared/clock';
import { LOGIN_THROTTLE } from '../../src/domain/identity/login-throttle';
import { dbRows } from '../support/db-rows';
import { postFrom } from '../support/from-address';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

/**
 * Failed logins are limited per account whatever the address (ASVS 2.2.1): wrong passwords for one
 * user spread over 24 addresses are stopped long before the 100th, the right password waits out the
 * lock too, the user is told by e-mail, and other users of the same addresses are not locked out.
 */
const clock = new ManualClock(new Date('2026-11-25T15:00:00Z'));
let t: TestApp;
let smtp: TestSmtp;
const PASSWORD = 'Clave-del-panel-2026';
const VICTIM = 'contadora@lasbrisas.com.sv';
const NEIGHBOUR = 'vendedor@lasbrisas.com.sv';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_BASE_MS: '50' }, { clock });
  for (const email of [VICTIM, NEIGHBOUR]) await t.app.services.createUser.execute({ accountId: t.account.id, email, password: PASSWORD, role: 'member' });
});
afterAll(async () => {
  await t.stop();
  await smtp.close();
});

const login = (from: string, email: string, password: string) => postFrom(t.url, from, '/v1/auth/login', { email, password });
const address = (i: number) => `127.0.0.${2 + (i % 24)}`;

it('120 wrong passwords over 24 addresses: stopped before the 100th, the right one waits too, the user is told once, neighbours unaffected', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 120; i++) statuses.push((await login(address(i), VICTIM, `Intento-equivocado-${i}`)).status);
  const firstRefused = statuses.indexOf(429);
  expect(firstRefused).toBeGreaterThan(-1);
  expect(firstRefused).toBeLessThan(99);
  expect(firstRefused).toBe(LOGIN_THROTTLE.accountLimit);
  expect(statuses.slice(0, firstRefused).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(firstRefused).every((s) => s === 429)).toBe(true);
  // Only the checked failures were recorded: the refused attempts cost no Argon2id check.
  expect(await dbRows(t.db.url, 'select count(*)::int as n from login_failures where email = $1', [VICTIM])).toEqual([{ n: LOGIN_THROTTLE.accountLimit }]);

  // The right password, from an address never used, is refused while the lock holds.
  const locked = await login('127.0.0.99', VICTIM, PASSWORD);
  expect(locked.status).toBe(429);
  expect(locked.body.type).toMatch(/\/problems\/login_throttled$/);
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  // Another user of the same addresses logs in.
  expect((await login(address(0), NEIGHBOUR, PASSWORD)).status).toBe(200);

  // The user is told, once, by e-mail; the lock is in the audit log.
  const mail = await eventually(async () => smtp.messages.find((m) => m.envelope.to.includes(VICTIM)) ?? null, 15_000, 'aviso de bloqueo');
  expect(mail!.mail.subject).toMatch(/bloquead/);
  expect(smtp.messages.filter((m) => m.envelope.to.includes(VICTIM))).toHaveLength(1);
  expect(await dbRows(t.db.url, "select action from audit_entries where action = 'session.login_locked'")).toEqual([{ action: 'session.login_locked' }]);

  // Once the window has passed, the right password works again.
  clock.advance(LOGIN_THROTTLE.accountWindowMs + 1000);
  expect((await login('127.0.0.99', VICTIM, PASSWORD)).status).toBe(200);
});
