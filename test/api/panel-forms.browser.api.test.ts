/**
 * What a new owner stumbled on in the panel, checked in Chromium where it shows (ADR 0040–0042):
 * «Buscar» finds «Maria», «lopez» and a NIT typed with dashes; a document's page shows its lines and
 * payment terms; the forms show each error once, next to its field, in Spanish, once the field is
 * left, and clear it when corrected — a negative price, a quantity of 0, a decimal comma, an empty
 * issuer form, a NIT with dashes, the invalidation dialog with one person as responsible and requester;
 * payment terms chosen in the issuance form; the replacement document picked from a list; a reason
 * ending in a period printed with one.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { feBody, ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@formularios.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let page: Page;
const docs: Record<string, any>[] = [];

/** The errors shown under a field (its `.field-error`), by the field's label, within `scope` (the page or a dialog). */
const errorsOf = (scope: Page | Locator, label: string) => scope.locator('.field', { has: page.getByLabel(label, { exact: true }) }).locator('.field-error');

describeBrowser('panel forms, search and a document’s lines in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    for (const body of [
      feBody(issuer, {
        external_id: 'F-MARIA',
        receiver: { name: 'María José López', document_type: '13', document_number: '04567890-1' },
        items: [
          { type: '1', code: 'CAF-500', description: 'Café molido 500 g', quantity: '2', unit_code: '59', unit_price: '5.65', discount: '0.30', tax: 'gravada' },
          { type: '2', description: 'Envío a domicilio', quantity: '1', unit_code: '99', unit_price: '3.00', tax: 'exenta' },
        ],
        payment: { condition: '2', methods: [{ code: '05', amount: '14.00', reference: 'Transferencia 4411', term: '01', period: 30 }] },
      }),
      ccfBody(issuer, { external_id: 'F-NIT', receiver: { ...(ccfBody(issuer).receiver as object), name: 'Ferretería Muñoz, S.A. de C.V.', document_number: '06140101901019' } }),
      feBody(issuer, { external_id: 'F-OTRO', receiver: { name: 'Ana Mercedes Pérez', document_type: '13', document_number: '01234567-8' } }),
    ]) {
      const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body });
      expect(r.body.status).toBe('processed');
      docs.push(r.body);
    }
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('«Buscar» finds «Maria», «lopez» and a NIT typed with dashes', async () => {
    const table = page.getByRole('table', { name: 'Documentos' });
    await table.waitFor();
    const search = page.getByRole('searchbox', { name: 'Buscar' });
    for (const [q, doc] of [['Maria', docs[0]], ['lopez', docs[0]], ['0614-010190-101-9', docs[1]], ['munoz', docs[1]]] as const) {
      await search.fill(q);
      await waitFor(async () => (await table.locator('tbody tr').count()) === 1 && (await table.getByRole('link', { name: doc.control_number, exact: true }).count()) === 1, UI_TIMEOUT_MS);
    }
    await search.fill('');
    await waitFor(async () => (await table.locator('tbody tr').count()) === docs.length, UI_TIMEOUT_MS);
  }, 120_000);

  it('a document’s page shows its lines as issued and its payment terms', async () => {
    await goToPanelPath(page, `/documentos/${docs[0].id}`);
    const lines = page.getByRole('table', { name: 'Líneas del documento' });
    await lines.waitFor();
    expect(await lines.getByRole('columnheader').allTextContents()).toEqual(['N°', 'Descripción', 'Cantidad', 'Unidad', 'Precio unitario', 'Descuento', 'Tipo de venta', 'Total de la línea']);
    const row = (n: number) => lines.locator('tbody tr').nth(n).locator('td');
    await waitFor(async () => (await row(0).nth(3).textContent()) === 'Unidad', UI_TIMEOUT_MS).catch(() => undefined);
    expect(await row(0).allTextContents()).toEqual(['1', 'Café molido 500 g · CAF-500', '2', expect.any(String), '$5.65', '$0.30', 'Gravada', '$11.00']);
    expect(await row(1).allTextContents()).toEqual(['2', 'Envío a domicilio', '1', expect.any(String), '$3.00', '$0.00', 'Exenta', '$3.00']);
    const terms = page.locator('.card', { has: page.getByRole('heading', { name: 'Condiciones de pago' }) });
    await terms.getByText('A crédito').waitFor();
    await terms.getByText('Transferencia-Depósito Bancario').waitFor();
    await terms.getByText('30 días').waitFor();
    await terms.getByText('Transferencia 4411').waitFor();
    await screenshotBoth(page, 'document-lines', () => lines.waitFor());
  }, 120_000);

  it('the issuance form: a quantity of 0 and a negative price are said at their fields, a decimal comma is a decimal point, payment terms are chosen', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { level: 1, name: 'Emitir documento' }).waitFor();
    await page.getByLabel('Descripción').fill('Café de altura');
    await page.getByLabel('Cantidad').fill('0');
    await page.getByLabel('Precio unitario (con IVA)').fill('-1');
    await page.getByLabel('Descripción').focus();
    // The service checks the quantity first: its reason is under «Cantidad», in its words.
    await errorsOf(page, 'Cantidad').filter({ hasText: 'Debe ser mayor que cero.' }).waitFor();
    // «Emitir» is not greyed out without a word: it stays pressable and the reason stays where it is.
    const emit = page.getByRole('button', { name: 'Emitir', exact: true });
    expect(await emit.isEnabled()).toBe(true);
    // Corrected, the quantity's error goes at once; the price's comes under «Precio unitario».
    await page.getByLabel('Cantidad').fill('2');
    expect(await errorsOf(page, 'Cantidad').count()).toBe(0);
    await errorsOf(page, 'Precio unitario (con IVA)').filter({ hasText: 'El precio no puede ser negativo' }).waitFor();
    expect(await emit.isEnabled()).toBe(true);
    await emit.click();
    await errorsOf(page, 'Precio unitario (con IVA)').first().waitFor();
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(page.url()).toMatch(/\/panel\/emitir/);
    await screenshotBoth(page, 'issue-document-errors', () => errorsOf(page, 'Precio unitario (con IVA)').first().waitFor());
    // «1,50» is taken as 1.50 and the price's error goes.
    await page.getByLabel('Precio unitario (con IVA)').fill('1,50');
    await page.getByLabel('Descripción').focus();
    expect(await page.getByLabel('Precio unitario (con IVA)').inputValue()).toBe('1.50');
    await page.locator('[data-total="total"]').filter({ hasText: '$3.00' }).waitFor();
    expect(await errorsOf(page, 'Precio unitario (con IVA)').count()).toBe(0);
    // Payment terms: on credit, 15 days, by bank transfer.
    await page.getByLabel('Condición de la operación').selectOption('2');
    await page.getByLabel('Forma de pago').selectOption('05');
    await page.getByLabel('Plazo', { exact: true }).fill('15');
    await page.getByLabel('Unidad del plazo').selectOption('01');
    await page.getByLabel('Referencia del pago').fill('TRF-9001');
    await screenshotBoth(page, 'issue-document-terms', () => page.locator('[data-total="total"]').filter({ hasText: '$3.00' }).waitFor());
    await waitFor(() => emit.isEnabled(), UI_TIMEOUT_MS);
    await emit.click();
    await page.waitForURL(/\/panel\/documentos\/doc_/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const stored = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
    expect(stored.body.payment).toEqual({ condition: '2', methods: [{ code: '05', amount: '3.00', reference: 'TRF-9001', term: '01', period: 15 }] });
    expect(stored.body.items.map((i: Record<string, string>) => [i.description, i.quantity, i.unit_price, i.total])).toEqual([['Café de altura', '2', '1.5', '3']]);
    await page.locator('.card', { has: page.getByRole('heading', { name: 'Condiciones de pago' }) }).getByText('15 días').waitFor();
  }, 180_000);

  it('a CCF receiver’s NIT typed with dashes is taken without them', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Emitir documento' }).click();
    await page.getByRole('radio', { name: 'Crédito fiscal (CCF)' }).click();
    const nit = page.getByLabel('NIT', { exact: true });
    await nit.fill('0614-201090-101-0');
    await page.getByLabel('NRC', { exact: true }).focus();
    expect(await nit.inputValue()).toBe('06142010901010');
    expect(await errorsOf(page, 'NIT').count()).toBe(0);
  }, 60_000);

  it('the issuer form: an empty send shows each error once, at its field, in words; a corrected field loses its error; a NIT with dashes is accepted', async () => {
    await goToPanelPath(page, '/emisores/nuevo');
    await page.getByRole('heading', { level: 1, name: 'Registrar emisor' }).waitFor();
    await page.getByRole('button', { name: 'Registrar emisor' }).click();
    await errorsOf(page, 'Nombre o razón social').first().waitFor();
    for (const label of ['Nombre o razón social', 'NIT', 'NRC', 'Actividad económica', 'Correo', 'Departamento']) {
      expect({ label, errors: await errorsOf(page, label).count() }).toEqual({ label, errors: 1 });
    }
    // No summary repeating them, and no internal names anywhere on the page.
    const body = await page.locator('main').textContent();
    expect(body).not.toMatch(/economicActivity|address\.department|tradeName|\bnit\b: /);
    expect(await page.locator('.alert-danger').count()).toBe(0);
    // The first field in error has the focus.
    expect(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    await screenshotBoth(page, 'emitter-form-errors', () => errorsOf(page, 'NIT').first().waitFor());
    await page.getByLabel('Nombre o razón social').fill('Comercial Formularios, S.A. de C.V.');
    expect(await errorsOf(page, 'Nombre o razón social').count()).toBe(0);
    await page.getByLabel('NIT').fill('0614-150590-102-3');
    await page.getByLabel('NRC').fill('123456-7');
    await page.getByLabel('Actividad económica').fill('47190');
    await page.getByLabel('Correo').fill('facturas@formularios.com.sv');
    await page.locator('select:enabled', { has: page.locator('option[value="06"]') }).first().waitFor();
    await page.getByLabel('Departamento').selectOption('06');
    await page.getByLabel('Municipio').selectOption('23');
    await page.getByLabel('Distrito').selectOption('14');
    await page.getByLabel('Dirección').fill('Calle Arce 123');
    await page.getByRole('button', { name: 'Registrar emisor' }).click();
    await page.waitForURL(/\/panel\/emisores\/emt_/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const stored = await request(t.url, 'GET', `/v1/emitters/${id}`, { key: t.account.testKey });
    expect({ nit: stored.body.nit, nrc: stored.body.nrc }).toEqual({ nit: '06141505901023', nrc: '1234567' });
  }, 180_000);

  it('the invalidation dialog: one person as both says nothing of «requester»; the replacement is picked from a list; a reason’s period is not doubled', async () => {
    await goToPanelPath(page, `/documentos/${docs[2].id}`);
    await page.getByRole('button', { name: 'Invalidar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invalidar documento' });
    await dialog.getByLabel('Entiendo que la invalidación es definitiva y no se puede deshacer.').check();
    expect(await dialog.getByLabel('Quien la solicita es el mismo responsable').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Invalidar documento' }).click();
    await errorsOf(dialog, 'Nombre').first().waitFor();
    expect(await dialog.textContent()).not.toMatch(/requester|responsible/);
    expect(await errorsOf(dialog, 'Nombre').count()).toBe(1);
    // Reason 1 asks for the document that replaces it: chosen from the issuer's processed documents.
    await dialog.getByLabel('Motivo', { exact: true }).selectOption('1');
    const replacement = dialog.getByLabel('Documento que lo reemplaza');
    await waitFor(async () => (await replacement.locator('option').count()) > 1, UI_TIMEOUT_MS);
    const options = await replacement.locator('option').allTextContents();
    expect(options[0]).toBe('Elija el documento…');
    expect(options.some((o) => o.startsWith(`${docs[0].control_number} · María José López · $`))).toBe(true);
    expect(options.some((o) => o.startsWith(docs[2].control_number))).toBe(false);
    await screenshotBoth(page, 'document-invalidate-replacement', () => replacement.waitFor());
    await dialog.getByLabel('Motivo', { exact: true }).selectOption('2');
    await dialog.getByLabel('Descripción del motivo').fill('El cliente canceló el pedido.');
    await dialog.getByLabel('Nombre').fill('Ana López');
    expect(await errorsOf(dialog, 'Nombre').count()).toBe(0);
    await dialog.getByLabel('Número de documento').fill('01234567-8');
    await dialog.getByRole('button', { name: 'Invalidar documento' }).click();
    await page.locator('.page-header').getByText('Anulado', { exact: true }).waitFor();
    const alert = page.locator('.alert', { hasText: 'Motivo:' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Motivo: El cliente canceló el pedido. ');
    expect(await alert.textContent()).not.toContain('..');
  }, 180_000);
});
