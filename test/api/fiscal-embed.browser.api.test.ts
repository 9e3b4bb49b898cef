import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(`Prueba de navegador omitida: no existe ${CHROMIUM} (instálelo con apt-get install -y chromium; .ci/run lo hace).`);
}
const describeBrowser = hasChromium ? describe : describe.skip;

let t: TestApp;
let issuer: Issuer;

describeBrowser('embed session in headless Chromium', () => {
  beforeAll(async () => {
    t = await startTestApp({ SYNC_WAIT_MS: '8000' });
    issuer = await createIssuer(t.url, t.account.testKey);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('opens once showing totals, warnings and download buttons; the second open is a 410 page', async () => {
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(d.body.status).toBe('processed');
    const json = await request(t.url, 'GET', `/v1/documents/${d.body.id}/json`, { key: t.account.testKey });
    const period = String(json.body.identificacion.fecEmi).slice(0, 7);
    const q = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { key: t.account.testKey, body: { type: 'libro_ventas_contribuyentes', period } });
    for (let i = 0; i < 200; i++) {
      const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/reports/${q.body.id}`, { key: t.account.testKey });
      if (r.body.status === 'ready') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const tooLong = await request(t.url, 'POST', '/v1/fiscal/embed-sessions', { key: t.account.testKey, body: { emitter_id: issuer.emitterId, report_id: q.body.id, ttl: 301 } });
    expect(tooLong.status).toBe(422);
    const s = await request(t.url, 'POST', '/v1/fiscal/embed-sessions', { key: t.account.testKey, body: { emitter_id: issuer.emitterId, report_type: 'libro_ventas_contribuyentes', period, ttl: 120 } });
    expect(s.status).toBe(201);
    expect(s.body.url).toMatch(/\/v1\/fiscal\/embed\//);
    expect(new Date(s.body.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(120_000);

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const first = await page.goto(s.body.url);
      expect(first!.status()).toBe(200);
      await expect(page.locator('h1').textContent()).resolves.toBe('Libro de ventas a contribuyentes');
      const totals = await page.locator('#totales dd').allTextContents();
      expect(totals).toEqual(expect.arrayContaining(['2000.00', '260.00']));
      expect(await page.locator('table tbody tr').count()).toBe(1);
      const formats = await page.locator('.downloads a').evaluateAll((as) => as.map((a) => a.getAttribute('data-format')));
      expect(formats).toEqual(['csv', 'xlsx', 'pdf']);
      const pdfHref = await page.locator('.downloads a[data-format="pdf"]').getAttribute('href');
      const pdf = await fetch(pdfHref!);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const shot = join(mkdtempSync(join(tmpdir(), 'embed-')), 'embed.png');
      await page.screenshot({ path: shot, fullPage: true });
      expect(existsSync(shot)).toBe(true);

      const second = await page.goto(s.body.url);
      expect(second!.status()).toBe(410);
      await expect(page.locator('h1').textContent()).resolves.toBe('Este enlace ya no es válido');
      const bogus = await page.goto(`${t.url}/v1/fiscal/embed/${'x'.repeat(43)}`);
      expect(bogus!.status()).toBe(410);
    } finally {
      await browser.close();
    }
  }, 90_000);
});
