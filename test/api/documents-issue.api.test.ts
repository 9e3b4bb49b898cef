import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { compactVerify, importSPKI } from 'jose';
import { localDateTime } from '../../src/domain/mh-rules/el-salvador-time';
import { ccfBody, feBody, ncBody, ndBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

const SCHEMAS = join(__dirname, '..', '..', '..', 'shared', 'mh', 'schemas', '2026');
const SCHEMA_FILE: Record<string, string> = { '01': 'fe-f-v2.json', '03': 'fe-ccf-v4.json', '05': 'fe-nc-v4.json', '06': 'fe-nd-v4.json' };

/** MH's official 2026 schemas with a decimal-safe multipleOf (MH's steps are powers of ten). */
function officialValidator(type: string) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    schemaType: 'number',
    validate: (step: number, value: number) => {
      const places = (n: number) => (String(n).includes('e-') ? Number(String(n).split('e-')[1]) : (String(n).split('.')[1] ?? '').length);
      return places(value) <= places(step);
    },
  });
  return ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, SCHEMA_FILE[type]), 'utf8')));
}

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140303031234' });
});
afterAll(async () => {
  await t.stop();
});

async function counts() {
  const conn = t.app.services.deps.orm.em.getConnection();
  const q = async (sql: string) => ((await conn.execute(sql))[0] as { n: number }).n;
  return {
    documents: await q('select count(*)::int as n from documents'),
    counters: await q('select coalesce(sum(last_value), 0)::int as n from control_number_counters'),
    events: await q('select count(*)::int as n from document_events'),
  };
}

describe('POST /v1/documents?dry_run=true', () => {
  it.each([
    ['CCF of 2000.00 (MH worked example)', () => ccfBody(issuer), '03', { subtotal: '2000.00', iva: '260.00', total: '2260.00', total_in_words: 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100' }],
    [
      'CCF 65.09 with a 15.01 discount (MH worked example)',
      () => ccfBody(issuer, { items: [{ type: '1', description: 'Artículo', quantity: '1', unit_code: '59', unit_price: '65.09', discount: '15.01', tax: 'gravada' }] }),
      '03',
      { subtotal: '50.08', iva: '6.51', total: '56.59', total_in_words: 'CINCUENTA Y SEIS DÓLARES CON 59/100' },
    ],
    ['FE with IVA inside the price', () => feBody(issuer), '01', { subtotal: '14.30', iva: '1.30', total: '14.30', total_in_words: 'CATORCE DÓLARES CON 30/100' }],
  ])('%s → 200 with totals and MH-valid JSON, nothing stored or spent', async (_label, body, type, totals) => {
    const before = await counts();
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: body() });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'document', dry_run: true, id: null, type, status: 'validated', control_number: null, totals });
    const validate = officialValidator(type);
    expect(validate(r.body.json) ? [] : validate.errors).toEqual([]);
    expect(r.body.json.identificacion.numeroControl).toBe(`DTE-${type}-M001P001-000000000000000`);
    expect(await counts()).toEqual(before);
  });

  it('a body that fails validation → 422 listing every field problem, nothing stored', async () => {
    const before = await counts();
    const r = await request(t.url, 'POST', '/v1/documents', {
      key: t.account.testKey,
      body: ccfBody(issuer, {
        items: [{ type: '9', description: '', quantity: '-1', unit_code: '59', unit_price: '1.234567891', tax: 'gravada' }],
        withholding: { renta: '10.00' },
      }),
    });
    expect(r.status).toBe(422);
    const paths = r.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['items[0].type', 'items[0].description', 'items[0].quantity', 'items[0].unit_price']));
    expect(await counts()).toEqual(before);
    const renta = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer, { withholding: { renta: '10.00' } }) });
    expect(renta.status).toBe(422);
    expect(renta.body.errors).toEqual([expect.objectContaining({ path: 'withholding.renta', code: 'not_allowed_for_type' })]);
  });

  it.each([
    ['31 minutes ahead', 422, 31 * 60_000],
    ['31 minutes behind', 422, -31 * 60_000],
    ['29 minutes behind', 200, -29 * 60_000],
  ])('issued_at %s → %i', async (_label, status, offset) => {
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: ccfBody(issuer, { issued_at: new Date(Date.now() + offset).toISOString() }) });
    expect(r.status).toBe(status);
    if (status === 422) expect(r.body.errors[0]).toMatchObject({ path: 'issued_at', code: 'issued_at_out_of_range' });
  });

  it('refuses unknown establishments and points of sale', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: ccfBody(issuer, { point_of_sale: 'P009' }) });
    expect(r.status).toBe(422);
    expect(r.body.errors[0]).toMatchObject({ path: 'point_of_sale', code: 'unknown_point_of_sale' });
  });
});

describe('POST /v1/documents (signed and stored)', () => {
  it('signs the official JSON RS512; the JWS verifies with jose and openssl against the uploaded certificate', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect([201, 202]).toContain(r.status);
    const doc = r.body;
    expect(doc.id).toMatch(/^doc_/);
    expect(doc.control_number).toMatch(/^DTE-03-M001P001-\d{15}$/);
    expect(doc.generation_code).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/);
    expect(doc.events.slice(0, 2).map((e: { type: string }) => e.type)).toEqual(['created', 'signed']);
    const file = await request(t.url, 'GET', `/v1/documents/${doc.id}/json`, { key: t.account.testKey });
    expect(file.status).toBe(200);
    const archivo = file.body;
    const jws: string = archivo.firmaElectronica;
    expect(jws.split('.')[0]).toBe('eyJhbGciOiJSUzUxMiJ9');
    expect(JSON.parse(Buffer.from(jws.split('.')[0], 'base64url').toString())).toEqual({ alg: 'RS512' });
    // The file is the signed bytes plus the two fields, never re-serialised.
    const signedText = Buffer.from(jws.split('.')[1], 'base64url').toString('utf8');
    expect(file.text).toBe(`${signedText.slice(0, -1)},"firmaElectronica":${JSON.stringify(jws)},"selloRecibido":${JSON.stringify(archivo.selloRecibido)}}`);
    const validate = officialValidator('03');
    const { firmaElectronica: _f, selloRecibido: _s, ...dte } = archivo;
    expect(validate(dte) ? [] : validate.errors).toEqual([]);
    expect(dte.identificacion.numeroControl).toBe(doc.control_number);
    // Independent verifiers with the certificate's public key.
    const spki = (await t.app.services.deps.orm.em.getConnection().execute(`select public_key_spki from emitter_credentials where emitter_id = ? and environment = '00'`, [issuer.emitterId]))[0] as { public_key_spki: string };
    const pem = `-----BEGIN PUBLIC KEY-----\n${spki.public_key_spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
    const verified = await compactVerify(jws, await importSPKI(pem, 'RS512'));
    expect(new TextDecoder().decode(verified.payload)).toBe(signedText);
    const dir = mkdtempSync(join(tmpdir(), 'dte-verify-'));
    try {
      const [h, p, s] = jws.split('.');
      writeFileSync(join(dir, 'pub.pem'), pem);
      writeFileSync(join(dir, 'data'), `${h}.${p}`);
      writeFileSync(join(dir, 'sig'), Buffer.from(s, 'base64url'));
      expect(execFileSync('openssl', ['dgst', '-sha512', '-verify', 'pub.pem', '-signature', 'sig', 'data'], { cwd: dir }).toString()).toMatch(/Verified OK/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('NC and ND point at a CCF issued here (looked up) or outside (taken as given)', async () => {
    const ccf = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    const related = { generationCode: ccf.body.generation_code, issuedOn: localDateTime(new Date(ccf.body.issued_at)).date };
    for (const [make, type] of [[ncBody, '05'], [ndBody, '06']] as const) {
      const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: make(issuer, related) });
      expect([201, 202]).toContain(r.status);
      expect(r.body.type).toBe(type);
      expect(r.body.related_documents).toEqual([{ id: ccf.body.id, type: '03', generation_code: ccf.body.generation_code }]);
    }
    // A CCF issued elsewhere, dated the day of the one above: within the note's window on any day.
    const external = { generationCode: 'A1B2C3D4-1111-4222-8333-444455556666', issuedOn: related.issuedOn };
    const e = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: ncBody(issuer, external) });
    expect(e.status).toBe(200);
    expect(e.body.related_documents).toEqual([{ id: null, type: '03', generation_code: external.generationCode }]);
    const validate = officialValidator('05');
    expect(validate(e.body.json) ? [] : validate.errors).toEqual([]);
  });

  it('without credentials for the environment → 422 and no number spent', async () => {
    const noCreds = await createIssuer(t.url, t.account.testKey, { credentials: false });
    const before = await counts();
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(noCreds) });
    expect(r.status).toBe(422);
    expect(r.body.type).toMatch(/credentials_not_configured$/);
    expect(await counts()).toEqual(before);
  });

  it('GraphQL issueDocument and document(id) give the same document as REST', async () => {
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($input: DocumentCreateInput!) { issueDocument(input: $input, mode: ASYNC) { document { id type controlNumber totals { subtotal iva total totalInWords } events { type } } errors { field code message } } }`,
      {
        input: {
          emitterId: issuer.emitterId,
          type: '03',
          establishment: 'M001',
          pointOfSale: 'P002',
          receiver: { name: 'Cliente', documentType: '36', documentNumber: '06142010901010', nrc: '2345678', economicActivity: '46900', address: { department: '06', municipality: '23', district: '14', line: 'x' }, email: 'c@c.sv' },
          items: [{ type: '1', description: 'Bien', quantity: '1', unitCode: '59', unitPrice: '2000.00', tax: 'gravada' }],
        },
      },
    );
    expect(g.body.data.issueDocument.errors).toEqual([]);
    const gd = g.body.data.issueDocument.document;
    expect(gd.controlNumber).toMatch(/^DTE-03-M001P002-000000000000001$/);
    expect(gd.totals).toEqual({ subtotal: '2000.00', iva: '260.00', total: '2260.00', totalInWords: 'DOS MIL DOSCIENTOS SESENTA DÓLARES CON 00/100' });
    const rest = await request(t.url, 'GET', `/v1/documents/${gd.id}`, { key: t.account.testKey });
    expect(rest.body.control_number).toBe(gd.controlNumber);
    expect(rest.body.totals.total_in_words).toBe(gd.totals.totalInWords);
    const q = await graphql(t.url, t.account.testKey, `query($id: ID!) { document(id: $id) { id controlNumber } }`, { id: gd.id });
    expect(q.body.data.document).toEqual({ id: gd.id, controlNumber: gd.controlNumber });
  });

  it("another account's or environment's document is not found", async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    const other = await t.newAccount();
    expect((await request(t.url, 'GET', `/v1/documents/${r.body.id}`, { key: other.testKey })).status).toBe(404);
    expect((await request(t.url, 'GET', `/v1/documents/${r.body.id}`, { key: t.account.liveKey })).status).toBe(404);
    expect((await request(t.url, 'GET', `/v1/documents/${r.body.id}/json`, { key: other.testKey })).status).toBe(404);
  });
});
