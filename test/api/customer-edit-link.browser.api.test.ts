/**
 * The customer self-service link in Chromium (ADR 0064): the owner creates it from «Clientes»
 * («Enviar enlace para que el cliente complete sus datos») and copies the URL; the customer opens the
 * page without logging in, is told next to the field that the NIT's check digit is wrong, fixes it and
 * saves; the panel then shows when the customer completed their data, and the link is spent.
 */
import type { Browser, Page } from 'playwright-core';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, goToPanelPath, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let page: Page;

describeBrowser('the customer self-service link in Chromium', () => {
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

  it('owner creates the link, the customer completes the page, the panel shows when', async () => {
    const created = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/customers`, { key: t.account.testKey, body: { name: 'Ferretería Muñoz' } });
    expect(created.status).toBe(201);
    await goToPanelPath(page, '/clientes');
    const table = page.getByRole('table', { name: 'Clientes' });
    await table.getByText('Ferretería Muñoz').waitFor({ timeout: UI_TIMEOUT_MS });
    await table.getByRole('button', { name: 'Enviar enlace para que el cliente complete sus datos: Ferretería Muñoz' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enlace para que el cliente complete sus datos' });
    await dialog.getByText('todavía no ha completado sus datos').waitFor();
    await dialog.getByRole('button', { name: 'Crear enlace' }).click();
    const url = (await dialog.getByTestId('customer-edit-link-url').textContent())!.trim();
    expect(url).toMatch(/\/clientes\/datos\/[A-Za-z0-9_-]{40,}$/);
    await dialog.getByRole('button', { name: 'Copiar enlace' }).waitFor();

    // The customer: a fresh browser context, no session.
    const context = await browser.newContext({ locale: 'es-SV' });
    const customerPage = await context.newPage();
    await customerPage.goto(url);
    await customerPage.getByRole('heading', { name: 'Sus datos fiscales' }).waitFor();
    await customerPage.getByLabel('Nombre o razón social').fill('Ferretería Muñoz, S.A. de C.V.');
    await customerPage.getByLabel('Tipo de documento').selectOption('36');
    await customerPage.getByLabel('Número de documento').fill('06140507071040');
    await customerPage.getByLabel('Correo electrónico').fill('compras@munoz.com.sv');
    await customerPage.getByRole('button', { name: 'Guardar mis datos' }).click();
    const fieldError = customerPage.locator('#f-document_number-error');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toBe('El último dígito del NIT (el verificador) no corresponde a los anteriores: revise el número.');
    expect(await customerPage.getByLabel('Número de documento').getAttribute('aria-invalid')).toBe('true');
    await customerPage.getByLabel('Número de documento').fill('06140507071048');
    await customerPage.getByRole('button', { name: 'Guardar mis datos' }).click();
    await customerPage.getByRole('heading', { name: 'Datos guardados' }).waitFor();
    await customerPage.goto(url);
    await customerPage.getByRole('heading', { name: 'Este enlace ya fue usado' }).waitFor();
    await context.close();

    const stored = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers/${created.body.id}`, { key: t.account.testKey });
    expect(stored.body).toMatchObject({ name: 'Ferretería Muñoz, S.A. de C.V.', document_number: '06140507071048', email: 'compras@munoz.com.sv', self_service_completed_at: expect.any(String) });
    await page.getByRole('button', { name: 'Cerrar' }).first().click().catch(() => undefined);
    await page.reload();
    await page.getByRole('table', { name: 'Clientes' }).getByText('Ferretería Muñoz, S.A. de C.V.').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('table', { name: 'Clientes' }).getByRole('button', { name: /Enviar enlace para que el cliente complete sus datos/ }).click();
    await page.getByRole('dialog', { name: 'Enlace para que el cliente complete sus datos' }).getByText(/completó sus datos el/).waitFor();
  }, 180_000);
});
