/**
 * «Facturas recurrentes» in the panel: a monthly FE is programmed through the form (a refused field
 * is named next to it, nothing created), listed with its schedule and next run, paused (no next run)
 * and resumed (its next run back); one due today is issued by the job and its detail links the
 * occurrence to its document; deleted, it leaves the list and its document stays.
 */
import type { Browser } from 'playwright-core';
import { addDays, localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import { isoWeekday } from '../../src/domain/recurring/recurring-schedule';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/webhook-receiver';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;

const recurringRows = () => dbRows<{ id: string; status: string; next_run_on: string | null }>(t.db.url, 'select id, status, next_run_on from recurring_documents');

/**
 * The service's clock, kept away from El Salvador's midnight: a test that reads "today" and then has
 * the service compute its schedule must see one date, whatever the hour it runs at (a start within
 * 20 minutes of midnight runs 20 minutes later than the machine's time).
 */
const SV_OFFSET_MS = -6 * 3600_000;
const localMinutes = (d: Date) => Math.floor(((d.getTime() + SV_OFFSET_MS) % 86_400_000 + 86_400_000) % 86_400_000 / 60_000);
const SHIFT_MS = localMinutes(new Date()) >= 23 * 60 + 40 ? 20 * 60_000 : 0;
const clock = { now: () => new Date(Date.now() + SHIFT_MS) };

describeBrowser('recurring invoices in the panel', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({}, { clock }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567891' });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('programs a monthly FE, lists it with its next run, pauses and resumes it', async () => {
    // A start a few days ahead (El Salvador date), on the schedule's own day: the next run is that date.
    const startsOn = addDays(localDateOf(clock.now()), 5);
    const day = Number(startsOn.slice(8, 10));
    const shown = `${startsOn.slice(8, 10)}/${startsOn.slice(5, 7)}/${startsOn.slice(0, 4)}`;
    const { page } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    await page.getByRole('link', { name: 'Facturas recurrentes' }).click();
    await page.getByRole('heading', { name: 'Facturas recurrentes' }).waitFor();
    await page.getByText('Sin facturas recurrentes').waitFor();
    await page.getByRole('link', { name: 'Nueva factura recurrente' }).first().click();
    await page.getByRole('heading', { name: 'Nueva factura recurrente' }).waitFor();
    await page.getByLabel('Establecimiento y punto de venta').locator('option', { hasText: 'M001 · P001' }).waitFor({ state: 'attached' });

    await page.getByLabel('Día del mes').fill(String(day));
    await page.getByLabel('Desde').fill(startsOn);
    await page.getByLabel('Cantidad de emisiones (opcional)').fill('12');
    await page.getByLabel('Nombre del receptor').fill('Juan Pérez');
    await page.getByLabel('Correo del receptor').fill('juan@example.com');
    await page.getByLabel('Descripción de la línea 1').fill('Mantenimiento mensual');
    await page.getByLabel('Precio con IVA').fill('25,00');
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await page.getByLabel('Descripción de la línea 2').fill('Hospedaje del sitio');
    await page.getByLabel('Precio con IVA').nth(1).fill('diez');

    // Refused: the bad price is named next to its field, and nothing is created.
    await page.getByRole('button', { name: 'Programar factura' }).click();
    const priceField = page.locator('[data-line="1"]');
    await priceField.locator('[aria-invalid="true"]').waitFor();
    expect(await priceField.locator('.field-error').count()).toBeGreaterThan(0);
    await screenshotBoth(page, 'recurring-form');
    expect(await recurringRows()).toHaveLength(0);

    await page.getByLabel('Precio con IVA').nth(1).fill('10.00');
    await page.getByRole('button', { name: 'Programar factura' }).click();
    await page.getByRole('heading', { name: 'Juan Pérez · 2 líneas' }).waitFor();
    await page.locator(`[data-next-run="${startsOn}"]`).waitFor();
    await page.getByText('Aún no se ha emitido').waitFor();
    const [row] = await recurringRows();
    expect(row).toMatchObject({ status: 'active', next_run_on: startsOn });
    await screenshotBoth(page, 'recurring-detail');

    // Listed with its schedule and next run.
    await page.getByRole('link', { name: 'Facturas recurrentes' }).first().click();
    const list = page.locator('table', { has: page.locator('caption', { hasText: 'Facturas recurrentes' }) });
    const line = list.locator('tr', { hasText: 'Juan Pérez' });
    await line.getByText(`Mensual, día ${day}`).waitFor();
    await line.getByText(shown).waitFor();
    await line.locator('[data-recurring-status="active"]').waitFor();
    await screenshotBoth(page, 'recurring-list');

    // Paused: no next run; resumed: its next run is back.
    await line.getByRole('button', { name: /^Pausar/ }).click();
    await line.locator('[data-recurring-status="paused"]').waitFor();
    await line.locator('[data-next-run=""]').waitFor();
    expect((await recurringRows())[0]).toMatchObject({ status: 'paused' });
    await line.getByRole('button', { name: /^Reanudar/ }).click();
    await line.locator('[data-recurring-status="active"]').waitFor();
    await line.getByText(shown).waitFor();
    expect((await recurringRows())[0]).toMatchObject({ status: 'active', next_run_on: startsOn });
    await page.context().close();
  }, 240_000);

  it('shows the occurrences of a recurring FE with links to their documents, and deletes it', async () => {
    const today = localDateOf(clock.now());
    const created = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/recurring-documents`, {
      key: t.account.testKey,
      body: {
        template: { emitter_id: issuer.emitterId, type: '01', establishment: 'M001', point_of_sale: 'P001', external_id: 'IGUALA-7', receiver: { name: 'Ana López' }, items: [{ type: '2', description: 'Iguala contable', quantity: '1', unit_code: '59', unit_price: '40.00', tax: 'gravada' }] },
        schedule: { frequency: 'weekly', weekday: isoWeekday(today) },
        starts_on: today,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await t.app.services.runRecurringDocuments.execute();
    const occurrence = () => dbRows<{ status: string; document_id: string | null }>(t.db.url, 'select status, document_id from recurring_occurrences where recurring_id = $1', [id]);
    await eventually(async () => ((await occurrence())[0]?.status === 'issued' ? true : undefined), 30_000, 'emisión de hoy');
    const [{ document_id: documentId }] = await occurrence();
    // Transmitted in the background: the page is opened once the document is processed.
    const documentStatus = async () => (await dbRows<{ status: string }>(t.db.url, 'select status from documents where id = $1', [documentId]))[0]?.status;
    await eventually(async () => ((await documentStatus())?.toUpperCase() === 'PROCESSED' ? true : undefined), 30_000, 'documento procesado');

    const { page } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    await page.goto(`${t.url}/panel/recurrentes/${id}`);
    await page.getByRole('heading', { name: 'Ana López · Iguala contable' }).waitFor();
    const table = page.locator('table', { has: page.locator('caption', { hasText: 'Emisiones' }) });
    const link = table.locator(`a[href="/panel/documentos/${documentId}"]`);
    await link.waitFor();
    await table.getByText('Emitida').waitFor();
    await table.getByText('Procesado').waitFor();
    await screenshotBoth(page, 'recurring-occurrences');
    await link.click();
    await page.waitForURL(`**/panel/documentos/${documentId}`);

    // Deleted from its detail: back on the list without it; its document stays.
    await page.goBack();
    await page.getByRole('heading', { name: 'Ana López · Iguala contable' }).waitFor();
    await page.getByRole('button', { name: /^Eliminar/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('heading', { name: 'Facturas recurrentes' }).waitFor();
    await page.locator('table', { has: page.locator('caption', { hasText: 'Facturas recurrentes' }) }).locator('tr', { hasText: 'Juan Pérez' }).waitFor();
    expect(await page.getByText('Ana López · Iguala contable').count()).toBe(0);
    const [gone] = await dbRows<{ deleted: boolean }>(t.db.url, 'select deleted_at is not null as deleted from recurring_documents where id = $1', [id]);
    expect(gone.deleted).toBe(true);
    expect(await documentStatus()).toBeDefined();
    await page.context().close();
  }, 240_000);
});
