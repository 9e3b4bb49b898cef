/**
 * API keys and users from the panel in Chromium: a key created with a name and scopes, the full key
 * shown once (and working), listed afterwards by its prefix only, revoked after a confirmation (then
 * refused); a user invited by e-mail with a role, listed as «Invitado»; the three actions in «Auditoría»
 * with who did them; the sites allowed to frame the embed view, edited by the owner, a bad one named.
 */
import type { Browser, Page } from 'playwright-core';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let page: Page;

describeBrowser('panel API keys in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('creates a key shown once, lists it by its prefix and revokes it', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Llaves de API' }).click();
    await page.getByRole('heading', { level: 1, name: 'Llaves de API' }).waitFor();
    const table = page.getByRole('table', { name: 'Llaves de API' });
    await table.waitFor();

    await page.getByRole('button', { name: 'Crear llave' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Crear llave de API' });
    await dialog.getByLabel('Nombre').fill('ERP de la casa matriz');
    await dialog.getByRole('button', { name: 'Crear llave' }).click();
    const created = page.getByRole('dialog', { name: 'Llave creada' });
    const secret = created.getByLabel('la llave de API', { exact: true });
    await secret.waitFor();
    const key = (await secret.textContent())!.trim();
    expect(key).toMatch(/^sk_test_/);
    await screenshotBoth(page, 'api-key-created', () => created.waitFor());
    // The key works for the ERP at once.
    expect((await request(t.url, 'GET', '/v1/documents', { key })).status).toBe(200);
    await created.getByRole('button', { name: 'Ya la copié' }).click();
    await created.waitFor({ state: 'detached' });

    // Listed afterwards without the secret, «Activa», its revocation in a column of its own.
    const row = table.locator('tr', { hasText: 'ERP de la casa matriz' });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await row.textContent()).toContain(key.slice(0, 12));
    await row.locator('td[data-label="Estado"]').getByText('Activa', { exact: true }).waitFor();
    expect(await row.locator('td[data-label="Estado"]').getByRole('button').count()).toBe(0);
    // A key created without a name (the account's own, as the command line creates them) is named by its prefix.
    const unnamed = table.locator('tr', { hasText: `Llave ${t.account.testKey.slice(0, 12)}…` });
    await unnamed.getByText('Creada en la línea de comandos').waitFor();
    expect(await table.getByText('Sin nombre', { exact: true }).count()).toBe(0);

    await row.getByRole('button', { name: 'Revocar ERP de la casa matriz' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revocar llave' });
    await confirm.getByRole('button', { name: 'Revocar llave' }).click();
    await page.getByText('Llave «ERP de la casa matriz» revocada: deja de funcionar de inmediato.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await row.locator('td[data-label="Estado"]').getByText('Revocada', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Revocar/ }).count()).toBe(0);
    expect((await request(t.url, 'GET', '/v1/documents', { key })).status).toBe(401);
    await screenshotBoth(page, 'api-keys', () => table.waitFor());
  }, 180_000);

  it('lists the sites that may frame the embed view; the owner edits them, a bad line is named, the saved list stays', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Llaves de API' }).click();
    const card = page.getByRole('region', { name: 'Vista embebida: sitios que pueden incrustarla' });
    await card.getByText('Ningún sitio puede incrustar las vistas.').waitFor();
    await card.getByRole('button', { name: 'Editar' }).click();
    const field = card.getByLabel('Orígenes permitidos');
    await field.fill('https://erp.ejemplo.com\n\nhttps://erp.ejemplo.com/vista');
    await card.getByRole('button', { name: 'Guardar orígenes' }).click();
    // The second non-empty line is refused by name; nothing is saved.
    await card.getByText(/no es un origen/).waitFor();
    expect((await dbRows<{ embed_origins: string[] }>(t.db.url, 'select embed_origins from accounts where id = $1', [t.account.id]))[0].embed_origins).toEqual([]);

    await field.fill('https://ERP.ejemplo.com/\nhttps://contador.ejemplo.com:8443');
    await card.getByRole('button', { name: 'Guardar orígenes' }).click();
    await page.getByText('Las vistas se pueden incrustar en 2 sitios.').waitFor();
    const list = card.getByRole('list', { name: 'Orígenes permitidos' });
    await list.getByText('https://erp.ejemplo.com', { exact: true }).waitFor();
    await list.getByText('https://contador.ejemplo.com:8443', { exact: true }).waitFor();
    await screenshotBoth(page, 'embed-origins', () => list.waitFor());
    // Kept: a reload reads the saved list back.
    await page.reload();
    await page.getByRole('list', { name: 'Orígenes permitidos' }).getByText('https://contador.ejemplo.com:8443', { exact: true }).waitFor();
  }, 180_000);

  it('invites a user by e-mail with a role and lists them as invited', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
    await page.getByRole('heading', { level: 1, name: 'Usuarios' }).waitFor();
    const table = page.getByRole('table', { name: 'Usuarios' });
    await table.getByText(OWNER).waitFor();
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar usuario' });
    await dialog.getByLabel('Correo electrónico').fill('contador@lasbrisas.com.sv');
    await dialog.getByLabel('Rol').selectOption('member');
    const sent = page.waitForResponse((r) => r.url().endsWith('/v1/users') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    expect((await sent).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    const row = table.locator('tr', { hasText: 'contador@lasbrisas.com.sv' });
    await row.getByText('Invitado').waitFor();
    const listed = await page.evaluate(() => fetch('/v1/users').then((r) => r.json() as Promise<{ data: { email: string; role: string; status: string }[] }>));
    expect(listed.data.find((u) => u.email === 'contador@lasbrisas.com.sv')).toMatchObject({ role: 'member', status: 'invited' });
    await screenshotBoth(page, 'users', () => row.waitFor());
  }, 180_000);

  it('shows who created and revoked the key and invited the user in «Auditoría»', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Auditoría' }).click();
    await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
    const table = page.getByRole('table', { name: 'Registro de auditoría' });
    for (const action of ['Creó una llave de API', 'Revocó una llave de API', 'Cambió los sitios que pueden incrustar la vista embebida', 'Invitó a un usuario']) {
      await table.locator('tr', { hasText: action }).filter({ hasText: OWNER }).first().waitFor();
    }
    await screenshotBoth(page, 'audit-log', () => table.waitFor());
  }, 180_000);
});
