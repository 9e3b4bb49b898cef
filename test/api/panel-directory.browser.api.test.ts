/**
 * «Clientes» and «Productos» in Chromium: a customer and a product created from their screens and
 * found with the search; then an FE issued with the customer picker and the product picker (the
 * receiver and the line filled from the directory), followed to «Procesado» through the simulator.
 */
import type { Browser, Page } from 'playwright-core';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let page: Page;

describeBrowser('customers and products from the panel in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ MH_TIMEOUT_MS: '30000', SYNC_WAIT_MS: '20000' }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('creates a customer from «Clientes» and finds it with the search', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clientes' }).waitFor();
    await page.getByText('Todavía no hay clientes').waitFor();
    await page.getByRole('button', { name: 'Nuevo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo cliente' });
    await dialog.getByLabel('Tipo de cliente').selectOption('consumer');
    await dialog.getByLabel('Nombre', { exact: true }).fill('Juan Pérez');
    await dialog.getByLabel('Número de documento').fill('01234567-8');
    await dialog.getByLabel('Correo del receptor').fill('juan@example.com');
    await dialog.getByRole('button', { name: 'Guardar cliente' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Clientes' });
    await table.getByText('Juan Pérez').waitFor();
    const stored = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers`, { key: t.account.testKey });
    expect(stored.body.data.map((c: any) => [c.name, c.document_number])).toEqual([['Juan Pérez', '01234567-8']]);
    await page.getByLabel('Buscar clientes').fill('perez');
    await table.getByText('Juan Pérez').waitFor();
    await screenshotBoth(page, 'customers', () => table.waitFor());
  }, 120_000);

  it('creates a product from «Productos»', async () => {
    await goToPanelPath(page, '/productos');
    await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo producto' });
    await dialog.getByLabel('Descripción').fill('Café molido 500 g');
    await dialog.getByLabel('Código').fill('CAF-500');
    await dialog.getByLabel('Precio unitario').fill('5.65');
    await dialog.locator('select:enabled', { has: page.locator('option[value="59"]') }).first().waitFor();
    await dialog.getByRole('button', { name: 'Guardar producto' }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Productos' });
    await table.getByText('Café molido 500 g').waitFor();
    await screenshotBoth(page, 'products', () => table.waitFor());
  }, 120_000);

  it('issues an FE with the customer picker and the product picker', async () => {
    await goToPanelPath(page, '/emitir');
    await page.getByRole('heading', { level: 1, name: 'Emitir documento' }).waitFor();
    await page.getByLabel('Buscar cliente').fill('juan');
    await page.getByRole('option', { name: /Juan Pérez/ }).click();
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Juan Pérez');
    expect(await page.getByLabel('Correo del receptor').inputValue()).toBe('juan@example.com');
    await page.getByLabel('Buscar producto').fill('café');
    await page.getByRole('option', { name: /Café molido 500 g/ }).click();
    expect(await page.getByLabel('Descripción').inputValue()).toBe('Café molido 500 g');
    await page.getByLabel('Cantidad').fill('2');
    const total = page.locator('[data-total="total"]');
    await total.filter({ hasText: '$11.30' }).waitFor();
    await screenshotBoth(page, 'issue-with-pickers', () => total.waitFor());
    const emit = page.getByRole('button', { name: 'Emitir', exact: true });
    await waitFor(() => emit.isEnabled(), UI_TIMEOUT_MS);
    await emit.click();
    await page.waitForURL(/\/panel\/documentos\/doc_/);
    await page.locator('.page-header').getByText('Procesado', { exact: true }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const stored = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
    expect({ receiver: stored.body.receiver.name, total: stored.body.totals.total }).toEqual({ receiver: 'Juan Pérez', total: '11.30' });
    // The picker sent the customer's id (issuance by reference): its last use is recorded.
    const customers = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers?q=juan`, { key: t.account.testKey });
    expect(customers.body.data[0].last_used_at).not.toBeNull();
  }, 180_000);
});
