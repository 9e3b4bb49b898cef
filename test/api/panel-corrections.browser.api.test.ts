/**
 * Corrections from a document's page in Chromium, through the MH simulator: an FE's return within
 * each line's returnable balance (a quantity above it refused at its field, nothing sent), the
 * return listed with MH's seal; «Duplicar» issuing a copy; special operations reported from the
 * emitter's page.
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
let fe: Record<string, any>;

const returnsOf = async (id: string) => (await request(t.url, 'GET', `/v1/documents/${id}/returns`, { key: t.account.testKey })).body.data as Record<string, any>[];

describeBrowser('corrections from a document page in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ MH_TIMEOUT_MS: '30000', SYNC_WAIT_MS: '20000' }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    const r = await request(t.url, 'POST', '/v1/documents', {
      key: t.account.testKey,
      body: {
        emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001',
        receiver: { name: 'Juan Pérez', document_type: '13', document_number: '01234567-8', email: 'juan@example.com' },
        items: [
          { type: '1', description: 'Café molido 500 g', quantity: '2', unit_code: '59', unit_price: '5.65', tax: 'gravada' },
          { type: '1', description: 'Taza de cerámica', quantity: '1', unit_code: '59', unit_price: '4.50', tax: 'gravada' },
        ],
      },
    });
    expect(r.body.status).toBe('processed');
    fe = r.body;
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('registers a return within each line\'s balance and lists it sealed on the document page', async () => {
    await goToPanelPath(page, `/documentos/${fe.id}`);
    await page.locator('.page-header').getByText('Procesado', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Devolución', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar devolución' });
    await dialog.locator('[data-balance="1"]').filter({ hasText: 'Por devolver: 2' }).waitFor();
    // Above the balance: refused at its field, and nothing goes to the service.
    await dialog.getByLabel('Cantidad a devolver de la línea 1').fill('3');
    await dialog.getByRole('button', { name: 'Registrar devolución' }).click();
    await dialog.getByText('Puede devolver hasta 2 de esta línea.').waitFor();
    expect(await returnsOf(fe.id)).toEqual([]);
    await screenshotBoth(page, 'document-return', () => dialog.waitFor());

    await dialog.getByLabel('Cantidad a devolver de la línea 1').fill('1');
    await dialog.getByRole('button', { name: 'Registrar devolución' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: 'Devoluciones' });
    await card.getByText('Sellado', { exact: true }).waitFor();
    const stored = await returnsOf(fe.id);
    expect(stored.map((r) => ({ status: r.status, lines: r.lines.map((l: any) => [l.num_item, l.quantity]) }))).toEqual([{ status: 'sealed', lines: [[1, '1']] }]);

    // The balance left is what the dialog offers next.
    await page.getByRole('button', { name: 'Devolución', exact: true }).click();
    await dialog.locator('[data-balance="1"]').filter({ hasText: 'Por devolver: 1' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await screenshotBoth(page, 'document-corrections', () => card.waitFor());
  }, 180_000);

  it('duplicates a document: a new one prefilled with its receiver and lines, issued and processed', async () => {
    await goToPanelPath(page, `/documentos/${fe.id}`);
    await page.getByRole('link', { name: 'Duplicar', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Duplicar documento' }).waitFor();
    const lines = page.getByRole('region', { name: 'Detalle' });
    expect(await lines.getByLabel('Descripción').nth(1).inputValue()).toBe('Taza de cerámica');
    expect(await page.getByRole('region', { name: 'Receptor (opcional)' }).getByLabel('Nombre').inputValue()).toBe('Juan Pérez');
    await page.locator('[data-total="total"]').filter({ hasText: '$15.80' }).waitFor();
    const emit = page.getByRole('button', { name: 'Emitir', exact: true });
    await waitFor(() => emit.isEnabled(), UI_TIMEOUT_MS);
    await emit.click();
    await page.waitForURL(/\/panel\/documentos\/doc_/);
    await page.locator('.page-header').getByText('Procesado', { exact: true }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(id).not.toBe(fe.id);
    const copy = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
    expect({ type: copy.body.type, total: copy.body.totals.total, receiver: copy.body.receiver.name }).toEqual({ type: '01', total: '15.80', receiver: 'Juan Pérez' });
  }, 180_000);

  it('reports special operations from the emitter page and shows them sealed', async () => {
    await goToPanelPath(page, `/emisores/${issuer.emitterId}`);
    const card = page.getByRole('region', { name: 'Operaciones especiales' });
    await card.getByText('Sin eventos de operaciones especiales').waitFor();
    await card.getByRole('button', { name: 'Informar operaciones especiales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Informar operaciones especiales' });
    await dialog.getByLabel('Descripción').fill('Facturas de venta simplificada, caja 2');
    await dialog.getByLabel('Desde el número').fill('0001');
    await dialog.getByLabel('Hasta el número').fill('0150');
    await dialog.getByText('150 facturas.').waitFor();
    await dialog.getByLabel('Ventas gravadas').fill('1500.00');
    await dialog.getByRole('button', { name: 'Enviar al MH' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Sellado', { exact: true }).waitFor();
    const stored = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/special-operations`, { key: t.account.testKey });
    expect(stored.body.data.map((o: any) => ({ status: o.status, quantity: o.lines[0].quantity }))).toEqual([{ status: 'sealed', quantity: 150 }]);
    await screenshotBoth(page, 'emitter-special-operations', () => card.waitFor());
  }, 180_000);
});
