/**
 * An account's first steps in Chromium (ADR 0043, 0045–0047): an empty account lands on «Primeros
 * pasos», which ticks itself as the issuer, its establishment (address prefilled from the issuer's),
 * the MH credentials and the first document come; the guide to the MH certificate and API password;
 * the issuer's logo uploaded from the panel and served; pending invitations resent and revoked; the
 * «Auditoría» screen filtered by user, action and dates; the key's «Cópiela»; and no internal report
 * codes on the books screen.
 */
import type { Browser, Page } from 'playwright-core';
import { emitterBody } from '../fixtures/emitter-bodies';
import { feBody } from '../fixtures/document-bodies';
import { mhCertificate } from '../support/certificates';
import { request } from '../support/http-client';
import { CERT_PASSWORD, MH_PASSWORD, uploadCredentials } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { describeBrowser, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, screenshotBoth, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'dueno@primerospasos.com.sv';
const NIT = '06140507951013';

let t: TestApp;
let smtp: TestSmtp;
let browser: Browser;
let page: Page;
let emitterId: string;

/** The account's users, asked with the panel's session (users are a person's business, not a key's). */
const sessionUsers = () => page.evaluate(() => fetch('/v1/users').then((r) => r.json() as Promise<{ data: { id: string; email: string }[] }>)).then((r) => r.data);

/** The checklist's steps: title and whether it is ticked. */
async function steps(): Promise<[string, boolean][]> {
  const items = page.getByRole('region', { name: 'Primeros pasos' }).locator('.setup-steps > li');
  const out: [string, boolean][] = [];
  for (const li of await items.all()) out.push([(await li.locator('.strong').textContent()) ?? '', (await li.getAttribute('class'))?.includes('done') ?? false]);
  return out;
}

/** Back on «Documentos» (from another screen, as a person comes back to it): the steps ticked so far. */
async function stepsAre(ticked: boolean[]): Promise<void> {
  await goToPanelPath(page, '/emisores');
  await page.getByRole('heading', { level: 1, name: 'Emisores' }).waitFor();
  await goToPanelPath(page, '/documentos');
  await page.getByRole('heading', { name: 'Primeros pasos' }).waitFor();
  await waitFor(async () => JSON.stringify((await steps()).map(([, done]) => done)) === JSON.stringify(ticked), UI_TIMEOUT_MS).catch(async (e) => {
    throw new Error(`${e}: ${JSON.stringify(await steps())}`);
  });
}

describeBrowser('an account’s first steps in Chromium', () => {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    [t, browser] = await Promise.all([startTestApp({ SMTP_URL: smtp.url }), launchBrowser()]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    ({ page } = await newPanelPage(browser));
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await smtp?.close();
  });

  it('an empty account lands on «Primeros pasos», with the guide to the MH certificate and API password', async () => {
    await page.getByRole('heading', { name: 'Primeros pasos' }).waitFor();
    expect(await steps()).toEqual([
      ['Registre el emisor', false],
      ['Agregue su establecimiento y punto de venta', false],
      ['Cargue las credenciales del MH', false],
      ['Emita su primer documento', false],
    ]);
    const checklist = page.getByRole('region', { name: 'Primeros pasos' });
    // Only the next step offers its button.
    expect(await checklist.getByRole('link').allTextContents()).toEqual(['Registrar emisor']);
    await checklist.getByText('¿Cómo obtengo el certificado y la contraseña de la API del MH?').click();
    await checklist.getByText('13 a 25 caracteres', { exact: false }).waitFor();
    await screenshotBoth(page, 'first-steps', () => checklist.getByText('Contraseña de la API.', { exact: true }).waitFor());
  }, 60_000);

  it('ticks the issuer, then the establishment added with the issuer’s address already filled in', async () => {
    const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody({ nit: NIT }) });
    expect(e.status).toBe(201);
    emitterId = e.body.id;
    await stepsAre([true, false, false, false]);
    await page.getByRole('link', { name: 'Agregar establecimiento' }).click();
    await page.getByRole('button', { name: 'Agregar establecimiento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar establecimiento' });
    await dialog.waitFor();
    const address = e.body.address as Record<string, string>;
    await waitFor(async () => (await dialog.getByLabel('Distrito').inputValue()) === address.district, UI_TIMEOUT_MS);
    expect({
      department: await dialog.getByLabel('Departamento').inputValue(),
      municipality: await dialog.getByLabel('Municipio').inputValue(),
      district: await dialog.getByLabel('Distrito').inputValue(),
      line: await dialog.getByLabel('Dirección').inputValue(),
    }).toEqual({ department: address.department, municipality: address.municipality, district: address.district, line: address.line });
    await screenshotBoth(page, 'establishment-prefilled', () => dialog.getByLabel('Dirección').waitFor());
    await dialog.getByLabel('Código del MH').fill('M001');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await request(t.url, 'GET', `/v1/emitters/${emitterId}/establishments`, { key: t.account.testKey });
    expect(stored.body.data.map((s: Record<string, unknown>) => [s.code, s.address])).toEqual([['M001', address]]);
    await stepsAre([true, true, false, false]);
  }, 120_000);

  it('ticks the credentials and the first document, then leaves the list to the documents', async () => {
    const c = await uploadCredentials(t.url, t.account.testKey, emitterId, { environment: '00', certificate: mhCertificate(NIT, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: NIT, mh_password: MH_PASSWORD });
    expect(c.status).toBe(200);
    await stepsAre([true, true, true, false]);
    expect(await page.getByRole('region', { name: 'Primeros pasos' }).getByRole('link').allTextContents()).toEqual(['Emitir documento']);
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody({ emitterId, nit: NIT, establishment: 'M001', pointOfSale: 'P001' }) });
    expect(d.status).toBe(201);
    await goToPanelPath(page, '/documentos');
    await page.getByRole('table', { name: 'Documentos' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Primeros pasos' }).count()).toBe(0);
  }, 120_000);

  it('uploads the issuer’s logo from its page, which the service then serves', async () => {
    // A logo as a business has one: drawn by the browser itself, 240 × 80 px.
    const drawing = await browser.newPage({ viewport: { width: 400, height: 200 } });
    await drawing.setContent('<div id="logo" style="width:240px;height:80px;display:flex;align-items:center;gap:10px;font:700 26px sans-serif;color:#0f3d63"><span style="width:56px;height:56px;border-radius:50%;background:#1f7a8c;color:#fff;display:grid;place-items:center">LB</span>Las Brisas</div>');
    const logo = await drawing.locator('#logo').screenshot();
    await drawing.close();
    await goToPanelPath(page, `/emisores/${emitterId}`);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Logo' }) });
    await card.getByText('Sin logo: los PDF de este emisor salen sin él.').waitFor();
    // Pressed with no file: the reason is under the picker.
    await card.getByRole('button', { name: 'Guardar logo' }).click();
    await card.locator('.field-error', { hasText: 'Elija la imagen del logo' }).waitFor();
    await card.getByLabel('Subir el logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    expect(await card.locator('.field-error').count()).toBe(0);
    await card.getByRole('button', { name: 'Guardar logo' }).click();
    const img = card.getByRole('img', { name: 'Logo de Comercial Las Brisas, S.A. de C.V.' });
    await img.waitFor();
    await waitFor(() => img.evaluate((el) => (el as unknown as { complete: boolean }).complete && (el as unknown as { naturalWidth: number }).naturalWidth === 240), UI_TIMEOUT_MS);
    // Saved: the picker is empty again and says nothing.
    expect(await card.getByLabel('Reemplazar el logo').inputValue()).toBe('');
    expect(await card.locator('.field-error').count()).toBe(0);
    const stored = await request(t.url, 'GET', `/v1/emitters/${emitterId}`, { key: t.account.testKey });
    expect(stored.body.logo_url).toBe(`${t.url}/v1/emitters/${emitterId}/logo`);
    const served = await fetch(stored.body.logo_url, { headers: { Authorization: `Bearer ${t.account.testKey}` } });
    expect({ status: served.status, type: served.headers.get('content-type'), bytes: Buffer.from(await served.arrayBuffer()).equals(logo) }).toEqual({ status: 200, type: 'image/png', bytes: true });
    // The first document's PDF carries it now (drawn from the database, ADR 0046).
    const [doc] = (await request(t.url, 'GET', `/v1/documents?emitter_id=${emitterId}`, { key: t.account.testKey })).body.data;
    const pdf = Buffer.from(await (await fetch(`${t.url}/v1/documents/${doc.id}/pdf`, { headers: { Authorization: `Bearer ${t.account.testKey}` } })).arrayBuffer());
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    await screenshotBoth(page, 'emitter-logo', () => img.waitFor());
  }, 120_000);

  it('resends and revokes a pending invitation', async () => {
    const email = 'contadora@primerospasos.com.sv';
    await goToPanelPath(page, '/usuarios');
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitar usuario' });
    await dialog.getByLabel('Correo electrónico').fill(email);
    await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
    const row = page.getByRole('row', { name: new RegExp(email) });
    await row.getByText('El enlace vale hasta el').waitFor();
    await waitFor(async () => smtp.messages.filter((m) => m.envelope.to.includes(email)).length === 1, UI_TIMEOUT_MS);
    await screenshotBoth(page, 'users-invitation', () => row.waitFor());
    await row.getByRole('button', { name: `Reenviar la invitación a ${email}` }).click();
    await page.getByText(`Invitación reenviada a ${email}`).waitFor();
    await waitFor(async () => smtp.messages.filter((m) => m.envelope.to.includes(email)).length === 2, UI_TIMEOUT_MS);
    await row.getByRole('button', { name: `Revocar la invitación a ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revocar invitación' });
    await confirm.getByRole('button', { name: 'Revocar invitación' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await sessionUsers()).map((u) => u.email)).toEqual([OWNER]);
  }, 120_000);

  it('«Auditoría» filters by action, user and dates, in words', async () => {
    await goToPanelPath(page, '/auditoria');
    const table = page.getByRole('table', { name: 'Registro de auditoría' });
    await table.waitFor();
    const actions = async () => (await table.locator('tbody tr').all()).length && table.locator('tbody tr td:first-child').allTextContents();
    await page.getByLabel('Acción').selectOption('establishment.created');
    await waitFor(async () => JSON.stringify(await actions()) === JSON.stringify(['Agregó un establecimiento']), UI_TIMEOUT_MS);
    expect(new URL(page.url()).searchParams.get('accion')).toBe('establishment.created');
    await table.getByText('Establecimiento M001').waitFor();
    await table.getByText(OWNER).waitFor();
    await page.getByLabel('Acción').selectOption('');
    // By the owner: what the key did (registering the issuer) is not there.
    const [owner] = await sessionUsers();
    await page.getByLabel('Usuario').selectOption(owner.id);
    await waitFor(async () => {
      const list = (await actions()) || [];
      return list.includes('Revocó una invitación') && list.includes('Reenvió una invitación') && list.includes('Cambió los datos de un emisor') && !list.includes('Registró un emisor');
    }, UI_TIMEOUT_MS);
    await table.getByText('Cambió: logo').waitFor();
    await screenshotBoth(page, 'audit-filters', () => table.waitFor());
    // Dates are El Salvador days: nothing from a day yet to come, everything since long ago.
    await page.getByLabel('Desde').fill('2099-01-01');
    await page.getByText('Ninguna acción coincide con los filtros').waitFor();
    await page.getByLabel('Desde').fill('2000-01-01');
    await table.waitFor();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await waitFor(async () => ((await actions()) || []).includes('Registró un emisor'), UI_TIMEOUT_MS);
    expect(new URL(page.url()).search).toBe('');
  }, 120_000);

  it('says «Cópiela» of a new key, and the books screen names MH’s reports, not internal codes', async () => {
    await goToPanelPath(page, '/llaves');
    await page.getByRole('button', { name: 'Crear llave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear llave de API' });
    // Pressed without a name: the reason is under «Nombre», not a greyed-out button.
    await dialog.getByRole('button', { name: 'Crear llave' }).click();
    await dialog.locator('.field-error', { hasText: 'Escriba un nombre para reconocer la llave.' }).waitFor();
    await dialog.getByLabel('Nombre').fill('ERP');
    await dialog.getByRole('button', { name: 'Crear llave' }).click();
    const created = page.getByRole('dialog', { name: 'Llave creada' });
    await created.getByText('Cópiela ahora').waitFor();
    expect(await created.getByText('Cópielo ahora').count()).toBe(0);
    await created.getByRole('button', { name: 'Ya la copié' }).click();
    await goToPanelPath(page, '/fiscal');
    await page.getByText('Libro de ventas a contribuyentes', { exact: false }).first().waitFor();
    // Each says what it is: a VAT book (CSV, XLSX, PDF) or an annex for MH's portal (CSV).
    const kindOf = (name: string) => page.locator('.report-row', { has: page.getByText(name, { exact: true }) }).locator('.report-name .muted').textContent();
    expect(await kindOf('Libro de compras')).toBe('Libro de IVA: CSV, Excel o PDF');
    expect(await kindOf('F-07 Anexo 1 — Detalle de ventas a contribuyentes')).toBe('Anexo para el portal del MH (CSV)');
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/f07_|libro_ventas|libro_compras|detalle_exportaciones/);
  }, 60_000);
});
