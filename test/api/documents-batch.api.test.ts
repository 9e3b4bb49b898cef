/**
 * POST /v1/documents/batch and its GraphQL twin createDocumentBatch (ADR 0074): results in order,
 * good and bad documents side by side, the batch refused as a whole with nothing issued, and a
 * replay under the same key answering the same results without issuing anything twice.
 */
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140303039874' });
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
    live: await q(`select count(*)::int as n from documents where environment = '01'`),
  };
}

const batch = (documents: unknown[], key: string, query = '') => request(t.url, 'POST', `/v1/documents/batch${query}`, { key: t.account.testKey, body: { documents }, idempotencyKey: key });
let seq = 0;
const ext = (label: string) => `LOTE-${label}-${++seq}`;

describe('POST /v1/documents/batch', () => {
  it('answers each document in order: good ones issued (202, async), a bad one its problem, and the others go on', async () => {
    const before = await counts();
    const docs = [
      feBody(issuer, { external_id: ext('a') }),
      feBody(issuer, { external_id: ext('b'), establishment: 'M999' }),
      ccfBody(issuer, { external_id: ext('c') }),
      feBody(issuer, { external_id: ext('d'), emitter_id: 'emi_no_existe' }),
    ];
    const r = await batch(docs, `lote-${seq}-mixed`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ object: 'document_batch', dry_run: false, count: 4, succeeded: 2, failed: 2 });
    expect(r.body.results.map((x: any) => [x.index, x.external_id, x.status])).toEqual([
      [0, docs[0].external_id, 202],
      [1, docs[1].external_id, 422],
      [2, docs[2].external_id, 202],
      [3, docs[3].external_id, 404],
    ]);
    const [a, b, c, d] = r.body.results;
    expect(a.document).toMatchObject({ object: 'document', type: '01', external_id: docs[0].external_id, environment: '00' });
    expect(a.document.id).toMatch(/^doc_/);
    expect(a.document.control_number).toMatch(/^DTE-01-M001P001-\d{15}$/);
    expect(['signed', 'sending', 'processed']).toContain(a.document.status);
    expect(a.idempotency_key).toBe(`lote-${seq}-mixed:${docs[0].external_id}`);
    expect(a.error).toBeNull();
    expect(c.document).toMatchObject({ type: '03', external_id: docs[2].external_id });
    expect(b.document).toBeNull();
    // The same problem POST /v1/documents answers for it.
    expect(b.error).toMatchObject({ status: 422, type: expect.stringMatching(/\/problems\/validation_failed$/), instance: '/v1/documents/batch', errors: [expect.objectContaining({ path: 'establishment', code: 'unknown_establishment' })] });
    expect(b.error.detail).toMatch(/establecimiento/i);
    expect(d.error).toMatchObject({ status: 404, type: expect.stringMatching(/\/problems\/resource_not_found$/) });
    expect(d.error.detail).toMatch(/No existe un emisor/);
    const after = await counts();
    expect(after.documents - before.documents).toBe(2);
    expect(after.counters - before.counters).toBe(2);
    // The documents are there, each under its own key, as any issued document.
    const got = await request(t.url, 'GET', `/v1/documents/${a.document.id}`, { key: t.account.testKey });
    expect(got.body).toMatchObject({ id: a.document.id, external_id: docs[0].external_id });
  });

  it('the same key again answers the same results, replayed, and issues nothing twice', async () => {
    const key = `lote-${++seq}-replay`;
    const docs = [feBody(issuer, { external_id: ext('r1') }), feBody(issuer, { external_id: ext('r2'), establishment: 'M999' }), feBody(issuer)];
    const first = await batch(docs, key);
    expect(first.status).toBe(200);
    const mid = await counts();
    const again = await batch(docs, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await counts()).toEqual(mid);
    // A document without external_id is keyed by its position.
    expect(first.body.results[2].idempotency_key).toBe(`${key}:#2`);
    // Another body under the same key: 409, nothing issued.
    const other = await batch([docs[0]], key);
    expect(other.status).toBe(409);
    expect(other.body.type).toMatch(/idempotency_key_reused$/);
    expect(await counts()).toEqual(mid);
  });

  it('a batch whose own record is lost (its first run died) run again issues nothing twice: each document answers under its own key', async () => {
    const key = `lote-${++seq}-resume`;
    const docs = [feBody(issuer, { external_id: ext('k1') }), ccfBody(issuer, { external_id: ext('k2') })];
    const first = await batch(docs, key);
    expect(first.body.succeeded).toBe(2);
    const mid = await counts();
    // As if the process had died before storing the batch's answer: the batch's record is gone, its documents' remain.
    await t.app.services.deps.orm.em.getConnection().execute(`delete from idempotency_records where key = '${key}'`);
    const again = await batch(docs, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBeNull();
    expect(again.body.results.map((x: any) => [x.status, x.document.id, x.document.control_number])).toEqual(first.body.results.map((x: any) => [expect.any(Number), x.document.id, x.document.control_number]));
    expect(await counts()).toEqual(mid);
  });

  it('more than 100 documents → 422 naming documents, nothing issued', async () => {
    const before = await counts();
    const docs = Array.from({ length: 101 }, (_, i) => feBody(issuer, { external_id: `GRANDE-${i}` }));
    const r = await batch(docs, `lote-${++seq}-big`);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'documents', message: expect.stringMatching(/hasta 100 documentos/) })]);
    expect(await counts()).toEqual(before);
  });

  it('a malformed document refuses the whole batch (422 naming documents[i]), nothing issued', async () => {
    const before = await counts();
    const r = await batch([feBody(issuer, { external_id: ext('m1') }), feBody(issuer, { external_id: ext('m2'), items: [{ description: 'x', quantity: 'dos', unit_code: '59', unit_price: '1.00', tax: 'gravada', type: '1' }] })], `lote-${++seq}-bad`);
    expect(r.status).toBe(422);
    expect(r.body.errors.map((e: any) => e.path)).toContain('documents[1].items[0].quantity');
    expect(await counts()).toEqual(before);
  });

  it('the same external_id twice in one batch → 422, nothing issued', async () => {
    const before = await counts();
    const id = ext('dup');
    const r = await batch([feBody(issuer, { external_id: id }), feBody(issuer, { external_id: id })], `lote-${++seq}-dup`);
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'documents[1].external_id', message: expect.stringMatching(/ya está en el documento 0/) })]);
    expect(await counts()).toEqual(before);
  });

  it('without Idempotency-Key → 400, nothing issued', async () => {
    const before = await counts();
    const r = await request(t.url, 'POST', '/v1/documents/batch', { key: t.account.testKey, body: { documents: [feBody(issuer)] }, idempotencyKey: null });
    expect(r.status).toBe(400);
    expect(r.body.type).toMatch(/idempotency_key_missing$/);
    expect(await counts()).toEqual(before);
  });

  it('dry_run=true judges every document and stores nothing', async () => {
    const before = await counts();
    const r = await batch([feBody(issuer, { external_id: ext('s1') }), feBody(issuer, { external_id: ext('s2'), establishment: 'M999' })], `lote-${++seq}-dry`, '?dry_run=true');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, succeeded: 1, failed: 1 });
    expect(r.body.results[0]).toMatchObject({ status: 200, idempotency_key: null, document: { id: null, dry_run: true, status: 'validated' } });
    expect(r.body.results[1].error.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('with a test key a body naming environment 01 is issued in 00: test work never reaches production', async () => {
    const before = await counts();
    const r = await batch([feBody(issuer, { external_id: ext('env'), environment: '01' })], `lote-${++seq}-env`);
    expect(r.body.results[0]).toMatchObject({ status: 202, document: { environment: '00' } });
    expect((await counts()).live).toBe(before.live);
  });
});

describe('GraphQL createDocumentBatch', () => {
  const MUTATION = `mutation($input: DocumentBatchInput!, $dryRun: Boolean) { createDocumentBatch(input: $input, dryRun: $dryRun) {
    batch { dryRun results { index externalId status idempotencyKey document { id controlNumber externalId environment } errors { field code message } } }
    errors { field code message } } }`;
  const gqlDoc = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    emitterId: issuer.emitterId, type: '01', establishment: 'M001', pointOfSale: 'P001',
    receiver: { name: 'Juan Pérez', documentType: '13', documentNumber: '01234567-8' },
    items: [{ type: '1', description: 'Café molido 500 g', quantity: '2', unitCode: '59', unitPrice: '5.65', tax: 'gravada' }],
    ...overrides,
  });

  it('answers in order, good and bad, and the same key replays the same results without issuing again', async () => {
    const before = await counts();
    const key = `gql-lote-${++seq}`;
    const input = { documents: [gqlDoc({ externalId: ext('g1') }), gqlDoc({ externalId: ext('g2'), establishment: 'M999' }), gqlDoc({ externalId: ext('g3') })] };
    const r = await graphql(t.url, t.account.testKey, MUTATION, { input }, { 'Idempotency-Key': key });
    expect(r.status).toBe(200);
    const b = r.body.data.createDocumentBatch;
    expect(b.errors).toEqual([]);
    expect(b.batch.results.map((x: any) => [x.index, x.externalId, x.status, x.errors.map((e: any) => e.code)])).toEqual([
      [0, input.documents[0].externalId, 202, []],
      [1, input.documents[1].externalId, 422, ['UNKNOWN_ESTABLISHMENT']],
      [2, input.documents[2].externalId, 202, []],
    ]);
    expect(b.batch.results[0].idempotencyKey).toBe(`${key}:${input.documents[0].externalId}`);
    const mid = await counts();
    expect(mid.documents - before.documents).toBe(2);
    const again = await graphql(t.url, t.account.testKey, MUTATION, { input }, { 'Idempotency-Key': key });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.data.createDocumentBatch.batch.results.map((x: any) => x.document?.id ?? null)).toEqual(b.batch.results.map((x: any) => x.document?.id ?? null));
    expect(await counts()).toEqual(mid);
  });

  it('without Idempotency-Key → IDEMPOTENCY_KEY_MISSING as data, nothing issued; over 100 → refused, nothing issued', async () => {
    const before = await counts();
    const r = await graphql(t.url, t.account.testKey, MUTATION, { input: { documents: [gqlDoc()] } });
    expect(r.body.data.createDocumentBatch).toMatchObject({ batch: null, errors: [{ code: 'IDEMPOTENCY_KEY_MISSING' }] });
    const big = await graphql(t.url, t.account.testKey, MUTATION, { input: { documents: Array.from({ length: 101 }, (_, i) => gqlDoc({ externalId: `GQL-GRANDE-${i}` })) } }, { 'Idempotency-Key': `gql-lote-${++seq}-big` });
    expect(big.body.data.createDocumentBatch).toMatchObject({ batch: null, errors: [{ field: 'documents', code: 'INVALID_VALUE' }] });
    expect(await counts()).toEqual(before);
  });
});
