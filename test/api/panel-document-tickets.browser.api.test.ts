/**
 * The document page's ticket actions in Chromium: a processed FE shows «Imprimir ticket (80 mm)» and
 * «Imprimir ticket (58 mm)»; each downloads, with the panel's session, a PDF whose page is 80 mm /
 * 58 mm wide (checked with poppler's `pdfinfo`: page size in points, 1 mm = 72 / 25.4 pt).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';
const MM_TO_PT = 72 / 25.4;

let t: TestApp;
let browser: Browser;
let page: Page;
let doc: Record<string, any>;

/** Page width and height in points of a PDF file, as poppler reports them. */
function pageSize(file: string): { width: number; height: number } {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (!m) throw new Error(`pdfinfo gave no page size:\n${info}`);
  return { width: Number(m[1]), height: Number(m[2]) };
}

describeBrowser('panel document ticket actions in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ MH_TIMEOUT_MS: '30000', SYNC_WAIT_MS: '20000' }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    const issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect(r.body.status).toBe('processed');
    doc = r.body;
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('shows both ticket actions on a processed document', async () => {
    await page.getByRole('table', { name: 'Documentos' }).waitFor();
    await goToPanelPath(page, `/documentos/${doc.id}`);
    const header = page.locator('.page-header');
    await header.getByText('Procesado', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    for (const mm of [80, 58]) {
      const link = page.getByRole('link', { name: `Imprimir ticket (${mm} mm)`, exact: true });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/v1/documents/${doc.id}/pdf?layout=ticket-${mm}`);
    }
    await screenshotBoth(page, 'document-ticket-buttons', () => page.getByRole('link', { name: 'Imprimir ticket (58 mm)' }).waitFor());
  });

  it.each([80, 58])('downloads the %i mm ticket as a PDF of that width', async (mm) => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: `Imprimir ticket (${mm} mm)`, exact: true }).click();
    const download = await downloading;
    // The server's Content-Disposition names the file (control number); the link only asks for a download.
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${doc.control_number}.*\\.pdf$`));
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const { width, height } = pageSize(file);
    expect(Math.abs(width - mm * MM_TO_PT)).toBeLessThan(0.5);
    expect(height).toBeGreaterThan(width);
  });
});
