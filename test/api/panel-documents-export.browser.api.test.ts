/**
 * The documents list's «Exportar» in Chromium (ADR 0091): the CSV downloaded from the menu has one
 * row per document the list shows, with the list's filters (all documents, then only the CCF).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@exporta.com.sv';

let t: TestApp;
let browser: Browser;
let page: Page;
const docs: { control_number: string; type: string }[] = [];

/** The export's records: `;`-separated, RFC 4180 quoting (fields may hold `;`, quotes and line breaks), BOM dropped. */
function csvRecords(text: string): string[][] {
  const s = text.replace(/^\uFEFF/, '');
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') row.push(field), (field = '');
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field), out.push(row), (row = []), (field = '');
    } else field += ch;
  }
  if (field !== '' || row.length) row.push(field), out.push(row);
  return out;
}

/** Clicks «Exportar» → CSV and answers the downloaded file's records (header first). */
async function exportCsv(p: Page): Promise<string[][]> {
  await p.getByText('Exportar', { exact: true }).click();
  const downloading = p.waitForEvent('download');
  await p.getByRole('menuitem', { name: /^CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return csvRecords(readFileSync((await download.path())!, 'utf8'));
}

describeBrowser('the documents list’s «Exportar» in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    const issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141515151515' });
    for (const body of [feBody(issuer), ccfBody(issuer, { external_id: 'EXP-CCF' }), feBody(issuer, { external_id: 'EXP-2' }), feBody(issuer, { external_id: 'EXP-3' })]) {
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

  it('the CSV has one row per document the list shows, the same control numbers', async () => {
    await page.goto(`${t.url}/panel/documentos`);
    const table = page.getByRole('table', { name: 'Documentos' });
    await waitFor(async () => (await table.locator('tbody tr').count()) === docs.length, UI_TIMEOUT_MS);
    const shown = await table.locator('tbody tr').count();
    const [header, ...rows] = await exportCsv(page);
    const col = header.indexOf('Número de control');
    expect(col).toBeGreaterThanOrEqual(0);
    expect(rows).toHaveLength(shown);
    expect(rows.map((r) => r[col]).sort()).toEqual(docs.map((d) => d.control_number).sort());
  }, 120_000);

  it('with the list filtered to CCF, the CSV has only the list’s row', async () => {
    await page.goto(`${t.url}/panel/documentos?tipo=03`);
    const table = page.getByRole('table', { name: 'Documentos' });
    const ccf = docs.find((d) => d.type === '03')!;
    await table.getByRole('link', { name: ccf.control_number, exact: true }).waitFor();
    await waitFor(async () => (await table.locator('tbody tr').count()) === 1, UI_TIMEOUT_MS);
    const [header, ...rows] = await exportCsv(page);
    expect(rows).toHaveLength(1);
    expect(rows[0][header.indexOf('Número de control')]).toBe(ccf.control_number);
  }, 120_000);
});
