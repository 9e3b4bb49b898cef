/**
 * The panel's documents in Chromium: the list with «Buscar» and the «Número de control» column, a
 * document issued through the API that turns «Procesado» in the open list without a reload, an FE
 * issued from the form (totals from a dry run) followed live on its detail, its PDF, a resend by
 * e-mail and the invalidation with its deadline and confirmation; a CCF issued from the form to a
 * registered taxpayer (address from MH's catalogs).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { feBody, ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { describeBrowser, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let issuer: Issuer;
let mh: MhControl;
let page: Page;
const apiDocs: Record<string, any>[] = [];

/** Records every status text a table row or the detail's header shows, so a test can tell it changed in place. */
async function recordStatuses(p: Page): Promise<void> {
  await p.evaluate(() => {
    const w = globalThis as any; // the page's window (tests are compiled without the DOM types)
    w.__statuses = [];
    w.__loadedOnce = true;
    const seen = () => {
      for (const el of w.document.querySelectorAll('[data-status]')) {
        const s = `${el.closest('[data-row-id]')?.getAttribute('data-row-id') ?? 'detalle'}:${el.textContent}`;
        if (!w.__statuses.includes(s)) w.__statuses.push(s);
      }
    };
    new w.MutationObserver(seen).observe(w.document.body, { subtree: true, childList: true, characterData: true });
    seen();
  });
}
const statusesSeen = (p: Page): Promise<string[]> => p.evaluate(() => (globalThis as any).__statuses);
/** True while the page has not been reloaded since `recordStatuses`. */
const sameDocument = (p: Page) => p.evaluate(() => (globalThis as any).__loadedOnce === true);

describeBrowser('panel documents in Chromium', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp({ MH_TIMEOUT_MS: '30000', SYNC_WAIT_MS: '20000' }), launchBrowser()]);
    mh = new MhControl(t.app.mhSimulatorUrl!);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    // A few documents an ERP issued through the API.
    for (const body of [
      feBody(issuer),
      ccfBody(issuer, { external_id: 'ERP-0001' }),
      feBody(issuer, { receiver: { name: 'María Rodríguez', document_type: '13', document_number: '04567890-1', email: 'maria@example.com' }, items: [{ type: '1', description: 'Pupusas (docena)', quantity: '3', unit_code: '59', unit_price: '9.00', tax: 'gravada' }] }),
    ]) {
      const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body });
      expect(r.body.status).toBe('processed');
      apiDocs.push(r.body);
    }
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('lists the documents with the full «Número de control» and finds one with «Buscar»', async () => {
    const table = page.getByRole('table', { name: 'Documentos' });
    await table.waitFor();
    const headers = await table.getByRole('columnheader').allTextContents();
    expect(headers).toContain('Número de control');
    for (const d of apiDocs) await table.getByRole('link', { name: d.control_number, exact: true }).waitFor();
    expect(await table.getByText('Procesado', { exact: true }).count()).toBe(apiDocs.length);
    await screenshotBoth(page, 'documents', () => table.waitFor());

    const target = apiDocs[2];
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(target.control_number);
    await waitFor(async () => (await table.locator('tbody tr').count()) === 1, UI_TIMEOUT_MS);
    await table.getByRole('link', { name: target.control_number, exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(target.control_number);

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('no-existe-ninguno');
    await page.getByText('Ningún documento coincide con los filtros').waitFor();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await waitFor(async () => (await table.locator('tbody tr').count()) === apiDocs.length, UI_TIMEOUT_MS);
  }, 120_000);

  it('opening the list asks the session once (the page preloads it) and reads the first page with one GET from the page\'s inline script, without waiting for the session', async () => {
    const fresh = await page.context().newPage();
    // The page's inline script runs only if the CSP names its hash: a refusal would show here.
    const refused: string[] = [];
    fresh.on('console', (m) => /Content Security Policy/i.test(m.text()) && refused.push(m.text()));
    const seen: { method: string; path: string; operation: string | null; variables: unknown }[] = [];
    fresh.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname !== '/v1/auth/session' && u.pathname !== '/graphql') return;
      const body = r.method() === 'POST' ? (JSON.parse(r.postData() ?? '{}') as { operationName?: string; query?: string; variables?: unknown }) : null;
      const query = body?.query ?? u.searchParams.get('query') ?? '';
      const variables = body ? body.variables : JSON.parse(u.searchParams.get('variables') ?? 'null');
      seen.push({ method: r.method(), path: u.pathname, operation: /^\s*query\s+(\w+)/.exec(query)?.[1] ?? null, variables });
    });
    try {
      await fresh.goto(`${t.url}/panel/documentos?tipo=03`);
      const table = fresh.getByRole('table', { name: 'Documentos' });
      await table.getByRole('link', { name: apiDocs[1].control_number, exact: true }).waitFor();
      expect(await table.locator('tbody tr').count()).toBe(1);
      expect(seen.filter((r) => r.path === '/v1/auth/session')).toEqual([{ method: 'GET', path: '/v1/auth/session', operation: null, variables: null }]);
      // The first page is read once by GET; later reads are the list's refresh once its live
      // subscription listens (a change made before that is not lost), never a second GET.
      const reads = seen.filter((r) => r.operation === 'PanelDocuments');
      expect(reads[0]).toEqual({ method: 'GET', path: '/graphql', operation: 'PanelDocuments', variables: { filter: { type: '03' }, first: 25, after: null } });
      expect(reads.slice(1).map((r) => r.method)).toEqual(reads.slice(1).map(() => 'POST'));
      // Asked by the inline script while the HTML was parsed (the app's module would ask only without it).
      expect(await fresh.evaluate(() => typeof (globalThis as any).__panelFirstScreen?.key)).toBe('string');
      expect(refused).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('shows a document issued through the API turning «Procesado» in the open list, without reloading', async () => {
    const table = page.getByRole('table', { name: 'Documentos' });
    await table.waitFor();
    await recordStatuses(page);
    // MH answers after a pause, so the document is seen on its way before it is sealed.
    await mh.fault({ mode: 'latency', ms: 4000, count: 1, paths: ['/fesv/recepciondte'] });
    const r = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: feBody(issuer, { receiver: { name: 'Ferretería San Miguel', document_type: '36', document_number: '06140101001011', email: 'compras@ferreteriasm.com.sv' } }) });
    expect(r.status).toBe(202);
    const row = table.locator(`tr[data-row-id="${r.body.id}"]`);
    await row.getByText('Procesado', { exact: true }).waitFor();
    await row.getByRole('link', { name: /^DTE-01-/ }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    const seen = (await statusesSeen(page)).filter((s) => s.startsWith(`${r.body.id}:`));
    expect(seen[seen.length - 1]).toBe(`${r.body.id}:Procesado`);
    expect(seen.length).toBeGreaterThan(1);
    apiDocs.push(r.body);
  }, 120_000);

  it('issues an FE from the form with totals from a dry run and follows it to «Procesado» on its detail', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { level: 1, name: 'Emitir documento' }).waitFor();
    await page.getByRole('radio', { name: 'Factura (FE)' }).waitFor();
    await page.getByLabel('Nombre', { exact: true }).fill('Cliente de mostrador');
    await page.getByLabel('Correo del receptor').fill('cliente@example.com');
    await page.getByLabel('Descripción').fill('Café molido 500 g');
    await page.getByLabel('Cantidad').fill('3');
    await page.getByLabel('Precio unitario (con IVA)').fill('5.65');
    await page.getByRole('button', { name: 'Agregar línea' }).click();
    await page.getByLabel('Descripción').nth(1).fill('Taza de cerámica');
    await page.getByLabel('Precio unitario (con IVA)').nth(1).fill('4.50');
    const dryRun = page.waitForResponse((res) => res.url().endsWith('/graphql') && (res.request().postData() ?? '').includes('dryRun'));
    // The totals come from the service: 3 × 5.65 + 4.50 = 21.45 with IVA included.
    const total = page.locator('[data-total="total"]');
    await total.filter({ hasText: '$21.45' }).waitFor();
    expect((await dryRun).status()).toBe(200);
    const emit = page.getByRole('button', { name: 'Emitir', exact: true });
    await waitFor(() => emit.isEnabled(), UI_TIMEOUT_MS);
    await screenshotBoth(page, 'issue-document', () => total.filter({ hasText: '$21.45' }).waitFor());

    await mh.fault({ mode: 'latency', ms: 4000, count: 1, paths: ['/fesv/recepciondte'] });
    await recordStatuses(page);
    await emit.click();
    await page.waitForURL(/\/panel\/documentos\/doc_/);
    const header = page.locator('.page-header');
    await header.getByText('Procesado', { exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    const seen = (await statusesSeen(page)).filter((s) => s.startsWith('detalle:'));
    expect(seen[seen.length - 1]).toBe('detalle:Procesado');
    expect(seen.length).toBeGreaterThan(1);
    await page.getByText('$21.45').first().waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const stored = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
    expect({ status: stored.body.status, type: stored.body.type, total: stored.body.totals.total }).toEqual({ status: 'processed', type: '01', total: '21.45' });
    await page.getByText('Sellado por el MH', { exact: true }).waitFor();
    await screenshotBoth(page, 'document-detail', () => header.getByText('Procesado', { exact: true }).waitFor());
  }, 180_000);

  it('downloads the PDF from the control named «PDF», resends it by e-mail and invalidates it within the deadline shown', async () => {
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /PDF/ }).first().click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^DTE-01-.*\.pdf$/);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('button', { name: 'Reenviar por correo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reenviar por correo' });
    const to = dialog.getByLabel('Destinatarios');
    expect(await to.inputValue()).toBe('cliente@example.com');
    await to.fill('cliente@example.com, contabilidad@lasbrisas.com.sv');
    const sent = page.waitForResponse((res) => res.url().endsWith('/graphql') && (res.request().postData() ?? '').includes('sendDocument'));
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    expect((await sent).status()).toBeLessThan(300);
    await page.getByText('Correo en cola para cliente@example.com, contabilidad@lasbrisas.com.sv.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The deadline is on the detail and in the confirmation; the button waits for the acknowledgement.
    await page.getByText(/Puede invalidarse hasta el \d{2}\/\d{2}\/\d{4} a las 23:59/).waitFor();
    await page.getByRole('button', { name: 'Invalidar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Invalidar documento' });
    await confirm.getByText(/Plazo para invalidarlo: hasta el \d{2}\/\d{2}\/\d{4} a las 23:59\./).waitFor();
    await confirm.getByLabel('Nombre').fill('Ana López');
    await confirm.getByLabel('Número de documento').fill('01234567-8');
    const go = confirm.getByRole('button', { name: 'Invalidar documento' });
    expect(await go.isDisabled()).toBe(true);
    await confirm.getByLabel('Entiendo que la invalidación es definitiva y no se puede deshacer.').check();
    await screenshotBoth(page, 'document-invalidate', () => confirm.waitFor());
    await go.click();
    await page.locator('.page-header').getByText('Anulado', { exact: true }).waitFor();
    const stored = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
    expect(stored.body.status).toBe('voided');
  }, 180_000);

  it('issues a CCF from the form to a registered taxpayer, totals without IVA plus 13 % from a dry run, and follows it to «Procesado»', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Emitir documento' }).click();
    await page.getByRole('heading', { level: 1, name: 'Emitir documento' }).waitFor();
    await page.getByRole('radio', { name: 'Crédito fiscal (CCF)' }).click();
    await page.getByLabel('Nombre o razón social').fill('Distribuidora El Roble, S.A. de C.V.');
    await page.getByLabel('NIT', { exact: true }).fill('06142010901010');
    await page.getByLabel('NRC', { exact: true }).fill('2345678');
    await page.getByLabel('Actividad económica').fill('46900');
    // The address comes from MH's catalogs: a department, then its municipality and district.
    await page.locator('select:enabled', { has: page.locator('option[value="06"]') }).first().waitFor();
    await page.getByLabel('Departamento').selectOption('06');
    await page.getByLabel('Municipio').selectOption('23');
    await page.getByLabel('Distrito').selectOption('14');
    await page.getByLabel('Dirección').fill('Col. Escalón, Av. Norte 1');
    await page.getByLabel('Correo del receptor').fill('compras@elroble.com.sv');
    await page.getByLabel('Descripción').fill('Servicio de consultoría');
    await page.getByLabel('Precio unitario (sin IVA)').fill('2000.00');
    // 2,000.00 + 13 % IVA = 2,260.00, as the service computes it.
    const totals = page.getByRole('definition').filter({ hasText: '$' });
    const total = page.locator('[data-total="total"]');
    await total.filter({ hasText: '$2,260.00' }).waitFor();
    expect(await totals.allTextContents()).toEqual(['$2,000.00', '$260.00', '$2,260.00']);
    const emit = page.getByRole('button', { name: 'Emitir', exact: true });
    await waitFor(() => emit.isEnabled(), UI_TIMEOUT_MS);
    await emit.click();
    await page.waitForURL(/\/panel\/documentos\/doc_/);
    const header = page.locator('.page-header');
    await header.getByText('Crédito fiscal (CCF)', { exact: false }).waitFor();
    await header.getByText('Procesado', { exact: true }).waitFor();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const stored = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
    expect({ status: stored.body.status, type: stored.body.type, total: stored.body.totals.total, nrc: stored.body.receiver.nrc }).toEqual({ status: 'processed', type: '03', total: '2260.00', nrc: '2345678' });
    await page.getByText('Distribuidora El Roble, S.A. de C.V.').first().waitFor();
  }, 180_000);
});
