/**
 * The panel's front door in Chromium: the login form's pinned labels, the wrong-password and
 * throttling messages, the «Pruebas» badge and the environment switch, «Cerrar sesión» (the old
 * cookie is dead on the server at once), the way from the login screen to a password-reset link
 * e-mailed through a real SMTP server and back in with the new password, and an e-mailed invitation
 * accepted on its own page.
 */
import type { Browser, Page } from 'playwright-core';
import { request } from '../support/http-client';
import { logIn, withSession } from '../support/panel-session';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { eventually } from '../support/webhook-receiver';
import { describeBrowser, fillLogin, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let smtp: TestSmtp;

describeBrowser('panel login, environment and logout in Chromium', () => {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    [t, browser] = await Promise.all([startTestApp({ SMTP_URL: smtp.url }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'contador@lasbrisas.com.sv', password: PASSWORD, role: 'member' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await smtp?.close();
  });

  const loginAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/v1/auth/login'));

  it('shows the login form, refuses a wrong password in Spanish and lets the right one in', async () => {
    const { page, context } = await newPanelPage(browser);
    await page.goto(`${t.url}/panel/`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();

    const refused = loginAnswer(page);
    await fillLogin(page, OWNER, 'no-es-la-clave');
    expect((await refused).status()).toBe(401);
    await page.getByRole('alert').filter({ hasText: 'El correo electrónico o la contraseña no son correctos.' }).waitFor();
    await screenshotBoth(page, 'login');

    const accepted = loginAnswer(page);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    expect((await accepted).status()).toBe(200);
    // The first screen after login is the documents list, with «Documentos» in the navigation.
    await page.getByRole('heading', { level: 1, name: 'Documentos' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Documentos' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/panel/documentos');
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'service_session')!;
    expect(session).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
    // No credential in the page's storage.
    const stored = await page.evaluate(() => JSON.stringify({ ...(globalThis as any).localStorage }) + JSON.stringify({ ...(globalThis as any).sessionStorage }));
    expect(stored).not.toMatch(/service_session|csrf/i);
    await context.close();
  }, 120_000);

  it('after five wrong passwords says to wait, the right password included', async () => {
    const { page, context } = await newPanelPage(browser);
    await page.goto(`${t.url}/panel/`);
    const email = 'contador@lasbrisas.com.sv';
    for (let i = 0; i < 5; i++) {
      const answer = loginAnswer(page);
      await fillLogin(page, email, `equivocada-${i}`);
      expect((await answer).status()).toBe(401);
    }
    const throttled = loginAnswer(page);
    await fillLogin(page, email, PASSWORD);
    const r = await throttled;
    expect(r.status()).toBe(429);
    expect(Number(r.headers()['retry-after'])).toBeGreaterThan(0);
    await page.getByRole('alert').filter({ hasText: /Demasiados intentos fallidos\. Espere \d+ minutos? antes de volver a intentarlo\./ }).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'service_session')).toBe(false);
    await context.close();
  }, 120_000);

  it('shows «Pruebas» in the test environment, switches to production and back, and logs out for good', async () => {
    const { page, context } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    const badge = page.getByText('Pruebas', { exact: true });
    await badge.waitFor();
    const toggle = page.getByRole('switch', { name: 'Producción' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await toggle.click();
    await page.getByRole('switch', { name: 'Producción', checked: true }).waitFor();
    await badge.waitFor({ state: 'detached' });
    const live = await page.evaluate(() => fetch('/v1/auth/session').then((r) => r.json() as Promise<{ environment: string }>));
    expect(live.environment).toBe('01');
    await page.getByRole('heading', { level: 1, name: 'Documentos' }).waitFor();
    await screenshotBoth(page, 'environment-production', () => page.getByRole('switch', { name: 'Producción', checked: true }).waitFor());

    await page.getByRole('switch', { name: 'Producción' }).click();
    await page.getByRole('switch', { name: 'Producción', checked: false }).waitFor();
    await badge.waitFor();
    expect((await page.evaluate(() => fetch('/v1/auth/session').then((r) => r.json() as Promise<{ environment: string }>))).environment).toBe('00');

    const cookie = (await context.cookies()).find((c) => c.name === 'service_session')!;
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    const old = await request(t.url, 'GET', '/v1/auth/session', { headers: { Cookie: `service_session=${cookie.value}` } });
    expect(old.status).toBe(401);
    // A reload stays logged out.
    await page.reload();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await context.close();
  }, 120_000);

  it('links the login screen to the password-reset request, whose e-mailed link sets a new password that logs in', async () => {
    const email = 'olvido@lasbrisas.com.sv';
    await t.app.services.createUser.execute({ accountId: t.account.id, email, password: PASSWORD, role: 'member' });
    const { page, context } = await newPanelPage(browser);
    await page.goto(`${t.url}/panel/`);
    await page.getByRole('link', { name: 'Reciba un enlace por correo para restablecerla' }).click();
    await page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/panel/restablecer-contrasena');
    await screenshotBoth(page, 'password-reset-request');
    // The request form leads back to the login form, and the login form to it again.
    await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    await page.getByRole('link', { name: 'Reciba un enlace por correo para restablecerla' }).click();
    const before = smtp.messages.length;
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await page.getByText('Revise su correo').waitFor();

    const mail = await eventually(async () => smtp.messages.slice(before).find((m) => m.envelope.to.includes(email)), 15_000, `correo a ${email}`);
    const link = /https?:\/\/\S+\/panel\/restablecer-contrasena#[A-Za-z0-9_-]{43}/.exec(mail.mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    // The e-mailed link opens in a page of its own, as from the mail client.
    const fromMail = await context.newPage();
    await fromMail.goto(link!);
    await fromMail.getByRole('heading', { level: 1, name: 'Restablecer contraseña' }).waitFor();
    // The page says the service's minimum (12) before anything is sent, and holds a shorter password back.
    await fromMail.getByText('Al menos 12 caracteres, sin su correo ni el nombre de la cuenta, y que no sea de las más usadas; una frase es más fácil de recordar.').waitFor();
    await fromMail.getByLabel('Contraseña nueva').fill('corta-clave');
    await fromMail.getByLabel('Repita la contraseña').fill('corta-clave');
    await fromMail.getByText('Le falta 1 carácter: debe tener al menos 12.').waitFor();
    // Held back with its reason in sight (the panel's one rule for forms): pressing sends nothing.
    await fromMail.getByRole('button', { name: 'Guardar contraseña' }).click();
    await fromMail.locator('.field-error', { hasText: 'Le falta 1 carácter: debe tener al menos 12.' }).waitFor();
    expect(await fromMail.getByText('Contraseña guardada').count()).toBe(0);
    await fromMail.getByLabel('Contraseña nueva').fill('');
    await fromMail.getByLabel('Repita la contraseña').fill('');
    await screenshotBoth(fromMail, 'password-reset-link', () => fromMail.getByLabel('Contraseña nueva').waitFor());
    const NEW_PASSWORD = 'Frase-nueva-del-panel-2026';
    await fromMail.getByLabel('Contraseña nueva').fill(NEW_PASSWORD);
    await fromMail.getByLabel('Repita la contraseña').fill(NEW_PASSWORD);
    await fromMail.getByRole('button', { name: 'Guardar contraseña' }).click();
    await fromMail.getByText('Contraseña guardada').waitFor();
    await fromMail.getByRole('link', { name: 'Iniciar sesión' }).click();
    await fillLogin(fromMail, email, NEW_PASSWORD);
    await fromMail.getByRole('heading', { level: 1, name: 'Documentos' }).waitFor();
    expect((await request(t.url, 'POST', '/v1/auth/login', { body: { email, password: PASSWORD }, idempotencyKey: null })).status).toBe(401);
    await context.close();
  }, 120_000);

  it('opens an e-mailed invitation on its own page, where the invited user chooses a password and then logs in', async () => {
    const email = 'nueva@lasbrisas.com.sv';
    const owner = await logIn(t.url, OWNER, PASSWORD);
    const before = smtp.messages.length;
    expect((await withSession(t.url, owner, 'POST', '/v1/users', { body: { email, role: 'member' } })).status).toBe(201);
    const mail = await eventually(async () => smtp.messages.slice(before).find((m) => m.envelope.to.includes(email)), 15_000, `correo a ${email}`);
    const link = /https?:\/\/\S+\/panel\/invitacion#[A-Za-z0-9_-]{43}/.exec(mail.mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    const { page, context } = await newPanelPage(browser);
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Aceptar invitación' }).waitFor();
    await page.getByText('Elija la contraseña con la que entrará al panel.').waitFor();
    await screenshotBoth(page, 'invitation', () => page.getByLabel('Contraseña nueva').waitFor());
    const CHOSEN = 'Mi-primera-clave-2026';
    await page.getByLabel('Contraseña nueva').fill(CHOSEN);
    await page.getByLabel('Repita la contraseña').fill(CHOSEN);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.getByText('Contraseña guardada').waitFor();
    // The spent token leaves the address bar.
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await fillLogin(page, email, CHOSEN);
    await page.getByRole('heading', { level: 1, name: 'Documentos' }).waitFor();
    await context.close();
  }, 120_000);

  it('opens on a phone with the menu folded behind a button', async () => {
    const { page, context } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Abrir menú' });
    await menu.click();
    await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Llaves de API' }).click();
    await page.getByRole('heading', { level: 1, name: 'Llaves de API' }).waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
    await context.close();
  }, 120_000);
});
