/**
 * Every DTE type issued from the panel's form in Chromium, through the MH simulator: each type's own
 * parts (NR's goods title, CR's withheld documents, CL's settled documents, DCL's period, FEX's
 * country and customs, FSE's income-tax withholding, CD's donor and donee documents) filled by their
 * labels, totals from the dry run, «Emitir», and the document followed to «Procesado»; a server
 * refusal shown next to its field.
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

async function openForm(label: string): Promise<void> {
  await goToPanelPath(page, '/emitir');
  await page.getByRole('heading', { level: 1, name: 'Emitir documento' }).waitFor();
  await page.getByRole('radio', { name: label }).click();
  expect(await page.getByRole('radio', { name: label }).getAttribute('aria-checked')).toBe('true');
}

const region = (name: string) => page.getByRole('region', { name });

async function fillTaxpayer(name: string, nit: string, nrc: string, activity: string, withAddress = true): Promise<void> {
  const r = region('Receptor (contribuyente)').or(region('Donante'));
  await r.getByLabel('Nombre o razón social').fill(name);
  await r.getByLabel('NIT', { exact: true }).fill(nit);
  await r.getByLabel('NRC', { exact: true }).fill(nrc);
  await r.getByLabel('Actividad económica').fill(activity);
  if (withAddress) await fillAddress(r);
}

async function fillAddress(r: ReturnType<Page['locator']>): Promise<void> {
  await r.locator('select:enabled', { has: page.locator('option[value="06"]') }).first().waitFor();
  await r.getByLabel('Departamento').selectOption('06');
  await r.getByLabel('Municipio').selectOption('23');
  await r.getByLabel('Distrito').selectOption('14');
  await r.getByLabel('Dirección').fill('Col. Escalón, Av. Norte 1');
}

async function fillLine(n: number, description: string, quantity: string, price: string): Promise<void> {
  const lines = region('Detalle').or(region('Lo donado'));
  await lines.getByLabel('Descripción').nth(n).fill(description);
  await lines.getByLabel('Cantidad').nth(n).fill(quantity);
  await lines.getByLabel(/^(Precio|Valor) unitario/).nth(n).fill(price);
}

async function fillDocRef(r: ReturnType<Page['locator']>, n: number, type: string, code: string, on: string): Promise<void> {
  await r.getByLabel('Tipo del documento').nth(n).selectOption(type);
  await r.getByLabel('Código de generación o número').nth(n).fill(code);
  await r.getByLabel('Fecha del documento').nth(n).fill(on);
}

/** Waits for the dry run's total, sends, and follows the new document to «Procesado»; answers it as stored. */
async function emitAndFollow(total: string, type: string): Promise<Record<string, any>> {
  const shown = page.locator('[data-total="total"]');
  await shown.filter({ hasText: total }).waitFor();
  const emit = page.getByRole('button', { name: 'Emitir', exact: true });
  await waitFor(() => emit.isEnabled(), UI_TIMEOUT_MS);
  await emit.click();
  // A refusal stays on the form: say what the service answered instead of timing out.
  const refused = page.locator('.issue-summary .alert-danger');
  await Promise.race([page.waitForURL(/\/panel\/documentos\/doc_/), refused.waitFor().then(async () => Promise.reject(new Error(`refused: ${await refused.innerText()}`)))]);
  await page.locator('.page-header').getByText('Procesado', { exact: true }).waitFor();
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const stored = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
  expect({ type: stored.body.type, status: stored.body.status }).toEqual({ type, status: 'processed' });
  return stored.body;
}

describeBrowser('every DTE type from the panel in Chromium', () => {
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

  it('offers the eleven types', async () => {
    await goToPanelPath(page, '/emitir');
    const types = page.getByRole('radiogroup', { name: 'Tipo de documento' }).getByRole('radio');
    await types.first().waitFor();
    expect(await types.count()).toBe(11);
  }, 60_000);

  it('issues an NR with its goods title', async () => {
    await openForm('Nota de remisión (NR)');
    await fillTaxpayer('Distribuidora El Roble, S.A. de C.V.', '06142010901010', '2345678', '46900');
    await region('Remisión').getByLabel('Título de los bienes remitidos').selectOption('04');
    await fillLine(0, 'Cajas de bebidas de 24 unidades', '20', '12.50');
    const doc = await emitAndFollow('$282.50', '04');
    expect(doc.totals.total).toBe('282.50');
  }, 180_000);

  it('issues a CR with the withheld documents, and shows a server refusal next to its field first', async () => {
    await openForm('Comprobante de retención (CR)');
    await fillTaxpayer('Suministros Industriales, S.A. de C.V.', '06141507891234', '1122334', '46900');
    const w = region('Documentos con IVA retenido');
    // A date after today is refused by the service: its message shows under «Fecha del documento».
    await fillDocRef(w, 0, '03', '8A2C3D4E-5F60-4718-9A0B-1C2D3E4F5A6B', '2099-01-01');
    await w.getByLabel('Monto sujeto a retención').fill('1500.00');
    await w.getByLabel('Fecha del documento').blur();
    await w.locator('.field.has-error', { has: page.getByLabel('Fecha del documento') }).locator('.field-error').waitFor();
    await screenshotBoth(page, 'issue-cr-error', () => w.locator('.field-error').first().waitFor());
    await w.getByLabel('Fecha del documento').fill('2026-03-03');
    await w.getByRole('button', { name: 'Agregar documento retenido' }).click();
    await fillDocRef(w, 1, '03', '1547', '2026-03-05');
    await w.getByLabel('Monto sujeto a retención').nth(1).fill('820.50');
    // 1 % of 2,320.50 = 23.21 (rounded per line: 15.00 + 8.21).
    const doc = await emitAndFollow('$23.21', '07');
    expect(doc.totals.total).toBe('23.21');
  }, 180_000);

  it('issues a CL with the settled documents', async () => {
    await openForm('Comprobante de liquidación (CL)');
    await fillTaxpayer('Laboratorios del Istmo, S.A. de C.V.', '06140911881234', '554433', '21001');
    const s = region('Documentos liquidados');
    await fillDocRef(s, 0, '03', '9B3D4E5F-6071-4829-8B1C-2D3E4F5A6B7C', '2026-03-04');
    await s.getByLabel('Ventas gravadas (sin IVA)').fill('400.00');
    await s.getByLabel('IVA percibido').fill('4.00');
    const doc = await emitAndFollow('$', '08');
    expect(doc.totals.subtotal).toBe('400.00');
  }, 180_000);

  it('issues a DCL with its period, operations and commission', async () => {
    await openForm('Documento contable de liquidación (DCL)');
    await fillTaxpayer('Restaurante La Ceiba, S.A. de C.V.', '06142503951234', '887766', '56101');
    await region('Receptor (contribuyente)').getByLabel('Correo del receptor').fill('admin@laceiba.com.sv');
    const s = region('Liquidación');
    await s.getByLabel('Inicio del período').fill('2026-03-01');
    await s.getByLabel('Fin del período').fill('2026-03-07');
    await s.getByLabel('Valor de las operaciones (IVA incluido)').fill('11300.00');
    await s.getByLabel('Comisión', { exact: true }).fill('250.00');
    await s.getByLabel('Responsable de la liquidación').fill('Ana López');
    await s.getByLabel('Documento del responsable').fill('01234567-8');
    await screenshotBoth(page, 'issue-dcl', () => s.waitFor());
    const doc = await emitAndFollow('$', '09');
    expect(doc.type).toBe('09');
  }, 180_000);

  it('issues an FEX with country, incoterms, customs office, freight and insurance', async () => {
    await openForm('Factura de exportación (FEX)');
    const r = region('Receptor en el exterior');
    await r.getByLabel('Nombre o razón social').fill('Importadora del Pacífico, S.A.');
    await r.getByLabel('Tipo de documento').selectOption('37');
    await r.getByLabel('Número de documento').fill('GT-5523410');
    await r.locator('select:enabled', { has: page.locator('option[value="GT"]') }).first().waitFor();
    await r.getByLabel('País de destino').selectOption('GT');
    await r.getByLabel('Dirección en el exterior').fill('6a. Avenida 12-40, Zona 10, Ciudad de Guatemala');
    await r.getByLabel('Actividad del receptor').fill('Comercio al por mayor de alimentos');
    await fillLine(0, 'Café oro lavado, sacos de 69 kg', '100', '245.50');
    const x = region('Exportación');
    await x.locator('select:enabled', { has: page.locator('option[value="02"]') }).first().waitFor();
    await x.getByLabel('Recinto fiscal').selectOption('02');
    await x.getByLabel('INCOTERMS').selectOption('09');
    await x.getByLabel('Régimen de exportación').selectOption('1000.000');
    await x.getByLabel('Flete').fill('350.00');
    await x.getByLabel('Seguro').fill('120.00');
    await screenshotBoth(page, 'issue-fex', () => page.locator('[data-total="total"]').waitFor());
    // 100 × 245.50 + 350.00 + 120.00 = 25,020.00
    const doc = await emitAndFollow('$25,020.00', '11');
    expect(doc.totals.total).toBe('25020.00');
  }, 180_000);

  it('issues an FSE with the excluded subject and the income tax withheld', async () => {
    await openForm('Sujeto excluido (FSE)');
    const r = region('Sujeto excluido');
    await r.getByLabel('Nombre del sujeto excluido').fill('María Elena Ramírez');
    await r.getByLabel('Número de documento').fill('01234567-8');
    await fillAddress(r);
    await fillLine(0, 'Quintales de maíz', '10', '25.00');
    await region('Retención de renta').getByLabel('Retención de renta (%)').fill('10');
    // 250.00 − 10 % = 225.00
    const doc = await emitAndFollow('$225.00', '14');
    expect(doc.totals.total).toBe('225.00');
  }, 180_000);

  it('issues a CD from the donee to the donor', async () => {
    await openForm('Comprobante de donación (CD)');
    await fillTaxpayer('Distribuidora El Roble, S.A. de C.V.', '06142010901010', '2345678', '46900', false);
    await fillLine(0, 'Computadoras portátiles usadas', '3', '400.00');
    const lines = region('Lo donado');
    await lines.getByLabel('Tipo de donación').selectOption('2');
    await lines.getByLabel('Depreciación').fill('300.00');
    const a = region('Documentos del donatario');
    await a.getByLabel('Identificación').fill('Resolución DGII 12-2025');
    await a.getByLabel('Descripción del documento').fill('Autorización como entidad donataria');
    await screenshotBoth(page, 'issue-cd', () => page.locator('[data-total="total"]').waitFor());
    const doc = await emitAndFollow('$900.00', '15');
    expect(doc.totals.total).toBe('900.00');
  }, 180_000);

  it('issues an FE and a CCF, then an NC and an ND of the CCF from its page, prefilled with it and its lines', async () => {
    await openForm('Factura (FE)');
    await fillLine(0, 'Café molido 500 g', '2', '5.65');
    await emitAndFollow('$11.30', '01');

    await openForm('Crédito fiscal (CCF)');
    await fillTaxpayer('Distribuidora El Roble, S.A. de C.V.', '06142010901010', '2345678', '46900');
    await fillLine(0, 'Servicio de consultoría', '1', '2000.00');
    const ccf = await emitAndFollow('$2,260.00', '03');

    for (const [button, type, total] of [['Nota de crédito', '05', '$2,260.00'], ['Nota de débito', '06', '$2,260.00']] as const) {
      await goToPanelPath(page, `/documentos/${ccf.id}`);
      await page.locator('.page-header').getByText('Procesado', { exact: true }).waitFor();
      await page.getByRole('link', { name: button, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: button }).waitFor();
      const related = region('Documentos que corrige');
      expect(await related.getByLabel('Código de generación o número').inputValue()).toBe(ccf.generation_code);
      expect(await region('Detalle').getByLabel('Descripción').inputValue()).toBe('Servicio de consultoría');
      if (type === '05') await screenshotBoth(page, 'issue-credit-note', () => related.waitFor());
      const note = await emitAndFollow(total, type);
      expect(note.related_documents?.[0]?.generation_code ?? note.related_documents?.[0]?.generationCode).toBe(ccf.generation_code);
      await page.getByRole('link', { name: ccf.generation_code }).waitFor();
    }
  }, 300_000);
});
