import { hostname, userInfo } from 'node:os';
import { runCli } from '../scenarios/process-helpers';
import { dbRows } from '../support/db-rows';
import { logIn, withSession } from '../support/panel-session';
import { startTestApp, TEST_MASTER_KEY, type TestApp } from '../support/test-app';

/**
 * The command line's key, user and password actions in the audit log, run as the operator runs them
 * (`npm run cli`, a process of its own on the same PostgreSQL): actor `cli`, the operating-system
 * user and host as the origin, the same entry shapes as the panel's, a refused command records nothing.
 */
jest.setTimeout(180_000);

let t: TestApp;
const PASSWORD = 'Clave-del-panel-2026';
const OPERATOR = `cli ${userInfo().username}@${hostname()}`;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@lasbrisas.com.sv', password: PASSWORD, role: 'owner' });
});
afterAll(async () => {
  await t.stop();
});

async function cli(...args: string[]): Promise<Record<string, any>> {
  const r = await runCli([...args, '--json'], { DATABASE_URL: t.db.url, DTE_MASTER_KEY: TEST_MASTER_KEY, LOG_LEVEL: 'error' });
  const body = JSON.parse(r.stdout || '{}');
  return { code: r.code, ...body };
}

const entriesOf = (accountId: string) =>
  dbRows<Record<string, any>>(t.db.url, 'select action, actor_type, actor_user_id, actor_email, actor_key_id, ip, user_agent, target_type, target_id, details from audit_entries where account_id = $1 and actor_type = $2 order by id', [accountId, 'cli']);

describe('the CLI in the audit log', () => {
  it('records keys created and revoked, a user created and a password set, with actor cli and the operator as origin', async () => {
    const cliBy = { actor_type: 'cli', actor_user_id: null, actor_email: null, actor_key_id: null, ip: null, user_agent: OPERATOR };
    const key = await cli('keys', 'create', '--account', t.account.id, '--environment', '00', '--scopes', 'documents:read', '--description', 'ERP por consola');
    expect(key).toMatchObject({ code: 0, id: expect.stringMatching(/^key_/) });
    expect((await cli('keys', 'revoke', '--key', key.id)).code).toBe(0);
    // A second revocation changes nothing and records nothing.
    expect((await cli('keys', 'revoke', '--key', key.id)).code).toBe(0);
    const user = await cli('users', 'create', '--account', t.account.id, '--email', 'Consola@LasBrisas.com.sv', '--password', 'Clave-de-la-terminal-2026', '--role', 'viewer');
    expect(user).toMatchObject({ code: 0, user_id: expect.stringMatching(/^usr_/) });
    await logIn(t.url, 'consola@lasbrisas.com.sv', 'Clave-de-la-terminal-2026');
    expect((await cli('users', 'set-password', '--email', 'consola@lasbrisas.com.sv', '--password', 'Otra-clave-de-la-terminal')).code).toBe(0);
    // Refused: the e-mail is taken. Nothing is recorded.
    expect(await cli('users', 'create', '--account', t.account.id, '--email', 'consola@lasbrisas.com.sv', '--password', 'Clave-de-la-terminal-2026')).toMatchObject({ code: 1, error: { code: 'email_taken' } });

    const prefix = (await dbRows<{ display_prefix: string }>(t.db.url, 'select display_prefix from api_keys where id = $1', [key.id]))[0].display_prefix;
    expect(await entriesOf(t.account.id)).toEqual([
      { action: 'api_key.created', ...cliBy, target_type: 'api_key', target_id: key.id, details: { name: 'ERP por consola', environment: '00', scopes: ['documents:read'], prefix } },
      { action: 'api_key.revoked', ...cliBy, target_type: 'api_key', target_id: key.id, details: { name: 'ERP por consola', environment: '00', prefix } },
      { action: 'user.created', ...cliBy, target_type: 'user', target_id: user.user_id, details: { email: 'consola@lasbrisas.com.sv', role: 'viewer' } },
      { action: 'user.password_set', ...cliBy, target_type: 'user', target_id: user.user_id, details: { sessions_ended: 1 } },
    ]);
    const all = JSON.stringify(await dbRows(t.db.url, 'select * from audit_entries'));
    expect(all).not.toContain('Clave-de-la-terminal-2026');
    expect(all).not.toContain('Otra-clave-de-la-terminal');

    // The owner reads them in the log (REST), the actor as `cli`.
    const s = await logIn(t.url, 'duena@lasbrisas.com.sv', PASSWORD);
    const log = await withSession(t.url, s, 'GET', '/v1/audit-log?limit=100');
    expect(log.status).toBe(200);
    expect(log.body.data.find((e: { action: string }) => e.action === 'user.password_set')).toMatchObject({ actor: { type: 'cli', id: null, email: null, key_id: null }, ip: null, user_agent: OPERATOR });
  });

  it('records the two keys of an account created from the CLI', async () => {
    const a = await cli('accounts', 'create', '--name', 'Cuenta de consola');
    expect(a.code).toBe(0);
    const rows = await entriesOf(a.account_id);
    expect(rows.map((r) => [r.action, r.actor_type, r.user_agent, r.details.environment])).toEqual([
      ['api_key.created', 'cli', OPERATOR, '00'],
      ['api_key.created', 'cli', OPERATOR, '01'],
    ]);
  });

  it('records the embed origins an operator sets, and nothing for a refused list', async () => {
    const a = await cli('accounts', 'create', '--name', 'Cuenta incrustada');
    const set = await cli('accounts', 'set-embed-origins', '--account', a.account_id, '--origins', 'https://erp.ejemplo.com,https://ERP.ejemplo.com/');
    expect(set).toMatchObject({ code: 0, embed_origins: ['https://erp.ejemplo.com'] });
    expect((await cli('accounts', 'set-embed-origins', '--account', a.account_id, '--origins', 'https://erp.ejemplo.com/vista')).code).toBe(1);
    const rows = (await entriesOf(a.account_id)).filter((r) => r.action === 'account.embed_origins_changed');
    expect(rows).toEqual([
      { action: 'account.embed_origins_changed', actor_type: 'cli', actor_user_id: null, actor_email: null, actor_key_id: null, ip: null, user_agent: OPERATOR, target_type: 'account', target_id: a.account_id, details: { origins: ['https://erp.ejemplo.com'], before: [] } },
    ]);
  });
});
