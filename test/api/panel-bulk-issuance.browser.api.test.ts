/**
 * «Emisión masiva» in the panel (ADR 0074): a CSV with good and bad rows is previewed (each bad row
 * named in Spanish, nothing issued), «Emitir todo» issues the valid documents through the batch API
 * and shows them turn «Procesado» live, the result CSV names each row's document, and the same file
 * uploaded again issues nothing twice.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import { createIssuer, type Issuer } from '../support/issuer';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;

const HEADER = 'id_externo,receptor_nombre,receptor_tipo_documento,receptor_numero_documento,receptor_correo,tipo_item,descripcion,cantidad,unidad,precio_unitario,tributo';
const CSV = [
  HEADER,
  'PED-001,Juan Pérez,13,01234567-8,juan@example.com,1,Café molido 500 g,2,59,5.65,gravada',
  'PED-001,,,,,2,Envío a domicilio,1,59,3.00,exenta',
  'PED-001,,,,,1,Taza de cerámica,1,59,4.52,gravada',
  'PED-002,Ana López,13,01234567-8,,1,Azúcar 1 kg,1,59,1.50,gravada',
  'PED-002,,,,,1,Galletas,tres,59,0.95,gravada',
  'PED-003,María Ruiz,13,01234567-8,,1,Pan dulce,6,59,0.35,gravada',
  'PED-003,,,,,9,Servicio raro,1,59,2.00,gravada',
  'PED-004,Carlos Díaz,13,01234567-8,,1,Leche 1 l,2,59,1.25,gravada',
].join('\n');

async function documentCount(): Promise<number> {
  const [r] = (await t.app.services.deps.orm.em.getConnection().execute('select count(*)::int as n from documents')) as { n: number }[];
  return r.n;
}

async function uploadAndPreview(page: Page, file: string): Promise<void> {
  await page.getByLabel('Archivo CSV').setInputFiles(file);
  await page.getByRole('button', { name: 'Revisar archivo' }).click();
  await page.locator('[data-kpi="documents"]').getByText('4', { exact: true }).waitFor();
}

describeBrowser('bulk issuance from a CSV in the panel', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567891' });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('previews good and bad rows, issues the valid documents live, downloads the result, and the same file again issues nothing twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bulk-csv-'));
    const file = join(dir, 'pedidos.csv');
    writeFileSync(file, CSV);
    const { page } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    await page.getByRole('link', { name: 'Emisión masiva' }).click();
    await page.getByRole('heading', { name: 'Emisión masiva' }).waitFor();

    // The template downloads with its Spanish headers.
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByText('Descargar plantilla FE').click()]);
    const templateRows = parse(readFileSync(await template.path()), { bom: true }) as string[][];
    expect(templateRows[0]).toEqual(expect.arrayContaining(['id_externo', 'descripcion', 'cantidad', 'precio_unitario', 'tributo']));

    const before = await documentCount();
    await uploadAndPreview(page, file);
    await page.locator('[data-kpi="valid"]').getByText('2', { exact: true }).waitFor();
    await page.locator('[data-kpi="bad-rows"]').getByText('2', { exact: true }).waitFor();
    const bad = page.locator('table', { has: page.locator('caption', { hasText: 'Filas con errores' }) });
    await bad.locator('[data-bad-row="6"]').waitFor();
    await bad.locator('[data-bad-row="8"]').waitFor();
    const badText = await bad.innerText();
    expect(badText).toMatch(/cantidad/);
    expect(badText).toMatch(/tipo_item/);
    expect(await documentCount()).toBe(before);
    await screenshotBoth(page, 'bulk-issuance-preview');

    await page.getByRole('button', { name: 'Emitir todo' }).click();
    await page.getByText('Enviados 2 de 2').waitFor();
    const docs = page.locator('table', { has: page.locator('caption', { hasText: 'Documentos del archivo' }) });
    // Live: both valid documents turn «Procesado» without a reload.
    await docs.locator('[data-status="PROCESSED"]').nth(1).waitFor();
    expect(await documentCount()).toBe(before + 2);
    expect(await docs.locator('tr', { hasText: 'PED-002' }).getByText('Con errores').count()).toBe(1);
    await screenshotBoth(page, 'bulk-issuance-issued');

    const [result] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar resultado CSV' }).click()]);
    const rows = parse(readFileSync(await result.path()), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(8);
    const byRow = Object.fromEntries(rows.map((r) => [r.fila, r]));
    expect(byRow['2']).toMatchObject({ id_externo: 'PED-001', estado: 'processed', error: '' });
    expect(byRow['2'].documento_id).toMatch(/^doc_/);
    expect(byRow['2'].numero_control).toMatch(/^DTE-01-M001P001-\d{15}$/);
    expect(byRow['4'].documento_id).toBe(byRow['2'].documento_id);
    expect(byRow['6']).toMatchObject({ id_externo: 'PED-002', documento_id: '', estado: 'no_emitido' });
    expect(byRow['6'].error).toMatch(/^cantidad: /);
    expect(byRow['5'].error).toMatch(/otra de sus filas/);
    expect(byRow['9']).toMatchObject({ id_externo: 'PED-004', estado: 'processed' });

    // The same file again, in a fresh page: the preview is the same and «Emitir todo» issues nothing new.
    await page.reload();
    await goToPanelPath(page, '/emitir/lote');
    await page.getByRole('heading', { name: 'Emisión masiva' }).waitFor();
    await uploadAndPreview(page, file);
    await page.getByRole('button', { name: 'Emitir todo' }).click();
    await page.getByText('Enviados 2 de 2').waitFor();
    await docs.locator('[data-status="PROCESSED"]').nth(1).waitFor();
    expect(await documentCount()).toBe(before + 2);
    const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar resultado CSV' }).click()]);
    const againRows = parse(readFileSync(await again.path()), { bom: true, columns: true }) as Record<string, string>[];
    expect(againRows.map((r) => [r.fila, r.documento_id, r.numero_control])).toEqual(rows.map((r) => [r.fila, r.documento_id, r.numero_control]));
    await page.context().close();
  }, 240_000);

  it('another type: its template downloads from the type picked and, uploaded as it is, issues its two documents', async () => {
    const { page } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    await goToPanelPath(page, '/emitir/lote');
    await page.getByRole('heading', { name: 'Emisión masiva' }).waitFor();
    await page.getByLabel('Tipo de documento').selectOption('07');
    const [template] = await Promise.all([page.waitForEvent('download'), page.getByText('Descargar plantilla CR').click()]);
    expect(template.suggestedFilename()).toBe('plantilla-emision-cr.csv');
    const path = await template.path();
    expect((parse(readFileSync(path), { bom: true }) as string[][])[0]).toEqual(expect.arrayContaining(['doc_relacionado_codigo', 'monto_sujeto', 'codigo_retencion']));
    const before = await documentCount();
    await page.getByLabel('Archivo CSV').setInputFiles(path);
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    await page.locator('[data-kpi="documents"]').getByText('2', { exact: true }).waitFor();
    await page.locator('[data-kpi="valid"]').getByText('2', { exact: true }).waitFor();
    expect(await documentCount()).toBe(before);
    await page.getByRole('button', { name: 'Emitir todo' }).click();
    await page.getByText('Enviados 2 de 2').waitFor();
    const docs = page.locator('table', { has: page.locator('caption', { hasText: 'Documentos del archivo' }) });
    await docs.locator('[data-status="PROCESSED"]').nth(1).waitFor();
    const [r] = (await t.app.services.deps.orm.em.getConnection().execute("select count(*)::int as n from documents where type = '07'")) as { n: number }[];
    expect(r.n).toBe(2);
    await page.context().close();
  }, 180_000);
});
