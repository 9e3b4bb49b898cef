/**
 * «Archivo del período» on the books screen in Chromium (ADR 0072): the owner asks for the month's
 * archive, sees it go from «En cola»/«Generando…» to «Listo» with its document count, and downloads a
 * ZIP that holds each document of the month and the index.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, Page } from 'playwright-core';
import { localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import { ManualClock } from '../../src/services/shared/clock';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@archivo.com.sv';
const clock = new ManualClock(new Date());

let t: TestApp;
let browser: Browser;
let page: Page;
const docs: { generation_code: string; type: string }[] = [];

describeBrowser('the books screen’s «Archivo del período» in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({}, { clock }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    const issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141616161616' });
    for (const body of [feBody(issuer), ccfBody(issuer)]) {
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

  it('asks for the month’s archive, follows it to «Listo» and downloads the ZIP', async () => {
    const period = localDateOf(clock.now()).slice(0, 7);
    await page.goto(`${t.url}/panel/fiscal?periodo=${period}`);
    const card = page.locator('section, .card').filter({ hasText: 'Archivo del período' }).last();
    await card.getByText('Aún no generado para este período').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: 'Generar el archivo del período' }).click();
    await card.getByText('Listo', { exact: true }).waitFor({ timeout: 60_000 });
    await card.getByText(/2 documentos · /).waitFor({ timeout: UI_TIMEOUT_MS });
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar el archivo del período' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`archivo-pruebas-${period}.zip`);
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    expect(zip.file('indice.csv')).not.toBeNull();
    for (const d of docs) expect(zip.file(`documentos/${d.type}/${d.generation_code}.pdf`)).not.toBeNull();
    await page.screenshot({ path: join(tmpdir(), 'panel-period-archive.png'), fullPage: true });
  }, 120_000);
});
