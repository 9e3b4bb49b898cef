/**
 * The panel's front door in Chromium: the login form's pinned labels, the wrong-password and
 * throttling messages, the «Pruebas» badge and the environment switch, «Cerrar sesión» (the old
 * cookie is dead on the server at once).
 */
import type { Browser, Page } from 'playwright-core';
import { request } from '../support/http-client';
import { describeBrowser, fillLogin, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;

describeBrowser('panel login, environment and logout in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'contador@lasbrisas.com.sv', password: PASSWORD, role: 'member' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
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
