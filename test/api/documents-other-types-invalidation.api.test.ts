/**
 * NR, CR, CL, DCL, FEX, FSE and CD through the whole lifecycle on a moved clock: issued to processed
 * through the in-process simulator, invalidated within MH's deadline (MF-2.0: the 10th business day
 * of the next month, or 3 months for FEX and FSE) and refused past it with nothing changed.
 */
import { ManualClock } from '../../src/services/shared/clock';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { DOCUMENT_TYPE_EXAMPLES } from '../fixtures/document-type-examples';

const EXAMPLES = DOCUMENT_TYPE_EXAMPLES;
const PEOPLE = {
  responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' },
  requester: { name: 'Carlos Méndez', document_type: '13', document_number: '09876543-2' },
};
// Sealed on 10-03-2026 (El Salvador): MH's calendar puts the 10th business day of April on 20-04-2026.
const ISSUED = new Date('2026-03-10T16:00:00Z');
const CASES = [
  ['04', new Date('2026-04-21T05:59:59Z'), new Date('2026-04-21T06:00:00Z')],
  ['07', new Date('2026-04-21T05:59:59Z'), new Date('2026-04-21T06:00:00Z')],
  ['08', new Date('2026-04-21T05:59:59Z'), new Date('2026-04-21T06:00:00Z')],
  ['09', new Date('2026-04-21T05:59:59Z'), new Date('2026-04-21T06:00:00Z')],
  ['15', new Date('2026-04-21T05:59:59Z'), new Date('2026-04-21T06:00:00Z')],
  ['11', new Date('2026-06-11T05:59:59Z'), new Date('2026-06-11T06:00:00Z')],
  ['14', new Date('2026-06-11T05:59:59Z'), new Date('2026-06-11T06:00:00Z')],
] as const;

// The test certificate is valid from the real "now": the issuer is set up then, and the clock moved after.
const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  clock.set(new Date(Date.now() + 5_000));
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06148080808080' });
});
afterAll(async () => {
  await t.stop();
});

const post = (path: string, body: unknown) => request(t.url, 'POST', path, { key: t.account.testKey, body });
const issue = async (type: string) => {
  clock.set(ISSUED);
  const r = await post('/v1/documents', { ...EXAMPLES[type], emitter_id: issuer.emitterId });
  expect({ type, status: r.status }).toEqual({ type, status: 201 });
  return r.body;
};

describe.each(CASES)('tipo %s', (type, lastMoment, tooLate) => {
  it(`invalidated (type 2) at ${lastMoment.toISOString()}, the last second of its deadline`, async () => {
    const d = await issue(type);
    clock.set(lastMoment);
    const r = await post(`/v1/documents/${d.id}/invalidate`, { reason_type: '2', ...PEOPLE });
    expect({ status: r.status, state: r.body.status, void: r.body.void?.status }).toEqual({ status: 200, state: 'voided', void: 'sealed' });
  });

  it(`refused at ${tooLate.toISOString()} with 422 invalidation_deadline_passed, the document unchanged`, async () => {
    const d = await issue(type);
    clock.set(tooLate);
    const r = await post(`/v1/documents/${d.id}/invalidate`, { reason_type: '2', ...PEOPLE });
    expect({ status: r.status, code: r.body.errors?.[0]?.code }).toEqual({ status: 422, code: 'invalidation_deadline_passed' });
    expect(r.body.detail).toMatch(/El plazo para invalidar este documento venció/);
    const after = await request(t.url, 'GET', `/v1/documents/${d.id}`, { key: t.account.testKey });
    expect({ status: after.body.status, void: after.body.void ?? null, events: after.body.events.length }).toEqual({ status: 'processed', void: null, events: d.events.length });
  });
});

it('a CL is invalidated first and issued again corrected: type 1 needs no replacement', async () => {
  const d = await issue('08');
  const r = await post(`/v1/documents/${d.id}/invalidate`, { reason_type: '1', reason: 'Montos de la liquidación equivocados', ...PEOPLE });
  expect({ status: r.status, state: r.body.status }).toEqual({ status: 200, state: 'voided' });
});

it('a CR with an active note relating it is refused until the note is invalidated', async () => {
  const cr = await issue('07');
  const nc = await post('/v1/documents', {
    ...EXAMPLES['05'], emitter_id: issuer.emitterId,
    related_documents: [{ type: '07', generation_code: cr.generation_code, issued_on: '2026-03-10' }],
    items: [{ ...EXAMPLES['05'].items[0], related_document: cr.generation_code }],
  });
  expect(nc.status).toBe(201);
  const r = await post(`/v1/documents/${cr.id}/invalidate`, { reason_type: '2', ...PEOPLE });
  expect({ status: r.status, code: r.body.errors?.[0]?.code }).toEqual({ status: 409, code: 'document_not_invalidatable' });
});
