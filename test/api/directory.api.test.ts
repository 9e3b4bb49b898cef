/**
 * An emitter's directory over REST and GraphQL: customers (receivers, validated as DocumentCreate's
 * receiver) and products and services; the search ignores case, accents and dashes and finds a
 * partial NIT; another account's emitter or customer is 404 and changes nothing.
 */
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;
let other: { id: string; testKey: string };
let otherIssuer: Issuer;

const roble = {
  name: 'Distribuidora El Roble, S.A. de C.V.',
  trade_name: 'El Roble',
  document_type: '36',
  document_number: '06142010901015',
  nrc: '2345678',
  economic_activity: '46900',
  address: { department: '06', municipality: '23', district: '14', line: 'Col. Escalón, Av. Norte 1' },
  email: 'compras@elroble.com.sv',
  phone: '22334455',
};

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06143030303030', credentials: false });
  other = await t.newAccount('Otra cuenta');
  otherIssuer = await createIssuer(t.url, other.testKey, { nit: '06144040404040', credentials: false });
});
afterAll(async () => {
  await t.stop();
});

const customersPath = (emitterId = issuer.emitterId) => `/v1/emitters/${emitterId}/customers`;
const productsPath = (emitterId = issuer.emitterId) => `/v1/emitters/${emitterId}/products`;

describe('customers', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      roble,
      maria: { name: 'María José López', document_type: '13', document_number: '04567890-3', email: 'maria@example.com', external_id: 'CRM-7' },
      munoz: { name: 'Ferretería Muñoz', document_type: '36', document_number: '06140101901015', nrc: '123456' },
    };
    for (const [k, body] of Object.entries(bodies)) {
      const r = await request(t.url, 'POST', customersPath(), { key: t.account.testKey, body });
      expect(r.status).toBe(201);
      ids[k] = r.body.id;
    }
  });

  it('creates a customer with the receiver fields and answers it', async () => {
    const r = await request(t.url, 'GET', `${customersPath()}/${ids.roble}`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'customer', emitter_id: issuer.emitterId, ...roble, external_id: null, last_used_at: null, self_service_completed_at: null });
    expect(r.body.id).toMatch(/^cus_/);
  });

  const searches: [label: string, q: string, found: string[]][] = [
    ['a partial NIT', '061420109', ['roble']],
    ['a NIT with dashes', '0614-010190-101-5', ['munoz']],
    ['a name without accents', 'maria jose', ['maria']],
    ['ñ typed as n, in capitals', 'MUNOZ', ['munoz']],
    ['a trade name', 'el roble', ['roble']],
    ['an NRC', '2345678', ['roble']],
    ['an e-mail', 'maria@example', ['maria']],
    ['a DUI without its dash', '045678903', ['maria']],
    ['nothing', 'Quintanilla', []],
  ];
  it.each(searches)('q: %s', async (_label, q, found) => {
    const want = found.map((k) => ids[k]);
    const rest = await request(t.url, 'GET', `${customersPath()}?q=${encodeURIComponent(q)}`, { key: t.account.testKey });
    expect(rest.status).toBe(200);
    expect(rest.body.data.map((c: { id: string }) => c.id)).toEqual(want);
    const gql = await graphql(t.url, t.account.testKey, 'query($e: ID!, $q: String) { customers(emitterId: $e, q: $q) { nodes { id } } }', { e: issuer.emitterId, q });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.customers.nodes.map((n: { id: string }) => n.id)).toEqual(want);
  });

  it('lists alphabetically with a cursor', async () => {
    const first = await request(t.url, 'GET', `${customersPath()}?limit=2`, { key: t.account.testKey });
    expect(first.body.data.map((c: { name: string }) => c.name)).toEqual(['Distribuidora El Roble, S.A. de C.V.', 'Ferretería Muñoz']);
    expect(first.body.has_more).toBe(true);
    const next = await request(t.url, 'GET', `${customersPath()}?limit=2&starting_after=${first.body.data[1].id}`, { key: t.account.testKey });
    expect(next.body.data.map((c: { name: string }) => c.name)).toEqual(['María José López']);
    expect(next.body.has_more).toBe(false);
  });

  it('refuses a receiver that DocumentCreate would refuse, naming each field', async () => {
    const r = await request(t.url, 'POST', customersPath(), { key: t.account.testKey, body: { name: 'X', document_type: '36', document_number: '123', nrc: '1', economic_activity: '00000', address: { department: '06', municipality: '99', district: '14', line: 'x' }, colour: 'red' } });
    expect(r.status).toBe(422);
    const fields = r.body.errors.map((e: { path: string }) => e.path).sort();
    expect(fields).toEqual(expect.arrayContaining(['document_number', 'nrc', 'economic_activity', 'address.municipality', 'colour']));
    const list = await request(t.url, 'GET', customersPath(), { key: t.account.testKey });
    expect(list.body.data).toHaveLength(3);
  });

  it.each([
    ['a NIT whose check digit is wrong', { document_type: '36', document_number: '06140507071040' }, 'El último dígito del NIT (el verificador) no corresponde a los anteriores: revise el número.'],
    ['a DUI whose check digit is wrong', { document_type: '13', document_number: '00016297-4' }, 'El dígito verificador del DUI (después del guion) no corresponde a los 8 anteriores: revise el número.'],
  ])('refuses %s: 422 naming document_number, nothing stored (REST and GraphQL)', async (_label, id, message) => {
    const r = await request(t.url, 'POST', customersPath(), { key: t.account.testKey, body: { name: 'Cliente Con Dígito Malo', ...id } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([{ path: 'document_number', code: 'invalid_format', message }]);
    const g = await graphql(t.url, t.account.testKey, 'mutation($e: ID!, $i: CreateCustomerInput!) { createCustomer(emitterId: $e, input: $i) { customer { id } errors { field code message } } }', {
      e: issuer.emitterId, i: { name: 'Cliente Con Dígito Malo', documentType: id.document_type, documentNumber: id.document_number },
    });
    expect(g.body.data.createCustomer).toEqual({ customer: null, errors: [{ field: 'documentNumber', code: 'INVALID_FORMAT', message }] });
    const list = await request(t.url, 'GET', customersPath(), { key: t.account.testKey });
    expect(list.body.data).toHaveLength(3);
  });

  it('refuses a second customer with the same document number (409)', async () => {
    const r = await request(t.url, 'POST', customersPath(), { key: t.account.testKey, body: { ...roble, name: 'Otro' } });
    expect(r.status).toBe(409);
    expect(r.body.code ?? r.body.type).toMatch(/customer_document_taken/);
  });

  it('PATCH changes given fields, null clears one, the whole is validated', async () => {
    const r = await request(t.url, 'PATCH', `${customersPath()}/${ids.maria}`, { key: t.account.testKey, body: { phone: '22223333', email: null } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ phone: '22223333', email: null, name: 'María José López', external_id: 'CRM-7' });
    const bad = await request(t.url, 'PATCH', `${customersPath()}/${ids.maria}`, { key: t.account.testKey, body: { document_type: null } });
    expect(bad.status).toBe(422);
    const after = await request(t.url, 'GET', `${customersPath()}/${ids.maria}`, { key: t.account.testKey });
    expect(after.body.document_type).toBe('13');
  });

  it('GraphQL creates, reads, updates and deletes', async () => {
    const created = await graphql(t.url, t.account.testKey, 'mutation($e: ID!, $i: CreateCustomerInput!) { createCustomer(emitterId: $e, input: $i) { customer { id name documentNumber } errors { field code } } }', {
      e: issuer.emitterId, i: { name: 'Ana Pérez', documentType: '13', documentNumber: '01234567-8' },
    });
    expect(created.body.data.createCustomer.errors).toEqual([]);
    const id = created.body.data.createCustomer.customer.id;
    const got = await graphql(t.url, t.account.testKey, 'query($id: ID!) { customer(id: $id) { name emitterId } }', { id });
    expect(got.body.data.customer).toEqual({ name: 'Ana Pérez', emitterId: issuer.emitterId });
    const upd = await graphql(t.url, t.account.testKey, 'mutation($id: ID!, $i: UpdateCustomerInput!) { updateCustomer(id: $id, input: $i) { customer { tradeName } errors { field code } } }', { id, i: { tradeName: 'Tienda Ana' } });
    expect(upd.body.data.updateCustomer).toEqual({ customer: { tradeName: 'Tienda Ana' }, errors: [] });
    const refused = await graphql(t.url, t.account.testKey, 'mutation($e: ID!, $i: CreateCustomerInput!) { createCustomer(emitterId: $e, input: $i) { customer { id } errors { field code } } }', { e: issuer.emitterId, i: { name: 'X', nrc: '1' } });
    expect(refused.body.data.createCustomer.customer).toBeNull();
    expect(refused.body.data.createCustomer.errors[0].field).toBe('nrc');
    const del = await graphql(t.url, t.account.testKey, 'mutation($id: ID!) { deleteCustomer(id: $id) { customer { id } errors { code } } }', { id });
    expect(del.body.data.deleteCustomer.errors).toEqual([]);
    const gone = await request(t.url, 'GET', `${customersPath()}/${id}`, { key: t.account.testKey });
    expect(gone.status).toBe(404);
  });

  it("another account's emitter or customer is 404, and nothing changes", async () => {
    const viaOtherKey = await request(t.url, 'GET', `${customersPath()}/${ids.roble}`, { key: other.testKey });
    expect(viaOtherKey.status).toBe(404);
    const underOtherEmitter = await request(t.url, 'GET', `${customersPath(otherIssuer.emitterId)}/${ids.roble}`, { key: other.testKey });
    expect(underOtherEmitter.status).toBe(404);
    expect((await request(t.url, 'PATCH', `${customersPath()}/${ids.roble}`, { key: other.testKey, body: { name: 'Robado' } })).status).toBe(404);
    expect((await request(t.url, 'DELETE', `${customersPath()}/${ids.roble}`, { key: other.testKey })).status).toBe(404);
    expect((await request(t.url, 'POST', customersPath(), { key: other.testKey, body: { name: 'Intruso' } })).status).toBe(404);
    expect((await request(t.url, 'GET', customersPath(), { key: other.testKey })).status).toBe(404);
    const gql = await graphql(t.url, other.testKey, 'mutation($id: ID!) { updateCustomer(id: $id, input: { name: "Robado" }) { customer { id } errors { code } } }', { id: ids.roble });
    expect(gql.body.data.updateCustomer.errors[0].code).toBe('RESOURCE_NOT_FOUND');
    const mine = await request(t.url, 'GET', `${customersPath()}/${ids.roble}`, { key: t.account.testKey });
    expect(mine.body.name).toBe(roble.name);
    const theirs = await request(t.url, 'GET', customersPath(otherIssuer.emitterId), { key: other.testKey });
    expect(theirs.body.data).toEqual([]);
  });

  it('DELETE answers 204 and the customer is gone', async () => {
    const c = await request(t.url, 'POST', customersPath(), { key: t.account.testKey, body: { name: 'Temporal' } });
    const r = await request(t.url, 'DELETE', `${customersPath()}/${c.body.id}`, { key: t.account.testKey });
    expect(r.status).toBe(204);
    expect((await request(t.url, 'GET', `${customersPath()}/${c.body.id}`, { key: t.account.testKey })).status).toBe(404);
  });
});

describe('products', () => {
  let coffee: string;
  beforeAll(async () => {
    const r = await request(t.url, 'POST', productsPath(), { key: t.account.testKey, body: { code: 'CAF-500', description: 'Café molido 500 g', type: '1', unit_code: '59', unit_price: '5.65000001', tax: 'gravada' } });
    expect(r.status).toBe(201);
    coffee = r.body.id;
    await request(t.url, 'POST', productsPath(), { key: t.account.testKey, body: { code: 'ENV', description: 'Envío a domicilio', type: '2', unit_code: '59', unit_price: '3.00', tax: 'exenta' } });
  });

  it('answers the product as given, with its exact price', async () => {
    const r = await request(t.url, 'GET', `${productsPath()}/${coffee}`, { key: t.account.testKey });
    expect(r.body).toMatchObject({ object: 'product', code: 'CAF-500', description: 'Café molido 500 g', type: '1', unit_code: '59', unit_price: '5.65000001', tax: 'gravada', taxes: null, last_used_at: null });
    expect(r.body.id).toMatch(/^prd_/);
  });

  it.each([['cafe', ['Café molido 500 g']], ['caf500', ['Café molido 500 g']], ['ENVIO', ['Envío a domicilio']], ['x-y-z', []]] as const)('q %s', async (q, found) => {
    const r = await request(t.url, 'GET', `${productsPath()}?q=${encodeURIComponent(q)}`, { key: t.account.testKey });
    expect(r.body.data.map((p: { description: string }) => p.description)).toEqual(found);
    const gql = await graphql(t.url, t.account.testKey, 'query($e: ID!, $q: String) { products(emitterId: $e, q: $q) { nodes { description } } }', { e: issuer.emitterId, q });
    expect(gql.body.data.products.nodes.map((p: { description: string }) => p.description)).toEqual(found);
  });

  it('refuses bad fields and a repeated code; nothing is saved', async () => {
    const bad = await request(t.url, 'POST', productsPath(), { key: t.account.testKey, body: { description: 'X', unit_code: '9999', unit_price: '1.123456789', tax: 'no_gravado', type: '7' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['tax', 'type', 'unit_code', 'unit_price']);
    const dup = await request(t.url, 'POST', productsPath(), { key: t.account.testKey, body: { code: 'CAF-500', description: 'Otro', unit_code: '59', unit_price: '1' } });
    expect(dup.status).toBe(409);
    const list = await request(t.url, 'GET', productsPath(), { key: t.account.testKey });
    expect(list.body.data).toHaveLength(2);
  });

  it('PATCH and GraphQL update; another account gets 404', async () => {
    const r = await request(t.url, 'PATCH', `${productsPath()}/${coffee}`, { key: t.account.testKey, body: { unit_price: '6.00', code: null } });
    expect(r.body).toMatchObject({ unit_price: '6.00', code: null });
    const g = await graphql(t.url, t.account.testKey, 'mutation($id: ID!) { updateProduct(id: $id, input: { code: "CAF-500" }) { product { code unitPrice } errors { code } } }', { id: coffee });
    expect(g.body.data.updateProduct).toEqual({ product: { code: 'CAF-500', unitPrice: '6.00' }, errors: [] });
    expect((await request(t.url, 'GET', `${productsPath()}/${coffee}`, { key: other.testKey })).status).toBe(404);
    const gq = await graphql(t.url, other.testKey, 'query($id: ID!) { product(id: $id) { id } }', { id: coffee });
    expect(gq.body.data.product).toBeNull();
    expect((await request(t.url, 'DELETE', `${productsPath()}/${coffee}`, { key: other.testKey })).status).toBe(404);
    expect((await request(t.url, 'GET', `${productsPath()}/${coffee}`, { key: t.account.testKey })).body.code).toBe('CAF-500');
  });
});
