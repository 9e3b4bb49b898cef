/**
 * Invalidating events from the panel in Chromium, through the MH simulator (ADR 0063): an FE's return
 * registered from its page, voided with «Anular devolución» (its card shows «Anulado», the service
 * has it voided), after which the FE itself is invalidated from the same page; and a sealed
 * special-operations event voided with «Anular» on the emitter's page.
 */
import type { Browser, Page } from 'playwright-core';
import { SPECIAL_OPERATION_EXAMPLE } from '../fixtures/document-type-examples';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@elroble.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let page: Page;

const get = (path: string) => request(t.url, 'GET', path, { key: t.account.testKey });

describeBrowser('invalidating returns and special operations from the panel in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ MH_TIMEOUT_MS: '30000', SYNC_WAIT_MS: '20000' }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06148181818181' });
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  async function fillPeople(dialog: ReturnType<Page['getByRole']>, acknowledgement: string): Promise<void> {
    await dialog.getByLabel('Nombre').fill('Ana López');
    await dialog.getByLabel('Número de documento').fill('01234567-8');
    await dialog.getByLabel(acknowledgement).check();
  }

  it('registers an FE return, voids it with «Anular devolución», then invalidates the FE', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', {
      key: t.account.testKey,
      body: {
        emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001',
        receiver: { name: 'Juan Pérez', document_type: '13', document_number: '01234567-8' },
        items: [{ type: '1', description: 'Café molido 500 g', quantity: '2', unit_code: '59', unit_price: '5.65', tax: 'gravada' }],
      },
    });
    expect(r.body.status).toBe('processed');
    const fe = r.body;
    await goToPanelPath(page, `/documentos/${fe.id}`);
    await page.locator('.page-header').getByText('Procesado', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Devolución', exact: true }).click();
    const returnDialog = page.getByRole('dialog', { name: 'Registrar devolución' });
    await returnDialog.getByLabel('Cantidad a devolver de la línea 1').fill('2');
    await returnDialog.getByRole('button', { name: 'Registrar devolución' }).click();
    await returnDialog.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: 'Devoluciones' });
    await card.getByText('Sellado', { exact: true }).waitFor();
    const [ret] = (await get(`/v1/documents/${fe.id}/returns`)).body.data;
    expect(ret.status).toBe('sealed');

    await card.getByRole('button', { name: 'Anular devolución' }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Anular devolución' });
    const go = voidDialog.getByRole('button', { name: 'Anular devolución' });
    await fillPeople(voidDialog, 'Entiendo que la anulación es definitiva y no se puede deshacer.');
    await go.click();
    await voidDialog.waitFor({ state: 'detached' });
    await card.getByText('Anulado', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Anular devolución' }).count()).toBe(0);
    const voided = (await get(`/v1/documents/${fe.id}/returns/${ret.id}`)).body;
    expect({ status: voided.status, void: voided.void.status }).toEqual({ status: 'voided', void: 'sealed' });

    // The voided return no longer holds the FE: it is invalidated from the same page.
    await page.getByRole('button', { name: 'Invalidar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Invalidar documento' });
    await fillPeople(confirm, 'Entiendo que la invalidación es definitiva y no se puede deshacer.');
    await confirm.getByRole('button', { name: 'Invalidar documento' }).click();
    await page.locator('.page-header').getByText('Anulado', { exact: true }).waitFor();
    expect((await get(`/v1/documents/${fe.id}`)).body.status).toBe('voided');
  }, 180_000);

  it('voids a sealed special-operations event with «Anular» on the emitter page', async () => {
    const op = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { key: t.account.testKey, body: SPECIAL_OPERATION_EXAMPLE });
    expect(op.body.status).toBe('sealed');
    await goToPanelPath(page, `/emisores/${issuer.emitterId}`);
    const item = page.getByRole('region', { name: 'Operaciones especiales' }).locator(`[data-operation-id="${op.body.id}"]`);
    await item.getByText('Sellado', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular operación especial' });
    await fillPeople(dialog, 'Entiendo que la anulación es definitiva y no se puede deshacer.');
    await dialog.getByRole('button', { name: 'Anular operación especial' }).click();
    await dialog.waitFor({ state: 'detached' });
    await item.getByText('Anulado', { exact: true }).waitFor();
    expect((await get(`/v1/emitters/${issuer.emitterId}/special-operations/${op.body.id}`)).body.status).toBe('voided');
  }, 180_000);
});
