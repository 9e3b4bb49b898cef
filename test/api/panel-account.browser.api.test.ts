/**
 * The panel's emitter and account screens in Chromium: emitters and the new-emitter form, credentials
 * uploaded from the browser, a webhook endpoint with a test event its receiver gets and a delivery
 * that names its document, a report generated and downloaded, a period closed, purchases imported
 * from a CSV file, and the month's usage against the plan.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { feBody } from '../fixtures/document-bodies';
import { sealFor } from '../fixtures/fiscal-record-bodies';
import { mhCertificate } from '../support/certificates';
import { request } from '../support/http-client';
import { CERT_PASSWORD, MH_PASSWORD, createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';
const NIT = '06141234567890';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let receiver: Receiver;
let page: Page;
let period: string;

describeBrowser('panel emitters, credentials, webhooks, books and usage in Chromium', () => {
  beforeAll(async () => {
    [t, browser, receiver] = await Promise.all([startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }), launchBrowser(), startReceiver()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    // The emitter comes from the ERP; its credentials are uploaded from the panel below.
    issuer = await createIssuer(t.url, t.account.testKey, { nit: NIT, credentials: false });
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await t?.stop();
  });

  it('lists the emitters and opens one with its establishments and points of sale', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Emisores' }).click();
    const table = page.getByRole('table', { name: 'Emisores' });
    await table.getByText('Comercial Las Brisas, S.A. de C.V.').waitFor();
    await table.getByText('Sin credenciales').waitFor();
    await screenshotBoth(page, 'emitters', () => table.waitFor());

    // The form a new emitter is registered with (left without saving: the account keeps one emitter).
    await page.getByRole('link', { name: 'Registrar emisor' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registrar emisor' }).waitFor();
    await page.getByLabel('Nombre o razón social').fill('Panadería La Espiga, S.A. de C.V.');
    await page.getByLabel('Nombre comercial').fill('La Espiga');
    await page.getByLabel('NIT', { exact: true }).fill('06142503851012');
    await page.getByLabel('NRC', { exact: true }).fill('2456789');
    const department = page.getByLabel('Departamento');
    await page.locator('select:enabled', { has: page.locator('option[value="06"]') }).first().waitFor();
    await department.selectOption('06');
    await screenshotBoth(page, 'emitter-form', () => department.waitFor());
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await table.waitFor();
    await table.getByRole('link', { name: /Comercial Las Brisas/ }).click();
    await page.getByRole('heading', { level: 1, name: /Comercial Las Brisas/ }).waitFor();
    await page.getByText('Casa matriz').first().waitFor();
    await page.getByText('P002', { exact: true }).first().waitFor();
    await screenshotBoth(page, 'emitter-detail', () => page.getByText('P002', { exact: true }).first().waitFor());
  }, 120_000);

  it('uploads the test-environment credentials from the browser and shows them connected to MH', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Credenciales del MH' }).click();
    await page.getByRole('heading', { level: 1, name: 'Credenciales del MH' }).waitFor();
    await page.getByRole('button', { name: 'Cargar credenciales' }).click();
    const dialog = page.getByRole('dialog', { name: /Cargar credenciales/ });
    await dialog.getByLabel('Certificado').setInputFiles({ name: 'emisor.crt', mimeType: 'application/xml', buffer: mhCertificate(NIT, CERT_PASSWORD) });
    await dialog.getByLabel('Contraseña de la clave privada').fill(CERT_PASSWORD);
    await dialog.getByLabel('Usuario de la API del MH').fill(NIT);
    await dialog.getByLabel('Contraseña de la API del MH').fill(MH_PASSWORD);
    await dialog.getByRole('button', { name: 'Guardar y probar' }).click();
    await page.getByText('Credenciales guardadas; el MH aceptó el inicio de sesión.').waitFor();
    await page.getByText('Conectado al MH').waitFor();
    await page.getByText(NIT, { exact: true }).first().waitFor();
    const emitter = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}`, { key: t.account.testKey });
    const test = emitter.body.credentials.find((c: { environment: string }) => c.environment === '00');
    expect(test).toMatchObject({ certificate_loaded: true, mh_login_ok: true });
    // Nothing secret comes back to the page.
    expect(await page.content()).not.toContain(MH_PASSWORD);
    await screenshotBoth(page, 'credentials', () => page.getByText('Conectado al MH').waitFor());

    // Now the emitter can issue: one FE for the books and the usage below.
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect(d.body.status).toBe('processed');
    const json = await request(t.url, 'GET', `/v1/documents/${d.body.id}/json`, { key: t.account.testKey });
    period = String(json.body.identificacion.fecEmi).slice(0, 7);
  }, 120_000);

  it('registers a webhook endpoint, shows its secret once and delivers a test event to the receiver', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('Sin endpoints en este ambiente').waitFor();
    await page.getByRole('button', { name: 'Agregar endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Agregar endpoint' });
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    const registered = page.getByRole('dialog', { name: 'Endpoint registrado' });
    await registered.getByText(/^whsec_/).first().waitFor();
    await registered.getByRole('button', { name: 'Ver endpoint' }).click();
    await page.getByRole('heading', { level: 1, name: receiver.url }).waitFor();

    await page.getByRole('button', { name: 'Enviar evento de prueba' }).click();
    await page.getByText('Evento de prueba entregado (respuesta 200).').waitFor();
    const got = await waitFor(async () => receiver.received[0], UI_TIMEOUT_MS);
    expect(got.headers['service-signature']).toBeTruthy();
    const deliveries = page.getByRole('table', { name: 'Entregas' });
    await deliveries.getByText(/\(prueba\)/).waitFor();
    // A document processed now reaches the endpoint; its delivery says which document, linked to it.
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer, { receiver: { name: 'Librería El Estudiante', document_type: '13', document_number: '04567890-1', email: 'compras@elestudiante.com.sv' } }) });
    expect(d.body.status).toBe('processed');
    await waitFor(async () => receiver.received.find((r) => JSON.parse(r.body).data?.id === d.body.id), UI_TIMEOUT_MS);
    await page.getByRole('button', { name: 'Actualizar' }).click();
    const subject = deliveries.getByRole('link', { name: d.body.control_number });
    await subject.waitFor();
    expect(await subject.getAttribute('href')).toBe(`/panel/documentos/${d.body.id}`);
    await screenshotBoth(page, 'webhook-detail', () => subject.waitFor());
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await page.getByRole('table').getByText(receiver.url).waitFor();
    await screenshotBoth(page, 'webhooks', () => page.getByRole('table').waitFor());
  }, 120_000);

  it('generates a book for the month, downloads it, and closes the period', async () => {
    await goToPanelPath(page, `/fiscal?periodo=${period}`);
    await page.getByRole('heading', { level: 1, name: 'Libros fiscales' }).waitFor();
    const generate = page.getByRole('button', { name: /^Generar Libro de ventas a consumidores/ });
    await generate.click();
    const csv = page.getByRole('button', { name: /^Descargar csv de Libro de ventas a consumidores/i });
    await csv.waitFor({ timeout: 60_000 });
    await screenshotBoth(page, 'fiscal-reports', () => csv.waitFor());
    const downloading = page.waitForEvent('download');
    await csv.click();
    const file = readFileSync((await (await downloading).path())!, 'utf8');
    expect(file.split('\n').length).toBeGreaterThan(1);

    await page.getByRole('tab', { name: 'Períodos' }).click();
    const [y, m] = period.split('-');
    const periods = page.getByRole('table', { name: 'Períodos fiscales' });
    await periods.locator(`tr[data-row-id="${period}"]`).getByRole('button', { name: /^Cerrar / }).click();
    const dialog = page.getByRole('dialog', { name: /^Cerrar / });
    await dialog.getByRole('button', { name: 'Cerrar período' }).click();
    await periods.getByText('Cerrado', { exact: true }).waitFor({ timeout: 90_000 });
    const stored = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/periods`, { key: t.account.testKey });
    expect(stored.body.data.find((p: { period: string }) => p.period === `${y}-${m}`)?.status).toBe('closed');
    await screenshotBoth(page, 'fiscal-periods', () => periods.waitFor());
  }, 180_000);

  it('shows a read-only user the reports already made (the one generated above, the close’s snapshots), ready to download, with nothing to generate', async () => {
    const VIEWER = 'lectura@lasbrisas.com.sv';
    await t.app.services.createUser.execute({ accountId: t.account.id, email: VIEWER, password: PASSWORD, role: 'viewer' });
    const { page: reader, context } = await newPanelPage(browser);
    try {
      await logInThroughForm(reader, t.url, VIEWER, PASSWORD);
      await goToPanelPath(reader, `/fiscal?periodo=${period}`);
      const csv = reader.getByRole('button', { name: /^Descargar csv de Libro de ventas a consumidores/i });
      await csv.waitFor();
      expect(await reader.getByRole('button', { name: /^Generar/ }).count()).toBe(0);
      await screenshotBoth(reader, 'fiscal-reports-viewer', () => csv.waitFor());
      const downloading = reader.waitForEvent('download');
      await csv.click();
      const file = readFileSync((await (await downloading).path())!, 'utf8');
      expect(file.split('\n').length).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('imports purchases from a CSV file and shows the result: rows accepted, and the refused one with its line and reason', async () => {
    await page.getByRole('tab', { name: 'Importar registros' }).click();
    const file = page.getByLabel('Archivo CSV');
    await file.waitFor();
    await screenshotBoth(page, 'fiscal-import', () => file.waitFor());
    // Semicolons, as spreadsheets in El Salvador save them; line 4 has no valid accounting date.
    const header = ['external_id', 'accounting_date', 'issue_date', 'doc_class', 'doc_type', 'generation_code', 'control_number', 'seal', 'counterpart.name', 'counterpart.nit', 'counterpart.nrc', 'amounts.taxed_internal', 'amounts.vat_credit', 'attributes.operation_type', 'attributes.classification', 'attributes.sector', 'attributes.cost_type'];
    const row = (n: number, date: string) => [`CSV-${n}`, date, '2026-03-10', '4', '03', `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`, `DTE-03-M001P001-${String(n).padStart(15, '0')}`, sealFor(n), 'Proveedor Uno, S.A. de C.V.', '0614-010190-123-4', '12345-6', '100,00', '13,00', '1', '2', '2', '2'];
    const csv = [header, row(1, '2026-03-12'), row(2, '2026-03-13'), row(3, '13/03/2026')].map((r) => r.join(';')).join('\r\n');
    await file.setInputFiles({ name: 'compras-marzo.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8') });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByText('Importación terminada: 2 de 3 registros aceptados.').waitFor();
    const kpi = (label: string) => page.locator('.kpi', { hasText: label }).locator('.kpi-value');
    expect(await kpi('Nuevos').textContent()).toBe('2');
    expect(await kpi('Con error').textContent()).toBe('1');
    const refused = page.getByRole('alert').filter({ hasText: 'Filas con error (no se guardaron)' });
    await refused.getByText('Línea 4 (CSV-3): accounting_date: Fecha inválida: use el formato AAAA-MM-DD.').waitFor();
    const stored = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases?limit=10`, { key: t.account.testKey });
    expect(stored.body.data.map((r: { external_id: string }) => r.external_id).sort()).toEqual(['CSV-1', 'CSV-2']);
    await screenshotBoth(page, 'fiscal-import-result', () => refused.waitFor());
  }, 120_000);

  it('shows the month’s processed documents against the plan', async () => {
    await goToPanelPath(page, `/consumo?periodo=${period}`);
    await page.getByRole('heading', { level: 1, name: 'Consumo y plan' }).waitFor();
    const usage = await request(t.url, 'GET', `/v1/usage?period=${period}`, { key: t.account.testKey });
    expect(usage.body.used).toBe(2);
    const byEmitter = page.getByRole('table');
    await byEmitter.getByText('Comercial Las Brisas, S.A. de C.V.').waitFor();
    await page.getByText('No se cobra').first().waitFor();
    await screenshotBoth(page, 'usage', () => byEmitter.waitFor());
  }, 120_000);
});
