/**
 * «Seguridad» in Chromium: change one's password with the current one; enrol the second factor from
 * the QR with a code computed here (RFC 6238, node:crypto), see the recovery codes once; log in again
 * asking for the code, and with a recovery code; «Sesiones activas» with «Cerrar esta sesión» and
 * «Cerrar las demás»; a limited key shown with its limits on «Llaves de API».
 */
import type { Browser, Page } from 'playwright-core';
import { dbRows } from '../support/db-rows';
import { logIn, withSession } from '../support/panel-session';
import { describeBrowser, fillLogin, launchBrowser, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { createIssuer } from '../support/issuer';
import { totpCode } from '../support/rfc6238';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Frase-larga-del-panel-2026';
const NEW_PASSWORD = 'Otra-frase-del-panel-2027';
const OWNER = 'ana@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let page: Page;

describeBrowser('«Seguridad» in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    ({ page } = await newPanelPage(browser));
    await page.goto(`${t.url}/panel/`);
    await fillLogin(page, OWNER, PASSWORD);
    await page.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  let secret = '';
  let recovery: string[] = [];

  it('changes the password with the current one; a wrong current one is named', async () => {
    const other = await logIn(t.url, OWNER, PASSWORD, { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' });
    await page.getByRole('navigation').getByRole('link', { name: 'Seguridad' }).click();
    await page.getByRole('heading', { level: 1, name: 'Seguridad' }).waitFor();
    await page.getByRole('table', { name: 'Sesiones activas' }).getByText('Safari 17 en iOS').waitFor();
    await screenshotBoth(page, 'security', () => page.getByRole('table', { name: 'Sesiones activas' }).waitFor());
    await page.getByLabel('Contraseña actual').fill('No-es-la-actual-2026');
    await page.getByLabel('Contraseña nueva', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repita la contraseña nueva').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('La contraseña actual no es correcta.').waitFor();
    await page.getByLabel('Contraseña actual').fill(PASSWORD);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText(/Contraseña cambiada/).waitFor();
    // The other session ended; this one goes on.
    expect((await withSession(t.url, other, 'GET', '/v1/auth/session')).status).toBe(401);
  });

  it('enrols the second factor from the QR with one code, and shows ten recovery codes once', async () => {
    await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
    const qr = page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' });
    await qr.waitFor();
    secret = (await page.locator('.totp-secret').textContent())!.trim();
    await screenshotBoth(page, 'security-totp-enrolment', () => qr.waitFor());
    await page.getByLabel('Código de la aplicación').fill(totpCode(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirmar y activar' }).click();
    const codes = page.getByRole('list', { name: 'Códigos de recuperación' });
    await codes.waitFor();
    recovery = (await codes.locator('code').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await screenshotBoth(page, 'security-recovery-codes', () => codes.waitFor());
    await page.getByRole('button', { name: 'Ya los guardé' }).click();
    await page.getByText('Activada', { exact: true }).waitFor();
  });

  it('logs in asking for the code after the password; a recovery code works once', async () => {
    const { page: fresh, context } = await newPanelPage(browser);
    await fresh.goto(`${t.url}/panel/`);
    await fillLogin(fresh, OWNER, NEW_PASSWORD);
    await fresh.getByLabel('Código de verificación').waitFor();
    await screenshotBoth(fresh, 'login-second-factor', () => fresh.getByLabel('Código de verificación').waitFor());
    await fresh.getByLabel('Código de verificación').fill(totpCode(secret, Date.now(), 1));
    await fresh.getByRole('button', { name: 'Verificar' }).click();
    await fresh.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await fresh.getByRole('button', { name: 'Cerrar sesión' }).click();
    await fillLogin(fresh, OWNER, NEW_PASSWORD);
    await fresh.getByRole('link', { name: 'Usar un código de recuperación' }).click();
    await fresh.getByLabel('Código de recuperación').fill(recovery[0]);
    await fresh.getByRole('button', { name: 'Verificar' }).click();
    await fresh.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    expect((await dbRows(t.db.url, 'select id from user_recovery_codes where used_at is not null')).length).toBe(1);
    await context.close();
  });

  it('«Cerrar esta sesión» and «Cerrar las demás» end the other sessions', async () => {
    await page.reload();
    const table = page.getByRole('table', { name: 'Sesiones activas' });
    await table.waitFor();
    await page.getByRole('button', { name: 'Cerrar las demás' }).click();
    await page.getByText(/Se cerr|No había otras sesiones/).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await table.getByRole('button', { name: /Cerrar esta sesión/ }).click();
    await page.getByLabel('Correo electrónico').waitFor();
  });

  it('shows a limited key with its limits on «Llaves de API»', async () => {
    const issuer = await createIssuer(t.url, t.account.testKey, { nit: '06145656565656' });
    await fillLogin(page, OWNER, NEW_PASSWORD);
    // The codes of this step were spent by the logins above (each code works once): a recovery code.
    await page.getByRole('link', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(recovery[1]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Llaves de API' }).click();
    await page.getByRole('button', { name: 'Crear llave' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Crear llave de API' });
    await dialog.getByLabel('Nombre').fill('Caja 2');
    await dialog.getByRole('checkbox', { name: /^Solo / }).first().check();
    await dialog.getByRole('checkbox', { name: 'Tipo 01' }).check();
    await dialog.getByLabel('Direcciones permitidas').fill('203.0.113.0/24');
    await screenshotBoth(page, 'api-key-limits', () => dialog.waitFor());
    await dialog.getByRole('button', { name: 'Crear llave' }).click();
    await page.getByRole('dialog', { name: 'Llave creada' }).getByRole('button', { name: 'Ya la copié' }).click();
    const row = page.getByRole('table', { name: 'Llaves de API' }).locator('tr', { hasText: 'Caja 2' });
    await row.getByText('Tipos: 01').waitFor();
    await row.getByText('Direcciones: 203.0.113.0/24').waitFor();
    await row.getByText(/Emisores: /).waitFor();
    expect(await row.textContent()).toContain(issuer.nit ? 'Emisores' : '');
  });
});
