/**
 * Amounts each within MH's limit whose lines or totals leave it, and a per-document value a JSON
 * number cannot carry: 422 naming the field over REST (dry run too) and GraphQL, never a 5xx, nothing
 * stored. The cases of types 07, 08, 11, 14, 15 and the special-operations event once answered 500.
 */
import { exampleFor, SPECIAL_OPERATION_EXAMPLE } from '../fixtures/document-type-examples';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { camelKeys } from '../support/amount-extremes';
import { createIssuer, type Issuer } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, any>;
let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06145353535353' });
});
afterAll(async () => {
  await t.stop();
});

const stored = async () => JSON.stringify([await dbRows(t.db.url, 'select id from documents order by 1'), await dbRows(t.db.url, 'select id from dte_events order by 1')]);

const cases: [label: string, body: () => Json, path: string, code: string][] = [
  ['FEX: items[0].quantity 99999999999.99', () => {
    const b = exampleFor('11', issuer.emitterId);
    b.items[0].quantity = '99999999999.99';
    return b;
  }, 'items', 'amount_out_of_range'],
  ['FSE: two lines of 1 × 60000000000.00', () => {
    const b = exampleFor('14', issuer.emitterId);
    b.items = [0, 1].map(() => ({ type: '1', description: 'Maíz', quantity: '1', unit_code: '59', unit_price: '60000000000.00' }));
    delete b.withholding;
    delete b.payment;
    return b;
  }, 'items', 'amount_out_of_range'],
  ['CR: two withholdings of 60000000000.00', () => {
    const b = exampleFor('07', issuer.emitterId);
    b.withholdings = b.withholdings.map((w: Json) => ({ ...w, taxable_amount: '60000000000.00' }));
    return b;
  }, 'withholdings', 'amount_out_of_range'],
  ['CL: one settled document past the limit', () => {
    const b = exampleFor('08', issuer.emitterId);
    b.settled_documents[0].gravada = '99999999999.99';
    return b;
  }, 'settledDocuments', 'amount_out_of_range'],
  ['CD: two donations of 60000000000.00', () => {
    const b = exampleFor('15', issuer.emitterId);
    b.items = [0, 1].map(() => ({ ...b.items[0], quantity: '1', unit_price: '60000000000.00' }));
    delete b.payment;
    return b;
  }, 'items', 'amount_out_of_range'],
];

describe.each(cases)('%s', (_label, body, path, code) => {
  it.each([['issued', ''], ['dry run', '?dry_run=true']])('REST %s: 422 naming the field, nothing stored', async (_mode, query) => {
    const before = await stored();
    const r = await request(t.url, 'POST', `/v1/documents${query}`, { key: t.account.testKey, body: body() });
    expectProblem(r, 422, 'validation_failed');
    const snake = path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    expect(r.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(new RegExp(`^${snake.replace(/[[\]]/g, '\\$&')}`)), code })]));
    expect(await stored()).toBe(before);
  });

  it('GraphQL: the same code as data', async () => {
    const before = await stored();
    const g = await graphql(t.url, t.account.testKey, 'mutation($input: DocumentCreateInput!) { issueDocument(input: $input) { document { id } errors { field code } } }', { input: camelKeys(body()) });
    expect(g.body.data.issueDocument.document).toBeNull();
    expect(g.body.data.issueDocument.errors).toEqual(expect.arrayContaining([{ field: expect.stringMatching(new RegExp(`^${path}`)), code: code.toUpperCase() }]));
    expect(await stored()).toBe(before);
  });
});

describe('the special-operations event', () => {
  const line = SPECIAL_OPERATION_EXAMPLE.lines[0];
  it.each([
    ['range 0001–0003, quantity 3, gravada 1000000000.00 (a per-document value with more digits than a JSON number holds)', [{ ...line, range_from: '0001', range_to: '0003', quantity: 3, gravada: '1000000000.00', exenta: undefined }], 'lines[0]', 'amount_not_representable'],
    ['two lines of 60000000000.00', [{ ...line, gravada: '60000000000.00', exenta: undefined }, { ...line, gravada: '60000000000.00', exenta: undefined }], 'lines', 'amount_out_of_range'],
  ])('%s: 422 naming the field, nothing sealed', async (_label, lines, path, code) => {
    const before = await stored();
    const r = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { key: t.account.testKey, body: { lines } });
    expectProblem(r, 422, 'validation_failed');
    expect(r.body.errors).toEqual([expect.objectContaining({ path, code })]);
    expect(await stored()).toBe(before);
  });
});
