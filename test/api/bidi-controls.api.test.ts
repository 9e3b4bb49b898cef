/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) are refused
 * in every text that reaches a DTE, a PDF or a book — at every door, naming the field, nothing stored.
 * The characters are made here from their code points.
 */
import { feBody } from '../fixtures/document-bodies';
import { purchaseBody } from '../fixtures/fiscal-record-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06147272727272' });
});
afterAll(async () => {
  await t.stop();
});

const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) => String.fromCodePoint(c));
const hex = (ch: string) => ch.codePointAt(0)!.toString(16).toUpperCase();
const key = () => t.account.testKey;

async function snapshot(): Promise<string> {
  const parts: unknown[] = [];
  for (const table of ['emitters', 'documents', 'fiscal_records', 'idempotency_records']) parts.push(await dbRows(t.db.url, `select * from ${table} order by 1`));
  return JSON.stringify(parts);
}

describe('a document body (REST)', () => {
  it.each(BIDI.map((ch) => [hex(ch), ch]))('U+%s in the receiver name, an item description or the notes: 422 naming the field, nothing sealed', async (_hex, ch) => {
    const before = await snapshot();
    const rows: [Record<string, unknown>, string][] = [
      [{ receiver: { name: `Juan ${ch}zereP`, document_type: '13', document_number: '01234567-8' } }, 'receiver.name'],
      [{ items: [{ type: '1', description: `Café ${ch}g 005`, quantity: '1', unit_code: '59', unit_price: '1.00', tax: 'gravada' }] }, 'items[0].description'],
      [{ notes: `Entregar ${ch}mañana` }, 'notes'],
    ];
    for (const [overrides, path] of rows) {
      const r = await request(t.url, 'POST', '/v1/documents', { key: key(), body: feBody(issuer, overrides) });
      expectProblem(r, 422, 'validation_failed');
      expect(r.body.errors).toEqual([{ path, code: 'invalid_format', message: expect.stringMatching(/bidireccional/) }]);
    }
    expect(await snapshot()).toBe(before);
  });

  it('as a JSON escape too (\\u202e), and in a dry run', async () => {
    const before = await snapshot();
    const raw = JSON.stringify(feBody(issuer, { receiver: { name: 'Juan XX', document_type: '13', document_number: '01234567-8' } })).replace('XX', '\\u202e');
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: key(), raw, headers: { 'Content-Type': 'application/json' } });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors[0]).toMatchObject({ path: 'receiver.name', code: 'invalid_format' });
    expect(await snapshot()).toBe(before);
  });
});

describe('other texts that reach a PDF or a book', () => {
  it('an issuer name (every PDF) and a fiscal record (the books): 422 naming the field', async () => {
    const before = await snapshot();
    const rename = await request(t.url, 'PATCH', `/v1/emitters/${issuer.emitterId}`, { key: key(), body: { name: `Comercial ${BIDI[4]}sarisB` } });
    expectProblem(rename, 422, 'validation_failed');
    expect(rename.body.errors[0]).toMatchObject({ path: 'name', code: 'invalid_format' });
    const record = await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/P-1`, { key: key(), body: purchaseBody(1, { counterpart: { name: `Proveedor ${BIDI[7]}x`, nit: '0614-010190-123-4', nrc: '12345-6' } }) });
    expectProblem(record, 422, 'validation_failed');
    expect(record.body.errors[0]).toMatchObject({ path: 'counterpart.name', code: 'invalid_format' });
    expect(await snapshot()).toBe(before);
  });
});

describe('GraphQL', () => {
  it('in variables and in literals: INVALID_REQUEST naming the argument, nothing stored', async () => {
    const before = await snapshot();
    const input = { emitterId: issuer.emitterId, type: '01', establishment: issuer.establishment, pointOfSale: issuer.pointOfSale, items: [{ type: '1', description: `x${BIDI[1]}y`, quantity: '1', unitCode: '59', unitPrice: '1.00', tax: 'gravada' }] };
    const v = await graphql(t.url, key(), 'mutation($input: DocumentCreateInput!) { issueDocument(input: $input) { document { id } errors { code } } }', { input });
    expect(v.status).toBe(400);
    expect(v.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST', field: 'input.items[0].description' });
    const lit = await graphql(t.url, key(), `mutation { updateEmitter(id: "${issuer.emitterId}", input: { name: "a\\u2067b" }) { emitter { id } errors { code } } }`);
    expect(lit.status).toBe(400);
    expect(lit.body.errors[0].extensions).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await snapshot()).toBe(before);
  });
});
