import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '../support/http-client';
import { logIn, withSession } from '../support/panel-session';
import { runCli, startService, waitExit } from './process-helpers';

jest.setTimeout(180_000);

const PANEL_LINE = /^Panel: (http:\/\/127\.0\.0\.1:\d+)\/panel\/ {2}\(usuario (demo@\S+) · contraseña (\S+)\)$/m;

describe('the demo user and the users CLI (embedded defaults)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dte-panel-'));

  it('prints a working demo user with the same password while it is the demo one, never again once changed; the CLI creates users who log in', async () => {
    const first = await startService({ DATA_DIR: dataDir, PORT: '0' });
    const line = PANEL_LINE.exec(first.output());
    expect(line).not.toBeNull();
    const [, base, email, password] = line!;
    expect(base).toBe(first.url);
    const s = await logIn(first.url, email, password);
    expect(s.body.user).toEqual({ id: expect.stringMatching(/^usr_/), email, role: 'owner' });
    // The demo user's account is the demo key's account.
    const viaKey = await request(first.url, 'GET', '/v1/emitters', { key: first.key! });
    const viaSession = await withSession(first.url, s, 'GET', '/v1/emitters');
    expect(viaSession.body).toEqual(viaKey.body);

    // users create / list / set-password through the running service's database.
    const account = s.body.account_id;
    const created = await runCli(['users', 'create', '--account', account, '--email', 'Contadora@LasBrisas.com.sv', '--password', 'Clave-de-la-oficina-1', '--role', 'viewer', '--json'], { DATA_DIR: dataDir });
    expect([created.code, created.stderr]).toEqual([0, '']);
    expect(JSON.parse(created.stdout)).toEqual({ user_id: expect.stringMatching(/^usr_/), account_id: account, email: 'contadora@lasbrisas.com.sv', role: 'viewer' });
    const viewer = await logIn(first.url, 'contadora@lasbrisas.com.sv', 'Clave-de-la-oficina-1');
    expect(viewer.body.user.role).toBe('viewer');

    const dup = await runCli(['users', 'create', '--account', account, '--email', 'contadora@lasbrisas.com.sv', '--password', 'Otra-clave-123', '--json'], { DATA_DIR: dataDir });
    expect(dup.code).toBe(1);
    expect(JSON.parse(dup.stdout).error.code).toBe('email_taken');

    const list = await runCli(['users', 'list', '--account', account, '--json'], { DATA_DIR: dataDir });
    expect(JSON.parse(list.stdout).data.map((u: { email: string; role: string }) => [u.email, u.role])).toEqual([
      [email, 'owner'],
      ['contadora@lasbrisas.com.sv', 'viewer'],
    ]);

    const reset = await runCli(['users', 'set-password', '--email', 'contadora@lasbrisas.com.sv', '--password', 'Clave-nueva-2026', '--json'], { DATA_DIR: dataDir });
    expect(reset.code).toBe(0);
    // The user's open session ended; the new password works, the old one does not.
    expect((await withSession(first.url, viewer, 'GET', '/v1/auth/session')).status).toBe(401);
    expect((await request(first.url, 'POST', '/v1/auth/login', { body: { email: 'contadora@lasbrisas.com.sv', password: 'Clave-de-la-oficina-1' }, idempotencyKey: null })).status).toBe(401);
    await logIn(first.url, 'contadora@lasbrisas.com.sv', 'Clave-nueva-2026');
    // The passwords never reach the output.
    expect(first.output()).not.toContain('Clave-de-la-oficina-1');
    expect(first.output()).not.toContain('Clave-nueva-2026');

    first.child.kill('SIGTERM');
    expect(await waitExit(first.child)).toBe(0);

    const second = await startService({ DATA_DIR: dataDir, PORT: '0' });
    const again = PANEL_LINE.exec(second.output())!;
    expect([again[2], again[3]]).toEqual([email, password]);
    await logIn(second.url, email, password);

    // Once the demo password is changed, no start resets it or prints a password again.
    const changed = await runCli(['users', 'set-password', '--email', email, '--password', 'Clave-propia-nueva-2026', '--json'], { DATA_DIR: dataDir });
    expect(changed.code).toBe(0);
    second.child.kill('SIGTERM');
    expect(await waitExit(second.child)).toBe(0);
    const third = await startService({ DATA_DIR: dataDir, PORT: '0' });
    expect(PANEL_LINE.test(third.output())).toBe(false);
    expect(third.output()).toMatch(new RegExp(`^Panel: ${third.url}/panel/ {2}\\(usuario ${email}\\)$`, 'm'));
    expect(third.output()).not.toContain(password);
    expect((await request(third.url, 'POST', '/v1/auth/login', { body: { email, password }, idempotencyKey: null })).status).toBe(401);
    await logIn(third.url, email, 'Clave-propia-nueva-2026');
    expect(third.key).toBe(first.key);
    third.child.kill('SIGTERM');
    expect(await waitExit(third.child)).toBe(0);
  });
});
