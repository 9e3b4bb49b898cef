/**
 * The customer self-service link (ADR 0064): the owner creates it (REST and GraphQL, `emitters:write`);
 * the page it opens (outside /v1, no login) shows the customer's data and spends nothing on GET; the
 * form's POST validates like the customer schema, updates the customer, audits the change and spends
 * the link; a second use, an expired link, an unknown field or a bad NIT change nothing.
 */
import { Client } from 'pg';
import { ManualClock } from '../../src/services/shared/clock';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

const clock = new ManualClock();
const DAY = 24 * 3600 * 1000;
let t: TestApp;
let issuer: Issuer;
let other: { id: string; testKey: string };
let db: Client;

const customersPath = () => `/v1/emitters/${issuer.emitterId}/customers`;

beforeAll(async () => {
  clock.set(new Date('2026-12-02T15:00:00Z'));
  t = await startTestApp({}, { clock });
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06143030303030', credentials: false });
  other = await t.newAccount('Otra cuenta');
  db = new Client({ connectionString: t.db.url });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await t.stop();
});

async function newCustomer(name: string): Promise<string> {
  const r = await request(t.url, 'POST', customersPath(), { key: t.account.testKey, body: { name, email: 'antes@example.com' } });
  expect(r.status).toBe(201);
  return r.body.id;
}

async function newLink(customerId: string): Promise<{ url: string; path: string; token: string; body: Record<string, unknown> }> {
  const r = await request(t.url, 'POST', `${customersPath()}/${customerId}/edit-link`, { key: t.account.testKey });
  expect(r.status).toBe(201);
  const path = new URL(r.body.url).pathname;
  return { url: r.body.url, path, token: path.split('/').pop()!, body: r.body };
}

/** Posts the page's form (application/x-www-form-urlencoded), as a browser does. */
async function submit(path: string, fields: Record<string, string>): Promise<{ status: number; html: string }> {
  const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { status: res.status, html: await res.text() };
}
const open = async (path: string) => {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, html: await res.text(), headers: res.headers };
};
const getCustomer = async (id: string) => (await request(t.url, 'GET', `${customersPath()}/${id}`, { key: t.account.testKey })).body;
const auditRows = async (customerId: string) =>
  (await db.query("select action, actor_type, details from audit_entries where action = 'customer.self_service_completed' and details->>'customer_id' = $1", [customerId])).rows;

const GOOD = {
  name: 'Ferretería Muñoz, S.A. de C.V.', trade_name: 'Ferretería Muñoz', document_type: '36', document_number: '06140507071048', nrc: '123456',
  economic_activity: '46900', email: 'compras@munoz.com.sv', phone: '22334455',
  address_department: '06', address_municipality: '23', address_district: '14', address_line: 'Col. Escalón, Av. Norte 1',
};

describe('creating a link', () => {
  it('REST: 201 {object, url, expires_at} seven days ahead; only the token hash is stored and logs never show it', async () => {
    const id = await newCustomer('Cliente REST');
    const link = await newLink(id);
    expect(link.body).toEqual({ object: 'customer_edit_link', url: expect.stringMatching(/\/clientes\/datos\/[A-Za-z0-9_-]{40,}$/), expires_at: '2026-12-09T15:00:00.000Z' });
    const stored = await db.query('select token_hash from customer_edit_links where customer_id = $1', [id]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].token_hash).not.toBe(link.token);
    await open(link.path);
    expect(t.logs.join('\n')).not.toContain(link.token);
  });

  it('GraphQL createCustomerEditLink(customerId)', async () => {
    const id = await newCustomer('Cliente GraphQL');
    const g = await graphql(t.url, t.account.testKey, 'mutation($c: ID!) { createCustomerEditLink(customerId: $c) { customerEditLink { url expiresAt } errors { field code } } }', { c: id });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.createCustomerEditLink).toEqual({ customerEditLink: { url: expect.stringContaining('/clientes/datos/'), expiresAt: '2026-12-09T15:00:00.000Z' }, errors: [] });
  });

  it('another account’s customer: 404 on REST, RESOURCE_NOT_FOUND on GraphQL, no link made', async () => {
    const id = await newCustomer('Cliente Ajeno');
    const before = (await db.query('select count(*)::int as n from customer_edit_links')).rows[0].n;
    const otherIssuer = await createIssuer(t.url, other.testKey, { nit: '06144040404040', credentials: false });
    const r = await request(t.url, 'POST', `/v1/emitters/${otherIssuer.emitterId}/customers/${id}/edit-link`, { key: other.testKey });
    expect(r.status).toBe(404);
    const g = await graphql(t.url, other.testKey, 'mutation($c: ID!) { createCustomerEditLink(customerId: $c) { customerEditLink { url } errors { code } } }', { c: id });
    expect(g.body.data.createCustomerEditLink).toEqual({ customerEditLink: null, errors: [{ code: 'RESOURCE_NOT_FOUND' }] });
    expect((await db.query('select count(*)::int as n from customer_edit_links')).rows[0].n).toBe(before);
  });
});

describe('the page', () => {
  it('GET shows the form in Spanish with the stored data and does not spend the link (twice)', async () => {
    const id = await newCustomer('Cliente Lectura');
    const link = await newLink(id);
    for (let i = 0; i < 2; i++) {
      const page = await open(link.path);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Sus datos fiscales');
      expect(page.html).toContain('value="antes@example.com"');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
    expect((await db.query('select used_at from customer_edit_links where customer_id = $1', [id])).rows[0].used_at).toBeNull();
  });

  it('POST with good data updates the customer, audits, sets self_service_completed_at and spends the link; a second use is refused, nothing changes', async () => {
    const id = await newCustomer('Cliente Completa');
    const link = await newLink(id);
    clock.advance(60_000);
    const done = await submit(link.path, GOOD);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Datos guardados');
    const c = await getCustomer(id);
    expect(c).toMatchObject({ name: GOOD.name, document_number: '06140507071048', email: 'compras@munoz.com.sv', address: { municipality: '23', line: 'Col. Escalón, Av. Norte 1' }, self_service_completed_at: '2026-12-02T15:01:00.000Z' });
    const g = await graphql(t.url, t.account.testKey, 'query($id: ID!) { customer(id: $id) { selfServiceCompletedAt } }', { id });
    expect(g.body.data.customer.selfServiceCompletedAt).toBe('2026-12-02T15:01:00.000Z');
    expect(await auditRows(id)).toEqual([{ action: 'customer.self_service_completed', actor_type: 'anonymous', details: expect.objectContaining({ customer_id: id, changed: expect.arrayContaining(['name', 'documentNumber', 'email']) }) }]);

    const again = await submit(link.path, { ...GOOD, name: 'Otro nombre' });
    expect(again.status).toBe(410);
    expect(again.html).toContain('Este enlace ya fue usado');
    const page = await open(link.path);
    expect(page.status).toBe(410);
    expect(page.html).toContain('ya fue usado');
    expect(await getCustomer(id)).toEqual(c);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it('an unknown field is refused by name; nothing changes and the link stays usable', async () => {
    const id = await newCustomer('Cliente Campo Extra');
    const link = await newLink(id);
    const before = await getCustomer(id);
    const r = await submit(link.path, { ...GOOD, colour: 'red' });
    expect(r.status).toBe(422);
    expect(r.html).toContain('El campo &quot;colour&quot; no es de este formulario.');
    expect(await getCustomer(id)).toEqual(before);
    expect(await auditRows(id)).toEqual([]);
    expect((await open(link.path)).status).toBe(200);
  });

  it('a NIT with a wrong check digit shows the message next to the field; nothing changes', async () => {
    const id = await newCustomer('Cliente NIT Malo');
    const link = await newLink(id);
    const before = await getCustomer(id);
    const r = await submit(link.path, { ...GOOD, document_number: '06140507071040' });
    expect(r.status).toBe(422);
    expect(r.html).toMatch(/id="f-document_number"[^>]*aria-invalid="true"[^>]*>(<p class="hint">[^<]*<\/p>)?<p class="error" id="f-document_number-error" role="alert">El último dígito del NIT \(el verificador\) no corresponde a los anteriores: revise el número.<\/p>/);
    expect(r.html).toContain('value="06140507071040"');
    expect(await getCustomer(id)).toEqual(before);
    expect((await db.query('select used_at from customer_edit_links where customer_id = $1', [id])).rows[0].used_at).toBeNull();
  });

  it('an expired link (ManualClock, 7 days later) says so on GET and POST; nothing changes', async () => {
    const id = await newCustomer('Cliente Tarde');
    const link = await newLink(id);
    const before = await getCustomer(id);
    clock.advance(7 * DAY);
    const page = await open(link.path);
    expect(page.status).toBe(410);
    expect(page.html).toContain('Este enlace expiró');
    const r = await submit(link.path, GOOD);
    expect(r.status).toBe(410);
    expect(await getCustomer(id)).toEqual(before);
  });

  it('an unknown or malformed token: the expired page, never a 5xx', async () => {
    expect((await open('/clientes/datos/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(410);
    expect((await open('/clientes/datos/%FF')).status).toBeLessThan(500);
    expect((await submit('/clientes/datos/x', GOOD)).status).toBe(410);
  });
});
