/**
 * Issuance by reference (ADR 0092), over REST and GraphQL: `customer_id` in place of `receiver` and
 * `items[].product_id` lines (a line's own fields over the product's) are resolved into the document
 * as issued — editing the customer and product afterwards changes no document; a dry run resolves too;
 * both a receiver and a customer, or another account's customer, are refused with nothing issued;
 * `save_customer` creates and then updates the emitter's customer with that document number.
 */
import { camelKeys } from '../support/amount-extremes';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;
let otherIssuer: Issuer;
let other: { id: string; testKey: string };
let customerId: string;
let cafeId: string;
let envioId: string;
let otherCustomerId: string;

const maria = { name: 'María José López', document_type: '13', document_number: '04567890-3', email: 'maria@example.com' };
const cafe = { type: '1', code: 'CAF-500', description: 'Café molido 500 g', unit_code: '59', unit_price: '5.65', tax: 'gravada' };
const envio = { type: '2', code: 'ENV', description: 'Envío', unit_code: '59', unit_price: '3.00', tax: 'exenta' };

const customersPath = (emitterId = issuer.emitterId) => `/v1/emitters/${emitterId}/customers`;
const productsPath = () => `/v1/emitters/${issuer.emitterId}/products`;

async function documentCount(): Promise<number> {
  const conn = t.app.services.deps.orm.em.getConnection();
  return ((await conn.execute('select count(*)::int as n from documents'))[0] as { n: number }).n;
}

function byReference(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    emitter_id: issuer.emitterId,
    type: '01',
    establishment: issuer.establishment,
    point_of_sale: issuer.pointOfSale,
    customer_id: customerId,
    items: [{ product_id: cafeId, quantity: '2' }, { product_id: envioId, quantity: '1' }],
    ...overrides,
  };
}

const ISSUE = 'mutation($input: DocumentCreateInput!, $dry: Boolean) { issueDocument(input: $input, dryRun: $dry) { document { id status receiver { name documentType documentNumber email } items { description quantity unitPrice } json } errors { field code message } } }';

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140505051234' });
  other = await t.newAccount('Otra cuenta');
  otherIssuer = await createIssuer(t.url, other.testKey, { nit: '06144040404041', credentials: false });
  const key = t.account.testKey;
  customerId = (await request(t.url, 'POST', customersPath(), { key, body: maria })).body.id;
  cafeId = (await request(t.url, 'POST', productsPath(), { key, body: cafe })).body.id;
  envioId = (await request(t.url, 'POST', productsPath(), { key, body: envio })).body.id;
  otherCustomerId = (await request(t.url, 'POST', customersPath(otherIssuer.emitterId), { key: other.testKey, body: { ...maria, name: 'Cliente ajeno' } })).body.id;
  expect([customerId, cafeId, envioId, otherCustomerId].every((id) => typeof id === 'string')).toBe(true);
});
afterAll(async () => {
  await t.stop();
});

describe('REST', () => {
  let issuedId: string;

  it('an FE with customer_id and product_id lines is issued (sync, through the simulator) with the directory\'s receiver and lines', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: byReference() });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('processed');
    expect(r.body.receiver).toEqual({ name: maria.name, document_type: '13', document_number: '04567890-3', nrc: null, email: 'maria@example.com' });
    expect(r.body.items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.unit_price])).toEqual([['Café molido 500 g', '2', '5.65'], ['Envío', '1', '3']]);
    expect(r.body.totals.total).toBe('14.30');
    issuedId = r.body.id;
    const json = (await request(t.url, 'GET', `/v1/documents/${issuedId}/json`, { key: t.account.testKey })).body;
    expect(json.receptor).toMatchObject({ nombre: maria.name, tipoDocumento: '13', numDocumento: '04567890-3', correo: 'maria@example.com' });
    expect(json.cuerpoDocumento.map((l: Record<string, unknown>) => [l.codigo, l.descripcion])).toEqual([['CAF-500', 'Café molido 500 g'], ['ENV', 'Envío']]);
    const c = await request(t.url, 'GET', `${customersPath()}/${customerId}`, { key: t.account.testKey });
    expect(c.body.last_used_at).not.toBeNull();
  });

  it('a line field given overrides the product\'s (unit_price)', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: byReference({ items: [{ product_id: cafeId, quantity: '1', unit_price: '6.00' }] }) });
    expect(r.status).toBe(201);
    expect(r.body.items.map((i: Record<string, unknown>) => [i.description, i.unit_price])).toEqual([['Café molido 500 g', '6']]);
    expect(r.body.totals.total).toBe('6.00');
  });

  it('a dry run resolves the references and stores nothing', async () => {
    const before = await documentCount();
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: byReference() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, id: null, receiver: { name: maria.name, document_number: '04567890-3' } });
    expect(r.body.json.cuerpoDocumento.map((l: Record<string, unknown>) => l.descripcion)).toEqual(['Café molido 500 g', 'Envío']);
    expect(await documentCount()).toBe(before);
  });

  it('both receiver and customer_id → 422 in Spanish, nothing issued', async () => {
    const before = await documentCount();
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: byReference({ receiver: { name: 'Otro' } }) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'customer_id', message: expect.stringMatching(/no ambos/) })]));
    expect(await documentCount()).toBe(before);
  });

  it.each([
    ['another account\'s customer', () => byReference({ customer_id: otherCustomerId }), 'customer_id'],
    ['an unknown product', () => byReference({ items: [{ product_id: cafeId, quantity: '1' }, { product_id: 'prd_no_existe', quantity: '1' }] }), 'items[1].product_id'],
  ])('%s → 404 resource_not_found, nothing issued', async (_label, body, path) => {
    const before = await documentCount();
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: body() });
    expect(r.status).toBe(404);
    expect(r.body.code ?? r.body.type).toMatch(/resource_not_found/);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    expect(await documentCount()).toBe(before);
  });

  it('editing the customer and the product afterwards changes no document', async () => {
    const key = t.account.testKey;
    const before = await request(t.url, 'GET', `/v1/documents/${issuedId}`, { key });
    const jsonBefore = await request(t.url, 'GET', `/v1/documents/${issuedId}/json`, { key });
    expect((await request(t.url, 'PATCH', `${customersPath()}/${customerId}`, { key, body: { name: 'María José López de Ruiz', email: 'otra@example.com' } })).status).toBe(200);
    expect((await request(t.url, 'PATCH', `${productsPath()}/${cafeId}`, { key, body: { description: 'Café molido 1 kg', unit_price: '9.99' } })).status).toBe(200);
    const after = await request(t.url, 'GET', `/v1/documents/${issuedId}`, { key });
    expect(after.body.receiver).toEqual(before.body.receiver);
    expect(after.body.items).toEqual(before.body.items);
    expect((await request(t.url, 'GET', `/v1/documents/${issuedId}/json`, { key })).text).toBe(jsonBefore.text);
    // Later issuances take the edited directory.
    const next = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key, body: byReference({ items: [{ product_id: cafeId, quantity: '1' }] }) });
    expect(next.body.receiver.name).toBe('María José López de Ruiz');
    expect(next.body.items[0]).toMatchObject({ description: 'Café molido 1 kg', unit_price: '9.99' });
  });

  it('save_customer creates the customer, then updates it by its document number', async () => {
    const key = t.account.testKey;
    const receiver = { name: 'Carlos Ramírez', document_type: '13', document_number: '07654321-2', email: 'carlos@example.com' };
    const body = (r: Record<string, unknown>) => byReference({ customer_id: undefined, receiver: r, save_customer: true });
    const first = await request(t.url, 'POST', '/v1/documents', { key, body: body(receiver) });
    expect(first.status).toBe(201);
    const found = async () => (await request(t.url, 'GET', `${customersPath()}?q=07654321`, { key })).body.data;
    const created = await found();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ name: 'Carlos Ramírez', email: 'carlos@example.com' });
    expect(created[0].last_used_at).not.toBeNull();
    const second = await request(t.url, 'POST', '/v1/documents', { key, body: body({ ...receiver, email: 'carlos.r@example.com' }) });
    expect(second.status).toBe(201);
    const updated = await found();
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ id: created[0].id, email: 'carlos.r@example.com' });
  });

  it('save_customer with a receiver that cannot be a customer (bad check digit, no document, none at all): 422 naming the field, nothing issued or saved', async () => {
    const key = t.account.testKey;
    const customers = async () => (await request(t.url, 'GET', `${customersPath()}?limit=100`, { key })).body.data.length;
    const [docsBefore, customersBefore] = [await documentCount(), await customers()];
    const badDigit = await request(t.url, 'POST', '/v1/documents', { key, body: byReference({ customer_id: undefined, receiver: { name: 'Rosa Díaz', document_type: '13', document_number: '07654321-9' }, save_customer: true }) });
    expect(badDigit.status).toBe(422);
    expect(badDigit.body.errors).toEqual([expect.objectContaining({ path: 'receiver.document_number', message: expect.stringMatching(/^Para guardar el receptor como cliente \(saveCustomer\): .*verificador/) })]);
    const noDocument = await request(t.url, 'POST', '/v1/documents', { key, body: byReference({ customer_id: undefined, receiver: { name: 'Sin documento' }, save_customer: true }) });
    expect(noDocument.status).toBe(422);
    expect(noDocument.body.errors).toEqual([expect.objectContaining({ path: 'save_customer', message: expect.stringMatching(/nombre y documento/) })]);
    const none = await request(t.url, 'POST', '/v1/documents', { key, body: byReference({ save_customer: true }) });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual([expect.objectContaining({ path: 'save_customer' })]);
    expect([await documentCount(), await customers()]).toEqual([docsBefore, customersBefore]);
    // GraphQL: the same refusal as data.
    const g = await graphql(t.url, key, ISSUE, { input: camelKeys(byReference({ customer_id: undefined, receiver: { name: 'Rosa Díaz', document_type: '13', document_number: '07654321-9' }, save_customer: true })) });
    expect(g.body.data.issueDocument.document).toBeNull();
    expect(g.body.data.issueDocument.errors).toEqual([expect.objectContaining({ field: 'receiver.documentNumber' })]);
    expect([await documentCount(), await customers()]).toEqual([docsBefore, customersBefore]);
  });
});

describe('GraphQL', () => {
  const input = (overrides: Record<string, unknown> = {}) => camelKeys(byReference(overrides)) as Record<string, unknown>;

  it('issueDocument with customerId and productId lines, one unitPrice overridden', async () => {
    const g = await graphql(t.url, t.account.testKey, ISSUE, { input: input({ items: [{ product_id: envioId, quantity: '2' }, { product_id: envioId, quantity: '1', unit_price: '4.50' }] }) });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.issueDocument.errors).toEqual([]);
    const doc = g.body.data.issueDocument.document;
    expect(doc.status).toBe('PROCESSED');
    expect(doc.receiver).toMatchObject({ documentNumber: '04567890-3', documentType: '13' });
    expect(doc.items.map((i: Record<string, unknown>) => [i.description, i.quantity, i.unitPrice])).toEqual([['Envío', '2', '3'], ['Envío', '1', '4.5']]);
  });

  it('a full body with the reference fields given as null is issued as before', async () => {
    const full = { ...input({ customer_id: null, save_customer: null, receiver: { name: 'Juan Pérez' } }), items: [{ productId: null, description: 'Envío', quantity: '1', unitCode: '59', unitPrice: '3.00', type: '2', tax: 'exenta' }] };
    const g = await graphql(t.url, t.account.testKey, ISSUE, { input: full, dry: true });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.issueDocument.errors).toEqual([]);
    expect(g.body.data.issueDocument.document.receiver.name).toBe('Juan Pérez');
  });

  it('a dry run resolves', async () => {
    const before = await documentCount();
    const g = await graphql(t.url, t.account.testKey, ISSUE, { input: input(), dry: true });
    expect(g.body.data.issueDocument.document).toMatchObject({ id: null, receiver: { documentNumber: '04567890-3' } });
    expect(await documentCount()).toBe(before);
  });

  it('both receiver and customerId, or another account\'s customer: refused, nothing issued', async () => {
    const before = await documentCount();
    const both = await graphql(t.url, t.account.testKey, ISSUE, { input: input({ receiver: { name: 'Otro' } }) });
    expect(both.body.data.issueDocument.document).toBeNull();
    expect(both.body.data.issueDocument.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'customerId' })]));
    const foreign = await graphql(t.url, t.account.testKey, ISSUE, { input: input({ customer_id: otherCustomerId }) });
    expect(foreign.body.data.issueDocument.document).toBeNull();
    expect(foreign.body.data.issueDocument.errors).toEqual([expect.objectContaining({ code: 'RESOURCE_NOT_FOUND' })]);
    expect(await documentCount()).toBe(before);
  });

  it('saveCustomer creates the customer', async () => {
    const g = await graphql(t.url, t.account.testKey, ISSUE, { input: input({ customer_id: undefined, receiver: { name: 'Lucía Gómez', document_type: '13', document_number: '01111111-5' }, save_customer: true }) });
    expect(g.body.data.issueDocument.errors).toEqual([]);
    const list = (await request(t.url, 'GET', `${customersPath()}?q=01111111`, { key: t.account.testKey })).body.data;
    expect(list.map((c: { name: string }) => c.name)).toEqual(['Lucía Gómez']);
  });
});
