/**
 * The 2026 events through REST and GraphQL against the in-process MH simulator: a return against an
 * FE (lines by num_item, per-line balance never negative, idempotent, webhook document.returned), a
 * special-operations event (webhook special_operation.processed), MH's own rules answered as data,
 * and refusals that change nothing.
 */
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { RETURN_EXAMPLE, SPECIAL_OPERATION_EXAMPLE } from '../fixtures/document-type-examples';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

let t: TestApp;
let issuer: Issuer;
let receiver: Receiver;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', CONTINGENCY_RECHECK_MS: '500' });
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06149090909090' });
  receiver = await startReceiver();
  const hook = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: t.account.testKey, body: { url: receiver.url, events: ['document.returned', 'special_operation.processed'] } });
  expect(hook.status).toBe(201);
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
});

const post = (path: string, body: unknown, idempotencyKey?: string) => request(t.url, 'POST', path, { key: t.account.testKey, body, idempotencyKey });
const eventCount = async () => ((await t.app.services.deps.orm.em.getConnection().execute('select count(*)::int as n from dte_events')) as { n: number }[])[0].n;

async function sealedFe(): Promise<Record<string, any>> {
  const r = await post('/v1/documents', feBody(issuer, {
    items: [
      { type: '1', description: 'Botellas de vidrio', quantity: '10', unit_code: '59', unit_price: '2.26', discount: '1.13', tax: 'gravada' },
      { type: '1', description: 'Cajas plásticas', quantity: '4', unit_code: '59', unit_price: '5.00', tax: 'gravada' },
    ],
  }));
  expect(r.status).toBe(201);
  return r.body;
}

describe('POST /v1/documents/{id}/returns', () => {
  it('returns part of two lines: 200 sealed, exact totals, webhook document.returned, listed under the document', async () => {
    const fe = await sealedFe();
    // The body documented in docs/document-types.md, exactly as written.
    const r = await post(`/v1/documents/${fe.id}/returns`, RETURN_EXAMPLE);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'document_return', type: '18', status: 'sealed', document_id: fe.id, emitter_id: issuer.emitterId, external_id: 'DEV-2026-0045',
      reception_stamp: expect.stringMatching(/^[A-Z0-9]{40}$/), mh_response: { code: '001' },
      lines: [{ num_item: 1, quantity: '4', description: 'Botellas de vidrio' }, { num_item: 2, quantity: '1', description: 'Cajas plásticas' }],
      // 2.26 × 4 − 0.452 = 8.588; 5.00 → 13.588 → 13.59; IVA inside: 0.988 + 0.575… = 1.56
      totals: { subtotal: '13.59', iva: '1.56', total: '13.59', total_in_words: 'TRECE DÓLARES CON 59/100' },
    });
    await receiver.waitFor((got) => got.some((g) => JSON.parse(g.body).type === 'document.returned'), 15_000, 'document.returned');
    const hook = JSON.parse(receiver.received.find((g) => JSON.parse(g.body).type === 'document.returned')!.body);
    expect(hook.data).toMatchObject({ id: r.body.id, object: 'document_return', document_id: fe.id, status: 'sealed', total: '13.59' });
    const list = await request(t.url, 'GET', `/v1/documents/${fe.id}/returns`, { key: t.account.testKey });
    expect(list.body).toMatchObject({ object: 'list', data: [expect.objectContaining({ id: r.body.id })], has_more: false });
    const one = await request(t.url, 'GET', `/v1/documents/${fe.id}/returns/${r.body.id}`, { key: t.account.testKey });
    expect(one.body.generation_code).toBe(r.body.generation_code);
  });

  it('the per-line balance never goes negative: the rest is accepted, one more unit refused with nothing stored', async () => {
    const fe = await sealedFe();
    expect((await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity: '6' }] })).status).toBe(200);
    const before = await eventCount();
    const over = await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity: '4.5' }] });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual([expect.objectContaining({ path: 'lines[0].quantity', code: 'return_exceeds_balance', message: expect.stringContaining('tiene 4 unidades por devolver') })]);
    expect(await eventCount()).toBe(before);
    expect((await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity: '4' }] })).status).toBe(200);
    const none = await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity: '0.00000001' }] });
    expect(none.body.errors[0]).toMatchObject({ path: 'lines[0].quantity', code: 'return_exceeds_balance' });
  });

  it('an FE with an active return cannot be invalidated (409), as MH requires', async () => {
    const fe = await sealedFe();
    expect((await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 2, quantity: '1' }] })).status).toBe(200);
    const people = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Ana López', document_type: '13', document_number: '01234567-8' } };
    const r = await post(`/v1/documents/${fe.id}/invalidate`, { reason_type: '2', ...people });
    expect({ status: r.status, code: r.body.errors[0].code }).toEqual({ status: 409, code: 'document_not_invalidatable' });
  });

  it('is idempotent: the same Idempotency-Key answers the same event, once', async () => {
    const fe = await sealedFe();
    const a = await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 2, quantity: '1' }] }, `ret-${fe.id}`);
    const b = await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 2, quantity: '1' }] }, `ret-${fe.id}`);
    expect(b.body.id).toBe(a.body.id);
    const list = await request(t.url, 'GET', `/v1/documents/${fe.id}/returns`, { key: t.account.testKey });
    expect(list.body.data).toHaveLength(1);
  });

  it.each([
    ['a CCF → 422 not_returnable', async () => (await post('/v1/documents', ccfBody(issuer))).body.id, 'not_returnable', 422],
    ['an unknown document → 404', async () => 'doc_desconocido', 'resource_not_found', 404],
  ])('against %s, nothing stored', async (_label, id, code, status) => {
    const before = await eventCount();
    const r = await post(`/v1/documents/${await id()}/returns`, { lines: [{ num_item: 1, quantity: '1' }] });
    expect({ status: r.status, code: r.body.errors[0].code }).toEqual({ status, code });
    expect(await eventCount()).toBe(before);
  });

  it('GraphQL createDocumentReturn answers the same event as data; a line beyond the document is a refusal as data', async () => {
    const fe = await sealedFe();
    const m = `mutation($id: ID!, $input: DocumentReturnInput!) { createDocumentReturn(documentId: $id, input: $input) { documentReturn { id status type totals { total } lines { numItem quantity } } errors { field code message } } }`;
    const ok = await graphql(t.url, t.account.testKey, m, { id: fe.id, input: { lines: [{ numItem: 2, quantity: '2' }] } });
    expect(ok.body.data.createDocumentReturn).toMatchObject({ errors: [], documentReturn: { status: 'SEALED', type: '18', totals: { total: '10.00' }, lines: [{ numItem: 2, quantity: '2' }] } });
    const bad = await graphql(t.url, t.account.testKey, m, { id: fe.id, input: { lines: [{ numItem: 9, quantity: '1' }] } });
    expect(bad.body.data.createDocumentReturn).toEqual({ documentReturn: null, errors: [expect.objectContaining({ field: 'lines[0].numItem', code: 'INVALID_REFERENCE' })] });
  });

  it('MH does not answer: 202 pending, then sealed by the reconciler once MH is back', async () => {
    const fe = await sealedFe();
    const mh = new MhControl(t.app.mhSimulatorUrl!);
    await mh.fault({ mode: 'down', duration_ms: 2500, paths: ['/fesv/recepciondte', '/fesv/recepcion/consultadte'] });
    const r = await request(t.url, 'POST', `/v1/documents/${fe.id}/returns`, { key: t.account.testKey, body: { lines: [{ num_item: 1, quantity: '1' }] } });
    expect({ status: r.status, state: r.body.status }).toEqual({ status: 202, state: 'pending' });
    let last = r.body;
    for (let i = 0; i < 300 && last.status === 'pending'; i++) {
      await new Promise((res) => setTimeout(res, 200));
      last = (await request(t.url, 'GET', `/v1/documents/${fe.id}/returns/${r.body.id}`, { key: t.account.testKey })).body;
    }
    expect(last.status).toBe('sealed');
    expect(await mh.reception(r.body.generation_code)).toMatchObject({ type: '18', sealed: 1 });
  });
});

describe('POST /v1/emitters/{id}/special-operations', () => {
  // The body documented in docs/document-types.md, exactly as written (it carries no date that expires).
  const body = SPECIAL_OPERATION_EXAMPLE;

  it('200 sealed with its totals; webhook special_operation.processed; listed under the issuer', async () => {
    const r = await post(`/v1/emitters/${issuer.emitterId}/special-operations`, body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      object: 'special_operation', type: '17', status: 'sealed', emitter_id: issuer.emitterId, external_id: 'EOE-CAJA2-0042',
      totals: { subtotal: '1532.34', iva: '0.00', total: '1532.34' },
      lines: [expect.objectContaining({ document_type: '02', range_from: '0001', range_to: '0150', quantity: 150, issued_on: null }), expect.objectContaining({ document_type: '97', document_number: 'CCI-000123', issued_on: null })],
    });
    await receiver.waitFor((got) => got.some((g) => JSON.parse(g.body).type === 'special_operation.processed'), 15_000, 'special_operation.processed');
    const list = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/special-operations`, { key: t.account.testKey });
    expect(list.body.data.map((d: { id: string }) => d.id)).toContain(r.body.id);
    const gql = await graphql(t.url, t.account.testKey, `query($id: ID!) { specialOperation(id: $id) { id status totals { total } } }`, { id: r.body.id });
    expect(gql.body.data.specialOperation).toEqual({ id: r.body.id, status: 'SEALED', totals: { total: '1532.34' } });
  });

  it('a voucher without its number → 422 naming the field, nothing stored', async () => {
    const before = await eventCount();
    const r = await post(`/v1/emitters/${issuer.emitterId}/special-operations`, { lines: [{ document_type: '97', quantity: 1, description: 'x', gravada: '1.00' }] });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([expect.objectContaining({ path: 'lines[0].document_number', code: 'required' })]);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['a range that starts after it ends', { range_from: '0150', range_to: '0001', quantity: 150 }, 'lines[0].range_from', 'out_of_range'],
    ['a quantity the range does not span', { range_from: '0001', range_to: '0150', quantity: 3 }, 'lines[0].quantity', 'invalid_combination'],
    ['letters in a range', { range_from: '0001', range_to: '01A0', quantity: 150 }, 'lines[0].range_to', 'invalid_format'],
  ])('%s → 422 naming the field over REST and GraphQL, nothing sealed', async (_label, range, path, code) => {
    const before = await eventCount();
    const line = { ...body.lines[0], ...range };
    const r = await post(`/v1/emitters/${issuer.emitterId}/special-operations`, { lines: [line] });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual([expect.objectContaining({ path, code })]);
    const input = { lines: [{ documentType: '02', rangeFrom: line.range_from, rangeTo: line.range_to, quantity: line.quantity, description: line.description, gravada: line.gravada }] };
    const g = await graphql(t.url, t.account.testKey, 'mutation($id: ID!, $input: SpecialOperationInput!) { createSpecialOperation(emitterId: $id, input: $input) { specialOperation { id } errors { field code } } }', { id: issuer.emitterId, input });
    const camel = path.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase());
    expect(g.body.data.createSpecialOperation).toEqual({ specialOperation: null, errors: [{ field: camel, code: code.toUpperCase() }] });
    expect(await eventCount()).toBe(before);
  });

  it('MH refuses an unknown referenced event: 200 rejected with MH\'s answer in mh_response', async () => {
    const r = await post(`/v1/emitters/${issuer.emitterId}/special-operations`, {
      lines: [{ ...body.lines[1], reference_event: '5C7E8D9A-0B1C-4D2E-8F3A-4B5C6D7E8F90' }],
    });
    expect({ status: r.status, state: r.body.status, code: r.body.mh_response.code }).toEqual({ status: 200, state: 'rejected', code: '961' });
  });
});
