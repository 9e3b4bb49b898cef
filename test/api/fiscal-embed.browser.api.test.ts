import type { Browser } from 'playwright-core';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { describeBrowser, launchBrowser, newPanelPage, screenshotBoth } from '../support/panel-browser';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';
import { ManualClock } from '../../src/services/shared/clock';

// The test certificates are valid from the real "now": the clock runs a little ahead while they are made, and is moved by hand after.
const clock = new ManualClock();
const ahead = () => clock.set(new Date(Date.now() + 5_000));
let t: TestApp;
let issuer: Issuer;
let other: Issuer;
let browser: Browser;
let documentId: string;
let controlNumber: string;

/** Controls of the panel that change something: none may appear in the read-only view. */
const MUTATION_WORDS = /anular|invalidar|reintentar|reenviar|emitir|enviar|eliminar|borrar|guardar|revocar|crear|cerrar per|reabrir|subir/i;

const tokenOf = (url: string) => url.slice(url.indexOf('#') + 1);
const exchange = (token: unknown) => request(t.url, 'POST', '/v1/fiscal/embed-sessions/exchange', { body: { token }, idempotencyKey: null });
const embed = (body: Record<string, unknown>) => request(t.url, 'POST', '/v1/fiscal/embed-sessions', { key: t.account.testKey, body });
const countRows = async () => (await t.app.services.deps.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*)::text as n from documents'))[0].n;

describeBrowser('embed view in headless Chromium', () => {
  beforeAll(async () => {
    t = await startTestApp({ SYNC_WAIT_MS: '8000' }, { clock });
    ahead();
    issuer = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    ahead();
    other = await createIssuer(t.url, t.account.testKey, { nit: '06140505051234' });
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(d.body.status).toBe('processed');
    documentId = d.body.id;
    controlNumber = d.body.control_number;
    const o = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(other) });
    expect(o.body.status).toBe('processed');
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('opens an emitter-only link once, read-only; a reload says it was used and the API answers 410', async () => {
    expectProblem(await embed({ emitter_id: issuer.emitterId, ttl: 301 }), 422, 'validation_failed');
    const s = await embed({ emitter_id: issuer.emitterId, ttl: 120 });
    expect(s.status).toBe(201);
    expect(s.body).toMatchObject({ object: 'embed_session', emitter_id: issuer.emitterId, report_id: null });
    expect(s.body.url).toMatch(new RegExp(`^${t.url}/panel/embed/ems_[^#/]+#[A-Za-z0-9_-]{43}$`));
    expect(new Date(s.body.expires_at).getTime() - clock.now().getTime()).toBe(120_000);

    // A GET of the page (a mail scanner, a link preview) spends nothing; the page is not frameable by default.
    const plain = await fetch(s.body.url.split('#')[0]);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(plain.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    await t.app.services.setEmbedOrigins.execute({ accountId: t.account.id, origins: ['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443'], audit: { cli: { ip: null, userAgent: 'prueba' } } });
    const framed = await fetch(s.body.url.split('#')[0]);
    expect(framed.headers.get('content-security-policy')).toContain('frame-ancestors https://erp.ejemplo.com https://contador.ejemplo.com:8443');

    const { context, page } = await newPanelPage(browser);
    const exchanged = page.waitForResponse((r) => r.url().endsWith('/v1/fiscal/embed-sessions/exchange'));
    await page.goto(s.body.url);
    const answer = await exchanged;
    expect(answer.status()).toBe(200);
    const view = (await answer.json()) as { view_token: string; emitter_id: string; expires_at: string };
    expect(view.view_token).toMatch(/^vt_/);
    await page.getByText(controlNumber).waitFor();
    await expect(page.getByText('Vista de solo lectura').count()).resolves.toBe(1);
    const controls = await page.locator('button, a, input[type=submit]').allTextContents();
    expect(controls.filter((c) => MUTATION_WORDS.test(c))).toEqual([]);
    expect(await page.locator('form[method=post], textarea').count()).toBe(0);
    await screenshotBoth(page, 'embed', () => page.getByText(controlNumber).waitFor());
    await page.getByRole('tab', { name: 'Libros' }).click();
    await page.getByText('Documentos procesados').waitFor();
    await screenshotBoth(page, 'embed-books', () => page.getByText('Documentos procesados').waitFor());

    // The view token reads its emitter only and changes nothing.
    const vt = view.view_token;
    const pdf = await request(t.url, 'GET', `/v1/documents/${documentId}/pdf`, { key: vt });
    expect(pdf.status).toBe(200);
    const list = await request(t.url, 'GET', '/v1/documents', { key: vt });
    expect(list.body.data.map((d: { emitter_id: string }) => d.emitter_id)).toEqual([issuer.emitterId]);
    expectProblem(await request(t.url, 'GET', `/v1/emitters/${other.emitterId}`, { key: vt }), 404, 'resource_not_found');
    expectProblem(await request(t.url, 'GET', '/v1/webhook-endpoints', { key: vt }), 403, 'insufficient_scope');
    const before = await countRows();
    expectProblem(await request(t.url, 'POST', '/v1/documents', { key: vt, body: ccfBody(issuer) }), 403, 'insufficient_scope');
    expectProblem(await request(t.url, 'POST', `/v1/documents/${documentId}/invalidate`, { key: vt, body: { reason: { type: 2, description: 'x' } } }), 403, 'insufficient_scope');
    expectProblem(await request(t.url, 'PATCH', `/v1/emitters/${issuer.emitterId}`, { key: vt, body: { name: 'Otro' } }), 403, 'insufficient_scope');
    expectProblem(await request(t.url, 'DELETE', '/v1/webhook-endpoints/whe_x', { key: vt }), 403, 'insufficient_scope');
    const gqlPost = await request(t.url, 'POST', '/graphql', { key: vt, body: { query: '{ documents(first: 1) { nodes { id } } }' }, idempotencyKey: null });
    expect(gqlPost.status).toBe(403);
    expect(gqlPost.body.errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
    expect(await countRows()).toBe(before);
    const get = (query: string): Promise<any> => fetch(`${t.url}/graphql?${new URLSearchParams({ query })}`, { headers: { Authorization: `Bearer ${vt}`, 'Apollo-Require-Preflight': 'true' } }).then((r) => r.json());
    expect((await get(`{ emitter(id: "${other.emitterId}") { id } }`)).data.emitter).toBeNull();
    expect((await get('{ webhookEndpoints(first: 1) { nodes { id } } }')).errors[0].extensions.code).toBe('INSUFFICIENT_SCOPE');
    const emitters = await get('{ emitters(first: 10) { nodes { id } } }');
    expect(emitters.data.emitters.nodes).toEqual([{ id: issuer.emitterId }]);

    // The link was spent by the page: a reload says so, and the API answers 410.
    await page.reload();
    await page.getByRole('heading', { name: 'Este enlace ya fue usado' }).waitFor();
    expectProblem(await exchange(tokenOf(s.body.url)), 410, 'embed_link_used');
    await context.close();
  }, 90_000);

  it('an expired link answers 401 and the page says it expired; a report link opens that report', async () => {
    const s = await embed({ emitter_id: issuer.emitterId, ttl: 60 });
    expect(s.status).toBe(201);
    clock.advance(61_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(s.body.url);
    await page.getByRole('heading', { name: 'Este enlace expiró' }).waitFor();
    expectProblem(await exchange(tokenOf(s.body.url)), 401, 'embed_link_expired');
    expectProblem(await exchange('x'.repeat(43)), 401, 'embed_link_expired');
    expectProblem(await exchange(42), 422, 'validation_failed');

    const json = await request(t.url, 'GET', `/v1/documents/${documentId}/json`, { key: t.account.testKey });
    const period = String(json.body.identificacion.fecEmi).slice(0, 7);
    const q = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { key: t.account.testKey, body: { type: 'libro_ventas_contribuyentes', period } });
    for (let i = 0; i < 400; i++) {
      const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/reports/${q.body.id}`, { key: t.account.testKey });
      if (r.body.status === 'ready') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const half = await embed({ emitter_id: issuer.emitterId, period });
    expectProblem(half, 422, 'validation_failed');
    expect(half.body.errors[0]).toMatchObject({ path: 'report_type', code: 'required' });
    const r = await embed({ emitter_id: issuer.emitterId, report_type: 'libro_ventas_contribuyentes', period, ttl: 120 });
    expect(r.status).toBe(201);
    expect(r.body.report_id).toBe(q.body.id);
    await page.goto(r.body.url);
    await page.getByRole('heading', { name: 'Libro de ventas a contribuyentes' }).waitFor();
    await page.getByText(`Período ${period}`).waitFor();
    expect(await page.getByRole('button', { name: /Descargar/ }).count()).toBeGreaterThan(0);
    await context.close();
  }, 90_000);
});
