/**
 * «Importar CSV» in «Clientes» (ADR 0065) in Chromium: a file with a bad row is previewed with that
 * row's error in Spanish, «Guardar» stays disabled and nothing is saved; the corrected file is saved
 * and the list shows its rows.
 */
import type { Browser, Page } from 'playwright-core';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let page: Page;

const file = (csv: string) => ({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
const stored = async () => (await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers`, { key: t.account.testKey })).body.data.map((c: { name: string }) => c.name);

describeBrowser('importing customers from a CSV file in the panel', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890', credentials: false });
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('previews a bad row with its error and saves nothing; the corrected file is saved and listed', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    await page.getByRole('link', { name: 'Exportar CSV' }).waitFor();
    await page.getByRole('link', { name: 'Descargar plantilla' }).waitFor();
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar clientes desde CSV' });
    const header = 'nombre,tipo_documento,numero_documento,correo\n';
    await dialog.getByLabel('Archivo CSV').setInputFiles(file(`${header}Ana Importada,13,04567890-3,ana@example.com\nBeto Importado,,,no-es-correo\n`));
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
    const rowErrors = dialog.locator('[data-row-errors="3"]');
    await rowErrors.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await rowErrors.innerText()).toContain('correo');
    await dialog.getByText('1 fila tiene errores; no se guardó nada').waitFor();
    expect(await dialog.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    expect(await stored()).toEqual([]);

    await dialog.getByLabel('Archivo CSV').setInputFiles(file(`${header}Ana Importada,13,04567890-3,ana@example.com\nBeto Importado,,,beto@example.com\n`));
    await dialog.getByRole('button', { name: 'Revisar archivo' }).click();
    await dialog.getByText('Todas las filas están correctas: 2 nuevos, 0 para actualizar.').waitFor({ timeout: UI_TIMEOUT_MS });
    const save = dialog.getByRole('button', { name: 'Guardar' });
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    const table = page.getByRole('table', { name: 'Clientes' });
    await table.getByText('Ana Importada').waitFor({ timeout: UI_TIMEOUT_MS });
    await table.getByText('Beto Importado').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await stored()).toEqual(['Ana Importada', 'Beto Importado']);
  }, 180_000);
});
