/**
 * The directory's batches, CSV import and export (ADR 0065) over REST and GraphQL: good and bad
 * items in one batch (the good ones saved, each bad one refused in Spanish), an upsert by document
 * number / code, more than 500 refused with nothing saved, a preview that saves nothing, a replay by
 * Idempotency-Key, another account's emitter 404; the CSV read with row numbers, the export
 * re-importable and guarded against formulas.
 */
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;
let other: { id: string; testKey: string };
let otherIssuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06143030303030', credentials: false });
  other = await t.newAccount('Otra cuenta');
  otherIssuer = await createIssuer(t.url, other.testKey, { nit: '06144040404040', credentials: false });
});
afterAll(async () => {
  await t.stop();
});

const base = (kind: 'customers' | 'products', emitterId = issuer.emitterId) => `/v1/emitters/${emitterId}/${kind}`;

async function all(kind: 'customers' | 'products', key = t.account.testKey, emitterId = issuer.emitterId): Promise<Record<string, unknown>[]> {
  const r = await request(t.url, 'GET', `${base(kind, emitterId)}?limit=100`, { key });
  expect(r.status).toBe(200);
  return r.body.data;
}

const roble = { name: 'Distribuidora El Roble', document_type: '36', document_number: '06142010901015', nrc: '2345678', email: 'compras@elroble.com.sv' };
const juan = { name: 'Juan Pérez', document_type: '13', document_number: '01234567-8' };

describe('customers batch (REST)', () => {
  it('saves the good items, refuses each bad one with its Spanish errors, in order', async () => {
    const r = await request(t.url, 'POST', `${base('customers')}/batch`, {
      key: t.account.testKey,
      body: { items: [roble, { name: 'Sin tipo', document_number: '06140101901019' }, juan, { ...juan, name: 'Juan repetido' }, { name: 'Correo malo', email: 'no-es-correo' }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'customer_import', dry_run: false, created: 2, updated: 0, refused: 3 });
    expect(r.body.results.map((x: { status: string }) => x.status)).toEqual(['created', 'refused', 'created', 'refused', 'refused']);
    expect(r.body.results[0].customer).toMatchObject({ object: 'customer', name: roble.name, document_number: roble.document_number });
    expect(r.body.results[1].error).toMatchObject({ status: 422, errors: [expect.objectContaining({ path: 'document_type', message: 'El tipo y el número de documento de identificación van juntos.' })] });
    expect(r.body.results[3].error.errors).toEqual([expect.objectContaining({ path: 'document_number', code: 'duplicate_value', message: 'El documento 01234567-8 ya aparece en el elemento 3 del lote.' })]);
    expect(r.body.results[4].error.errors[0]).toMatchObject({ path: 'email' });
    expect(r.body.results[4].customer).toBeNull();
    const names = (await all('customers')).map((c) => c.name);
    expect(names).toEqual(['Distribuidora El Roble', 'Juan Pérez']);
  });

  it('updates the customer with the same document number (upsert), keeping its external_id', async () => {
    const before = (await all('customers')).find((c) => c.document_number === roble.document_number)!;
    await request(t.url, 'PATCH', `${base('customers')}/${before.id}`, { key: t.account.testKey, body: { external_id: 'CRM-1' } });
    const r = await request(t.url, 'POST', `${base('customers')}/batch`, { key: t.account.testKey, body: { items: [{ ...roble, name: 'El Roble, S.A. de C.V.', phone: '22334455' }] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 0, updated: 1, refused: 0 });
    expect(r.body.results[0].customer).toMatchObject({ id: before.id, name: 'El Roble, S.A. de C.V.', phone: '22334455', external_id: 'CRM-1' });
    expect((await all('customers')).length).toBe(2);
  });

  it('a preview (dry_run) says what each item would be and saves nothing', async () => {
    const before = await all('customers');
    const r = await request(t.url, 'POST', `${base('customers')}/batch`, {
      key: t.account.testKey,
      body: { dry_run: true, items: [{ ...juan, name: 'Juan Pérez Cambiado' }, { name: 'Nueva Cliente' }, { name: '' }] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, created: 1, updated: 1, refused: 1 });
    expect(r.body.results.map((x: { status: string; customer: unknown }) => [x.status, x.customer])).toEqual([['updated', null], ['created', null], ['refused', null]]);
    expect(await all('customers')).toEqual(before);
  });

  it('more than 500 items is a 422 and nothing is saved', async () => {
    const before = await all('customers');
    const items = Array.from({ length: 501 }, (_, i) => ({ name: `Cliente ${i}` }));
    const r = await request(t.url, 'POST', `${base('customers')}/batch`, { key: t.account.testKey, body: { items } });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body.errors[0]).toMatchObject({ path: 'items', message: 'Un lote admite como máximo 500 elementos; no se guardó nada.' });
    expect(await all('customers')).toEqual(before);
  });

  it('the same Idempotency-Key replays the answer and saves nothing again', async () => {
    const body = { items: [{ name: 'Cliente Idempotente' }] };
    const first = await request(t.url, 'POST', `${base('customers')}/batch`, { key: t.account.testKey, body, idempotencyKey: 'dir-batch-1' });
    const second = await request(t.url, 'POST', `${base('customers')}/batch`, { key: t.account.testKey, body, idempotencyKey: 'dir-batch-1' });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotency-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    expect((await all('customers')).filter((c) => c.name === 'Cliente Idempotente').length).toBe(1);
  });

  it("another account's emitter is 404 and nothing is saved", async () => {
    const r = await request(t.url, 'POST', `${base('customers', otherIssuer.emitterId)}/batch`, { key: t.account.testKey, body: { items: [{ name: 'Intruso' }] } });
    expect(r.status).toBe(404);
    expect(await all('customers', other.testKey, otherIssuer.emitterId)).toEqual([]);
  });
});

describe('products batch (REST)', () => {
  it('creates, upserts by code and refuses a bad price', async () => {
    const first = await request(t.url, 'POST', `${base('products')}/batch`, {
      key: t.account.testKey,
      body: { items: [{ code: 'CAF-500', description: 'Café molido 500 g', unit_code: '59', unit_price: '5.65', tax: 'gravada' }, { description: 'Precio malo', unit_code: '59', unit_price: '-1' }] },
    });
    expect(first.body).toMatchObject({ object: 'product_import', created: 1, refused: 1 });
    expect(first.body.results[1].error.errors[0]).toMatchObject({ path: 'unit_price' });
    const again = await request(t.url, 'POST', `${base('products')}/batch`, {
      key: t.account.testKey, body: { items: [{ code: 'CAF-500', description: 'Café molido 500 g', unit_code: '59', unit_price: '6.00', tax: 'gravada' }] },
    });
    expect(again.body).toMatchObject({ created: 0, updated: 1 });
    expect(again.body.results[0].product).toMatchObject({ id: first.body.results[0].product.id, unit_price: '6.00' });
    expect((await all('products')).map((p) => [p.code, p.unit_price])).toEqual([['CAF-500', '6.00']]);
  });
});

describe('GraphQL importCustomers / importProducts', () => {
  const IMPORT = `mutation($e: ID!, $items: [JSONObject!]!, $dry: Boolean) {
    importCustomers(emitterId: $e, items: $items, dryRun: $dry) { dryRun created updated refused results { index status customer { id name } errors { field code message } } errors { field code message } }
  }`;

  it('good and bad items; a preview saves nothing', async () => {
    const preview = await graphql(t.url, t.account.testKey, IMPORT, { e: issuer.emitterId, items: [{ name: 'Ana GraphQL' }, { name: 'Malo', nrc: '1-2' }], dry: true });
    expect(preview.body.data.importCustomers).toMatchObject({ dryRun: true, created: 1, refused: 1, errors: [] });
    expect(preview.body.data.importCustomers.results[1]).toMatchObject({ status: 'REFUSED', customer: null, errors: [{ field: 'nrc', code: 'INVALID_FORMAT', message: 'El NRC son de 2 a 8 dígitos, sin guiones.' }] });
    expect((await all('customers')).some((c) => c.name === 'Ana GraphQL')).toBe(false);
    const saved = await graphql(t.url, t.account.testKey, IMPORT, { e: issuer.emitterId, items: [{ name: 'Ana GraphQL' }, { name: 'Malo', nrc: '1-2' }] });
    expect(saved.body.data.importCustomers.results.map((r: { status: string }) => r.status)).toEqual(['CREATED', 'REFUSED']);
    expect((await all('customers')).filter((c) => c.name === 'Ana GraphQL').length).toBe(1);
  });

  it('more than 500 items is a refusal as data and nothing is saved; another account is not found', async () => {
    const before = await all('customers');
    const big = await graphql(t.url, t.account.testKey, IMPORT, { e: issuer.emitterId, items: Array.from({ length: 501 }, (_, i) => ({ name: `G ${i}` })) });
    expect(big.body.data.importCustomers).toMatchObject({ results: null, errors: [{ field: 'items', code: 'OUT_OF_RANGE' }] });
    const foreign = await graphql(t.url, t.account.testKey, IMPORT, { e: otherIssuer.emitterId, items: [{ name: 'Intruso' }] });
    expect(foreign.body.data.importCustomers.errors[0].code).toBe('RESOURCE_NOT_FOUND');
    expect(await all('customers')).toEqual(before);
    expect(await all('customers', other.testKey, otherIssuer.emitterId)).toEqual([]);
  });

  it('importProducts replays by Idempotency-Key', async () => {
    const q = 'mutation($e: ID!, $items: [JSONObject!]!) { importProducts(emitterId: $e, items: $items) { created results { status product { code } } } }';
    const vars = { e: issuer.emitterId, items: [{ code: 'GQL-1', description: 'Producto GraphQL', unitCode: '59', unitPrice: '1.00' }] };
    const a = await graphql(t.url, t.account.testKey, q, vars, { 'Idempotency-Key': 'gql-dir-1' });
    const b = await graphql(t.url, t.account.testKey, q, vars, { 'Idempotency-Key': 'gql-dir-1' });
    expect(a.body.data.importProducts).toMatchObject({ created: 1, results: [{ status: 'CREATED', product: { code: 'GQL-1' } }] });
    expect(b.headers.get('idempotency-replayed')).toBe('true');
    expect(b.text).toBe(a.text);
    expect((await all('products')).filter((p) => p.code === 'GQL-1').length).toBe(1);
  });
});

describe('CSV', () => {
  it('the template has the Spanish headers, and a preview of it saves nothing', async () => {
    const tpl = await request(t.url, 'GET', `${base('products')}/csv-template`, { key: t.account.testKey });
    expect(tpl.status).toBe(200);
    expect(tpl.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(tpl.text.split('\r\n')[0]).toBe('codigo,descripcion,tipo_item,unidad,precio_unitario,tributo,tributos');
    const before = await all('products');
    const r = await request(t.url, 'POST', `${base('products')}/csv-import`, { key: t.account.testKey, body: { csv: tpl.text, dry_run: true } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'directory_csv_import', dry_run: true, created: 1, updated: 1, refused: 0 });
    expect(await all('products')).toEqual(before);
  });

  it('each bad row names its row and column in Spanish; the good rows are saved', async () => {
    const csv = 'nombre;tipo_documento;numero_documento;correo\r\nCSV Uno;;;uno@example.com\r\nCSV Dos;13;12345;\r\n;;;\r\nCSV Tres;;;tres@example.com\r\n';
    const r = await request(t.url, 'POST', `${base('customers')}/csv-import`, { key: t.account.testKey, body: { csv } });
    expect(r.status).toBe(200);
    expect(r.body.rows.map((x: { row: number; status: string }) => [x.row, x.status])).toEqual([[2, 'created'], [3, 'refused'], [5, 'created']]);
    expect(r.body.rows[1].errors[0]).toMatchObject({ column: 'numero_documento' });
    const names = (await all('customers')).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['CSV Uno', 'CSV Tres']));
    expect(names).not.toContain('CSV Dos');
  });

  it('an unknown header refuses the file (422) and nothing is saved', async () => {
    const before = await all('customers');
    const r = await request(t.url, 'POST', `${base('customers')}/csv-import`, { key: t.account.testKey, body: { csv: 'nombre,color\nX,rojo\n' } });
    expect(r.status).toBe(422);
    expect(r.body.errors[0].message).toBe('Fila 1, columna «color»: Columna desconocida «color»: use los encabezados de la plantilla.');
    expect(await all('customers')).toEqual(before);
  });

  it('the export is BOM, ;, CRLF, formula-guarded, and imports back as updates of the same customers', async () => {
    await request(t.url, 'POST', `${base('customers')}/batch`, { key: t.account.testKey, body: { items: [{ name: '=HYPERLINK("http://x")', document_type: '37', document_number: 'X-1' }] } });
    const res = await fetch(`${t.url}${base('customers')}/export`, { headers: { Authorization: `Bearer ${t.account.testKey}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="clientes-\d{8}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0].startsWith('nombre;nombre_comercial;tipo_documento;numero_documento;')).toBe(true);
    expect(lines.some((l) => l.startsWith('"\'=HYPERLINK(""http://x"")";'))).toBe(true);
    const before = await all('customers');
    const keyed = before.filter((c) => c.document_number !== null);
    const back = await request(t.url, 'POST', `${base('customers')}/csv-import`, { key: t.account.testKey, body: { csv: text } });
    expect(back.body).toMatchObject({ refused: 0, updated: keyed.length, created: before.length - keyed.length });
    const after = await all('customers');
    for (const c of keyed) expect(after.find((a) => a.id === c.id)).toMatchObject({ name: c.name, document_number: c.document_number, email: c.email });
    expect(after.find((c) => c.document_number === 'X-1')!.name).toBe('=HYPERLINK("http://x")');
  });

  it("another account's emitter: export and import are 404", async () => {
    expect((await request(t.url, 'GET', `${base('products', otherIssuer.emitterId)}/export`, { key: t.account.testKey })).status).toBe(404);
    expect((await request(t.url, 'POST', `${base('products', otherIssuer.emitterId)}/csv-import`, { key: t.account.testKey, body: { csv: 'descripcion,unidad,precio_unitario\nX,59,1\n' } })).status).toBe(404);
    expect(await all('products', other.testKey, otherIssuer.emitterId)).toEqual([]);
  });
});
