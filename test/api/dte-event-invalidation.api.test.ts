/**
 * Invalidating a sealed return or special-operations event (ADR 0063) through REST and GraphQL against
 * the in-process MH simulator, on a moved clock (ManualClock):
 * - sealed → voided with `void` (sealed, MH's seal and answer), MH's journal has the invalidation,
 *   webhook document.return_voided / special_operation.voided;
 * - after the void the return's quantities are returnable again and the FE can be invalidated;
 * - refusals change nothing: not sealed (a rejected event), the deadline passed (the date in the
 *   message), another account's id (404), a bad body; the same Idempotency-Key replays;
 * - MH not answering leaves `void.status` pending (202) and the reconciler sends it again;
 * - MH refusing it is 422 invalidation_rejected; the event stays sealed with `void.status` rejected.
 */
import { createBusinessCalendar, MH_DEFAULT_NON_BUSINESS_DAYS } from '../../src/domain/mh-rules/business-calendar';
import { invalidationDeadline } from '../../src/domain/mh-rules/invalidation-deadline';
import { ManualClock } from '../../src/services/shared/clock';
import { feBody } from '../fixtures/document-bodies';
import { SPECIAL_OPERATION_EXAMPLE } from '../fixtures/document-type-examples';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';
import { startReceiver, type Receiver } from '../support/webhook-receiver';

const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;
let receiver: Receiver;
let mh: MhControl;

beforeAll(async () => {
  clock.set(new Date(Date.now() + 5_000));
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, { clock });
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06147171717171' });
  receiver = await startReceiver();
  const hook = await request(t.url, 'POST', '/v1/webhook-endpoints', { key: t.account.testKey, body: { url: receiver.url, events: ['document.return_voided', 'special_operation.voided'] } });
  expect(hook.status).toBe(201);
  mh = new MhControl(t.app.mhSimulatorUrl!);
}, 60_000);
afterEach(async () => mh.clear());
afterAll(async () => {
  await receiver.close();
  await t.stop();
});

const PEOPLE = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Luis Pérez', document_type: '13', document_number: '07654321-0' } };
const BODY = { reason_type: '2', ...PEOPLE };
const post = (path: string, body: unknown, idempotencyKey?: string, key = t.account.testKey) => request(t.url, 'POST', path, { key, body, idempotencyKey });
const rowOf = async (id: string) =>
  ((await t.app.services.deps.orm.em.getConnection().execute('select status, void, voided_at, void_generation_code, void_attempts, updated_at from dte_events where id = ?', [id])) as Record<string, any>[])[0];

async function sealedFe(): Promise<Record<string, any>> {
  const r = await post('/v1/documents', feBody(issuer, {
    items: [{ type: '1', description: 'Botellas de vidrio', quantity: '10', unit_code: '59', unit_price: '2.00', tax: 'gravada' }],
  }));
  expect(r.status).toBe(201);
  return r.body;
}

async function sealedReturn(fe: Record<string, any>, quantity = '10'): Promise<Record<string, any>> {
  const r = await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity }] });
  expect({ status: r.status, state: r.body.status }).toEqual({ status: 200, state: 'sealed' });
  return r.body;
}

describe('POST /v1/documents/{id}/returns/{return_id}/invalidate', () => {
  it('sealed → voided with its void; webhook document.return_voided; the balance is back and the FE can then be invalidated', async () => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe);
    // The whole quantity is returned: no more, and the FE cannot be invalidated while the return stands.
    expect((await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity: '1' }] })).body.errors[0].code).toBe('return_exceeds_balance');
    expect((await post(`/v1/documents/${fe.id}/invalidate`, BODY)).status).toBe(409);

    const r = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: ret.id, object: 'document_return', status: 'voided', voided_at: expect.any(String), reception_stamp: ret.reception_stamp,
      void: { reason_type: '2', reason: null, status: 'sealed', reception_stamp: expect.stringMatching(/^[A-Z0-9]{40}$/), mh_response: { code: '001' } },
    });
    await receiver.waitFor((g) => g.some((x) => JSON.parse(x.body).type === 'document.return_voided'), 15_000, 'document.return_voided');
    const hook = JSON.parse(receiver.received.find((x) => JSON.parse(x.body).type === 'document.return_voided')!.body);
    expect(hook.data).toMatchObject({ id: ret.id, object: 'document_return', status: 'voided', document_id: fe.id, void: { status: 'sealed' } });
    expect((await request(t.url, 'GET', `/v1/documents/${fe.id}/returns/${ret.id}`, { key: t.account.testKey })).body.status).toBe('voided');

    // The voided return no longer counts: the FE can be returned again, and invalidated once that one is voided too.
    const again = await sealedReturn(fe, '10');
    expect((await post(`/v1/documents/${fe.id}/invalidate`, BODY)).status).toBe(409);
    expect((await post(`/v1/documents/${fe.id}/returns/${again.id}/invalidate`, BODY)).body.status).toBe('voided');
    const inv = await post(`/v1/documents/${fe.id}/invalidate`, BODY);
    expect({ status: inv.status, state: inv.body.status }).toEqual({ status: 200, state: 'voided' });
  });

  it('replays the same answer for the same Idempotency-Key, and answers a voided return as it is', async () => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe, '1');
    const a = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY, `void-${ret.id}`);
    const before = await rowOf(ret.id);
    const b = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY, `void-${ret.id}`);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    const c = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY);
    expect({ status: c.status, state: c.body.status, code: c.body.void.reception_stamp }).toEqual({ status: 200, state: 'voided', code: a.body.void.reception_stamp });
    expect(await rowOf(ret.id)).toEqual(before);
  });

  it.each([
    ['another account’s key → 404', async (ret: Record<string, any>, fe: Record<string, any>) => post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY, undefined, (await t.newAccount('Otra')).testKey), 404, 'resource_not_found'],
    ['another document’s path → 404', async (ret: Record<string, any>) => post(`/v1/documents/doc_otro/returns/${ret.id}/invalidate`, BODY), 404, 'resource_not_found'],
    ['a type 3 without reason → 422', async (ret: Record<string, any>, fe: Record<string, any>) => post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, { ...BODY, reason_type: '3' }), 422, 'required'],
  ])('%s, nothing changed', async (_label, send, status, code) => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe, '1');
    const before = await rowOf(ret.id);
    const r = await send(ret, fe);
    expect({ status: r.status, code: r.body.errors[0].code }).toEqual({ status, code });
    expect(await rowOf(ret.id)).toEqual(before);
  });

  it('a return MH rejected is not invalidatable (409), nothing changed', async () => {
    const fe = await sealedFe();
    await mh.fault({ mode: 'reject', code: '099', message: 'RECHAZO DE PRUEBA', count: 1, paths: ['/fesv/recepciondte'] });
    const ret = await post(`/v1/documents/${fe.id}/returns`, { lines: [{ num_item: 1, quantity: '1' }] });
    expect(ret.body.status).toBe('rejected');
    const before = await rowOf(ret.body.id);
    const r = await post(`/v1/documents/${fe.id}/returns/${ret.body.id}/invalidate`, BODY);
    expect({ status: r.status, code: r.body.errors[0].code }).toEqual({ status: 409, code: 'dte_event_not_invalidatable' });
    expect(r.body.detail).toContain('"rejected"');
    expect(await rowOf(ret.body.id)).toEqual(before);
  });

  it('after MH’s deadline (10th business day of the month after the seal) → 422 with the date, nothing changed', async () => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe, '1');
    const deadline = invalidationDeadline({ tipoDte: '18', sealedAt: new Date(ret.processed_at), regime: 'MF-2.0', calendar: createBusinessCalendar(MH_DEFAULT_NON_BUSINESS_DAYS) });
    expect(deadline.rule).toBe('tenth_business_day');
    const saved = clock.now();
    try {
      clock.set(new Date(deadline.endsAt.getTime() - 1_000));
      const within = await graphql(t.url, t.account.testKey, `mutation($d: ID!, $r: ID!) { invalidateDocumentReturn(documentId: $d, returnId: $r, input: { reasonType: "9", responsible: { name: "A", documentType: "13", documentNumber: "1" }, requester: { name: "A", documentType: "13", documentNumber: "1" } }) { errors { code } } }`, { d: fe.id, r: ret.id });
      expect(within.body.data.invalidateDocumentReturn.errors[0].code).toBe('INVALID_VALUE'); // within the deadline the body is what is refused
      clock.set(deadline.endsAt);
      const before = await rowOf(ret.id);
      const r = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY);
      expect({ status: r.status, code: r.body.errors[0].code }).toEqual({ status: 422, code: 'invalidation_deadline_passed' });
      expect(r.body.detail).toContain(`venció el ${deadline.lastDay} a las 23:59:59`);
      expect(await rowOf(ret.id)).toEqual(before);
    } finally {
      clock.set(saved);
    }
  });

  it('MH does not answer: 202 with void pending, then the reconciler sends it again and the return is voided', async () => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe, '1');
    await mh.fault({ mode: 'down', count: 1, paths: ['/fesv/anulardte'] });
    const r = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY);
    expect({ status: r.status, state: r.body.status, void: r.body.void.status }).toEqual({ status: 202, state: 'sealed', void: 'pending' });
    // Asked again while pending: the same pending invalidation, not a second one.
    const again = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY);
    expect({ status: again.status, void: again.body.void.status }).toEqual({ status: 202, void: 'pending' });
    const code = (await rowOf(ret.id)).void_generation_code;
    // Not yet: the reconciler leaves it alone until CONTINGENCY_RECHECK_MS passed.
    expect((await t.app.services.reconcileDteEvents.execute()).voidsRetried).toBe(0);
    clock.advance(t.app.services.deps.config.mh.contingencyRecheckMs + 1_000);
    expect((await t.app.services.reconcileDteEvents.execute()).voidsRetried).toBe(1);
    const after = await rowOf(ret.id);
    expect({ status: after.status, void: after.void.status, code: after.void_generation_code, attempts: after.void_attempts }).toEqual({ status: 'voided', void: 'sealed', code, attempts: 2 });
    expect((await request(t.url, 'GET', `/v1/documents/${fe.id}/returns/${ret.id}`, { key: t.account.testKey })).body.void.status).toBe('sealed');
  });

  it('MH refuses the invalidation: 422 invalidation_rejected with MH’s answer; the return stays sealed with void rejected, and can be asked again', async () => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe, '1');
    await mh.fault({ mode: 'reject', code: '098', message: 'INVALIDACION RECHAZADA DE PRUEBA', count: 1, paths: ['/fesv/anulardte'] });
    const r = await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY);
    expect({ status: r.status, code: r.body.errors[0].code, mh: r.body.mh?.codigoMsg }).toEqual({ status: 422, code: 'invalidation_rejected', mh: '098' });
    const row = await rowOf(ret.id);
    expect({ status: row.status, void: row.void.status, mh: row.void.mh.code }).toEqual({ status: 'sealed', void: 'rejected', mh: '098' });
    expect((await post(`/v1/documents/${fe.id}/returns/${ret.id}/invalidate`, BODY)).body.status).toBe('voided');
  });
});

describe('POST /v1/emitters/{id}/special-operations/{event_id}/invalidate and the GraphQL mutations', () => {
  it('a special-operations event: sealed → voided, webhook special_operation.voided; GraphQL answers it again as data', async () => {
    const op = await post(`/v1/emitters/${issuer.emitterId}/special-operations`, SPECIAL_OPERATION_EXAMPLE);
    expect(op.body.status).toBe('sealed');
    const m = `mutation($e: ID!, $id: ID!, $input: InvalidateDteEventInput!) { invalidateSpecialOperation(emitterId: $e, eventId: $id, input: $input) {
      outcome specialOperation { id status voidedAt void { status reasonType reason receptionStamp mhResponse { code } } } errors { code message } } }`;
    const input = { reasonType: '3', reason: 'Rango informado por error', responsible: { name: 'Ana López', documentType: '13', documentNumber: '01234567-8' }, requester: { name: 'Ana López', documentType: '13', documentNumber: '01234567-8' } };
    const r = await graphql(t.url, t.account.testKey, m, { e: issuer.emitterId, id: op.body.id, input });
    expect(r.body.data.invalidateSpecialOperation).toMatchObject({
      outcome: 'sealed', errors: [], specialOperation: { id: op.body.id, status: 'VOIDED', void: { status: 'sealed', reasonType: '3', reason: 'Rango informado por error', mhResponse: { code: '001' } } },
    });
    await receiver.waitFor((g) => g.some((x) => JSON.parse(x.body).type === 'special_operation.voided'), 15_000, 'special_operation.voided');
    const again = await graphql(t.url, t.account.testKey, m, { e: issuer.emitterId, id: op.body.id, input });
    expect(again.body.data.invalidateSpecialOperation).toMatchObject({ outcome: 'already', errors: [], specialOperation: { status: 'VOIDED' } });
    const rest = await post(`/v1/emitters/${issuer.emitterId}/special-operations/${op.body.id}/invalidate`, BODY);
    expect({ status: rest.status, state: rest.body.status, object: rest.body.object }).toEqual({ status: 200, state: 'voided', object: 'special_operation' });
  });

  it('GraphQL invalidateDocumentReturn: sealed → VOIDED; an unknown return is a refusal as data, nothing changed', async () => {
    const fe = await sealedFe();
    const ret = await sealedReturn(fe, '2');
    const m = `mutation($d: ID!, $r: ID!, $input: InvalidateDteEventInput!) { invalidateDocumentReturn(documentId: $d, returnId: $r, input: $input) {
      outcome documentReturn { id status void { status } } errors { code } } }`;
    const input = { reasonType: '2', responsible: { name: 'Ana López', documentType: '13', documentNumber: '01234567-8' }, requester: { name: 'Ana López', documentType: '13', documentNumber: '01234567-8' } };
    const before = await rowOf(ret.id);
    const missing = await graphql(t.url, t.account.testKey, m, { d: fe.id, r: 'ret_desconocido', input });
    expect(missing.body.data.invalidateDocumentReturn).toEqual({ outcome: null, documentReturn: null, errors: [{ code: 'RESOURCE_NOT_FOUND' }] });
    const other = await graphql(t.url, (await t.newAccount('Tercera')).testKey, m, { d: fe.id, r: ret.id, input });
    expect(other.body.data.invalidateDocumentReturn.errors).toEqual([{ code: 'RESOURCE_NOT_FOUND' }]);
    expect(await rowOf(ret.id)).toEqual(before);
    const ok = await graphql(t.url, t.account.testKey, m, { d: fe.id, r: ret.id, input });
    expect(ok.body.data.invalidateDocumentReturn).toEqual({ outcome: 'sealed', documentReturn: { id: ret.id, status: 'VOIDED', void: { status: 'sealed' } }, errors: [] });
  });
});
