/**
 * Accounts and roles in the panel, in Chromium: a user of one account never sees another account's
 * documents or emitters (lists, search, filters, addresses typed by hand, live updates); the owner
 * changes a member's role to read-only, that member's session ends at once, and logged in again the
 * panel offers no control that would change anything.
 */
import type { Browser, Page } from 'playwright-core';
import { feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { describeBrowser, fillLogin, goToPanelPath, launchBrowser, logInThroughForm, newPanelPage, UI_TIMEOUT_MS } from '../support/panel-browser';
import { startTestApp, type TestApp } from '../support/test-app';

const PASSWORD = 'Clave-del-panel-2026';
const OWNER = 'duena@lasbrisas.com.sv';
const MEMBER = 'contador@lasbrisas.com.sv';

let t: TestApp;
let browser: Browser;
let mine: Issuer;
let theirs: Issuer;
let other: { id: string; testKey: string; liveKey: string };
const myDocs: string[] = [];
const theirDocs: string[] = [];

async function issue(key: string, issuer: Issuer, receiver: string): Promise<string> {
  const r = await request(t.url, 'POST', '/v1/documents', { key, body: feBody(issuer, { receiver: { name: receiver, document_type: '13', document_number: '01234567-8', email: 'cliente@example.com' } }) });
  expect(r.body.status).toBe('processed');
  return r.body.id as string;
}

describeBrowser('accounts and roles in the panel', () => {
  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    other = await t.newAccount('Ferretería El Martillo');
    await t.app.services.createUser.execute({ accountId: t.account.id, email: OWNER, password: PASSWORD, role: 'owner' });
    await t.app.services.createUser.execute({ accountId: t.account.id, email: MEMBER, password: PASSWORD, role: 'member' });
    await t.app.services.createUser.execute({ accountId: other.id, email: 'dueno@elmartillo.com.sv', password: PASSWORD, role: 'owner' });
    mine = await createIssuer(t.url, t.account.testKey, { nit: '06141234567890' });
    theirs = await createIssuer(t.url, other.testKey, { nit: '06149876543210', emitter: { name: 'Ferretería El Martillo, S.A. de C.V.', trade_name: 'El Martillo' } });
    myDocs.push(await issue(t.account.testKey, mine, 'Cliente de Las Brisas'));
    theirDocs.push(await issue(other.testKey, theirs, 'Cliente de El Martillo'));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it("never shows another account's documents or emitters: not in the lists, the search, the filters, by address or live", async () => {
    const { page } = await newPanelPage(browser);
    await logInThroughForm(page, t.url, OWNER, PASSWORD);
    const table = page.getByRole('table', { name: 'Documentos' });
    await table.locator(`tr[data-row-id="${myDocs[0]}"]`).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(myDocs.length);
    expect(await table.locator(`tr[data-row-id="${theirDocs[0]}"]`).count()).toBe(0);

    // Searching for the other account's receiver finds nothing.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('El Martillo');
    await page.getByText('Ningún documento coincide con los filtros').waitFor();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await table.locator(`tr[data-row-id="${myDocs[0]}"]`).waitFor();

    // The emitter filter offers this account's emitters only.
    const options = await page.getByLabel('Emisor').locator('option').allTextContents();
    expect(options).toEqual(['Todos los emisores', 'Comercial Las Brisas, S.A. de C.V.']);

    // Live: the other account issues first, then this one; only this one's document joins the list.
    const theirLive = await issue(other.testKey, theirs, 'Otro cliente de El Martillo');
    const myLive = await issue(t.account.testKey, mine, 'Otro cliente de Las Brisas');
    theirDocs.push(theirLive);
    myDocs.push(myLive);
    await table.locator(`tr[data-row-id="${myLive}"]`).getByText('Procesado', { exact: true }).waitFor();
    expect(await table.locator(`tr[data-row-id="${theirLive}"]`).count()).toBe(0);
    expect(await page.getByText('El Martillo').count()).toBe(0);

    // Emitters: only this account's.
    await page.getByRole('navigation').getByRole('link', { name: 'Emisores' }).click();
    const emitters = page.getByRole('table', { name: 'Emisores' });
    await emitters.getByText('Comercial Las Brisas, S.A. de C.V.').waitFor();
    expect(await emitters.locator('tbody tr').count()).toBe(1);
    expect(await page.getByText('El Martillo').count()).toBe(0);

    // Addresses typed by hand answer as if nothing were there.
    await goToPanelPath(page, `/documentos/${theirDocs[0]}`);
    await page.getByText('No se encontró el documento').waitFor();
    await goToPanelPath(page, `/emisores/${theirs.emitterId}`);
    await page.getByText('No se encontró el emisor').waitFor();
    await goToPanelPath(page, `/credenciales?emisor=${theirs.emitterId}`);
    await page.getByRole('heading', { level: 1, name: 'Credenciales del MH' }).waitFor();
    // An emitter that is not the account's is never picked: the page falls back to the account's own.
    await page.getByText('Conectado al MH').first().waitFor();
    expect(await page.getByLabel('Emisor').inputValue()).toBe(mine.emitterId);
    await waitFor(async () => new URL(page.url()).searchParams.get('emisor') === mine.emitterId, UI_TIMEOUT_MS);
    expect(await page.getByText('El Martillo').count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it("changes a member's role to read-only: the member's session ends at once and, back in, no control that writes is offered", async () => {
    const member = (await newPanelPage(browser)).page;
    await logInThroughForm(member, t.url, MEMBER, PASSWORD);
    await member.getByRole('navigation').getByRole('link', { name: 'Emitir documento' }).waitFor();

    const owner = (await newPanelPage(browser)).page;
    await logInThroughForm(owner, t.url, OWNER, PASSWORD);
    await owner.getByRole('navigation').getByRole('link', { name: 'Usuarios' }).click();
    const users = owner.getByRole('table', { name: 'Usuarios' });
    const row = users.locator('tr', { hasText: MEMBER });
    await row.getByText('Miembro', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Cambiar el rol de ${MEMBER}` }).click();
    const dialog = owner.getByRole('dialog', { name: `Cambiar rol de ${MEMBER}` });
    await dialog.getByLabel('Rol').selectOption('viewer');
    const saved = owner.waitForResponse((r) => r.url().includes('/v1/users/') && r.request().method() === 'PATCH');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    const patch = await saved;
    expect(patch.status()).toBe(200);
    // Sent like every mutation of the panel: the CSRF token and a fresh Idempotency-Key.
    expect(patch.request().headers()['x-csrf-token']).toBeTruthy();
    expect(patch.request().headers()['idempotency-key']).toMatch(/.{16,}/);
    await owner.getByText(`Rol de ${MEMBER} cambiado a Solo lectura.`).waitFor();
    await row.getByText('Solo lectura', { exact: true }).waitFor();
    const listed = await owner.evaluate(() => fetch('/v1/users').then((r) => r.json() as Promise<{ data: { email: string; role: string }[] }>));
    expect(listed.data.find((u) => u.email === MEMBER)?.role).toBe('viewer');

    // The member's next step finds the session ended.
    await member.getByRole('navigation').getByRole('link', { name: 'Emisores' }).click();
    await member.getByText('Su sesión terminó. Inicie sesión de nuevo para continuar.').waitFor();
    await fillLogin(member, MEMBER, PASSWORD);
    await member.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    const nav = member.getByRole('navigation');
    await nav.getByRole('link', { name: 'Documentos' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Emitir documento' }).count()).toBe(0);
    expect(await member.getByRole('link', { name: 'Emitir documento' }).count()).toBe(0);

    // Books: reports and periods, no import; users and keys without an «Acciones» column.
    await goToPanelPath(member, '/fiscal?seccion=importar');
    await member.getByRole('tab', { name: 'Reportes' }).waitFor();
    expect(await member.getByRole('tab').allTextContents()).toEqual(['Reportes', 'Períodos']);
    expect(await member.getByLabel('Archivo CSV').count()).toBe(0);
    await member.getByRole('tab', { name: 'Períodos' }).click();
    const periods = member.getByRole('table', { name: 'Períodos fiscales' });
    await periods.waitFor();
    expect(await periods.getByRole('columnheader').allTextContents()).not.toContain('Acciones');
    await goToPanelPath(member, '/usuarios');
    await member.getByRole('table', { name: 'Usuarios' }).getByText(OWNER).waitFor();
    expect(await member.getByRole('table', { name: 'Usuarios' }).getByRole('columnheader').allTextContents()).toEqual(['Correo', 'Rol', 'Estado', 'Último ingreso']);
    await goToPanelPath(member, '/llaves');
    const keys = member.getByRole('table', { name: 'Llaves de API' });
    await keys.locator('tbody tr').first().waitFor();
    expect(await keys.getByRole('columnheader').allTextContents()).not.toContain('Acciones');
    expect(await member.getByRole('button', { name: /Revocar|Crear llave/ }).count()).toBe(0);
    // Typed by hand, the issuance page says why instead of offering a form.
    await goToPanelPath(member, '/emitir');
    await member.getByText('Su usuario es de solo lectura').waitFor();
    expect(await member.getByRole('button', { name: 'Emitir', exact: true }).count()).toBe(0);
  }, 180_000);
});
