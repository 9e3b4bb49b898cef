/**
 * The 2026 events on a moved clock (ManualClock; nothing waits for real time):
 * - a return is accepted until the last second of RETURN_WINDOW_MONTHS after the original's seal
 *   (El Salvador time, same day-of-month clamped to the month's end) and refused one second later with
 *   422 return_window_passed (REST) / RETURN_WINDOW_PASSED (GraphQL), nothing stored;
 * - RETURN_WINDOW_MONTHS, MH_RETURN_EVENT_PATH and MH_SPECIAL_OPERATION_EVENT_PATH take effect: a
 *   second service sends its events through a proxy that records the MH paths it calls;
 * - the documented special-operations example is sealed whatever the day, and a line dated past MH's
 *   deadline is rejected by MH (960), as docs/document-types.md says.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ManualClock } from '../../src/services/shared/clock';
import { feBody } from '../fixtures/document-bodies';
import { SPECIAL_OPERATION_EXAMPLE } from '../fixtures/document-type-examples';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startRecordingProxy, type RecordingProxy } from '../support/recording-proxy';
import { startTestApp, type TestApp } from '../support/test-app';

const RETURN_PATH = '/fesv/eventos/retorno';
const SPECIAL_OPERATION_PATH = '/fesv/eventos/operaciones-especiales';

// The test certificate is valid from the real "now": issuers are set up then, and the clock moved after.
const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;
let sim: MhSimulator;
let proxy: RecordingProxy;
let custom: TestApp;
let customIssuer: Issuer;

beforeAll(async () => {
  clock.set(new Date(Date.now() + 5_000));
  t = await startTestApp({}, { clock });
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06145151515151' });
  sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')), clock, returnWindowMonths: 1 });
  proxy = await startRecordingProxy(await sim.listen(0), { [RETURN_PATH]: '/fesv/recepciondte', [SPECIAL_OPERATION_PATH]: '/fesv/recepciondte' });
  custom = await startTestApp({
    MH_SIMULATOR_URL: proxy.url, RETURN_WINDOW_MONTHS: '1', MH_RETURN_EVENT_PATH: RETURN_PATH, MH_SPECIAL_OPERATION_EVENT_PATH: SPECIAL_OPERATION_PATH,
  }, { clock });
  customIssuer = await createIssuer(custom.url, custom.account.testKey, { nit: '06145252525252' });
}, 120_000);
afterAll(async () => {
  await custom.stop();
  await proxy.close();
  await sim.close();
  await t.stop();
});

const post = (app: TestApp, path: string, body: unknown) => request(app.url, 'POST', path, { key: app.account.testKey, body });
const eventCount = async (app: TestApp) => ((await app.app.services.deps.orm.em.getConnection().execute('select count(*)::int as n from dte_events')) as { n: number }[])[0].n;

/** An FE issued (and sealed by the simulator) at `at`. */
async function sealedFeAt(app: TestApp, who: Issuer, at: string): Promise<Record<string, any>> {
  clock.set(new Date(at));
  const r = await post(app, '/v1/documents', feBody(who));
  expect({ status: r.status, state: r.body.status }).toEqual({ status: 201, state: 'processed' });
  return r.body;
}

const RETURN = { lines: [{ num_item: 1, quantity: '1' }] };

describe('RETURN_WINDOW_MONTHS at its default (3)', () => {
  it.each([
    // 10:00 in El Salvador on 10 March → until 10 June 23:59:59 there (06:00 UTC the next day).
    ['sealed 2026-03-10', '2026-03-10T16:00:00Z', '2026-06-11T05:59:59Z', '2026-06-11T06:00:00Z', '2026-06-10'],
    // 31 August + 3 months has no 31st: the window ends on the month's last day, 30 November.
    ['sealed 2026-08-31 (clamped to the month end)', '2026-08-31T16:00:00Z', '2026-12-01T05:59:59Z', '2026-12-01T06:00:00Z', '2026-11-30'],
    // 23:30 on 31 January in El Salvador is already 1 February in UTC: the window counts from the 31st.
    ['sealed late on 2026-01-31, El Salvador time', '2026-02-01T05:30:00Z', '2026-05-01T05:59:59Z', '2026-05-01T06:00:00Z', '2026-04-30'],
  ])('%s: accepted at the last second, refused one second later with nothing stored', async (_label, sealedAt, lastSecond, tooLate, lastDay) => {
    const inTime = await sealedFeAt(t, issuer, sealedAt);
    const late = await sealedFeAt(t, issuer, sealedAt);

    clock.set(new Date(lastSecond));
    const ok = await post(t, `/v1/documents/${inTime.id}/returns`, RETURN);
    expect({ status: ok.status, state: ok.body.status }).toEqual({ status: 200, state: 'sealed' });

    clock.set(new Date(tooLate));
    const before = await eventCount(t);
    const r = await post(t, `/v1/documents/${late.id}/returns`, RETURN);
    expect({ status: r.status, type: r.body.type, detail: r.body.detail }).toEqual({
      status: 422, type: expect.stringMatching(/\/problems\/return_window_passed$/),
      detail: `El plazo para el retorno venció el ${lastDay} a las 23:59:59 (3 meses desde el sello del documento).`,
    });
    expect(await eventCount(t)).toBe(before);
    const list = await request(t.url, 'GET', `/v1/documents/${late.id}/returns`, { key: t.account.testKey });
    expect(list.body.data).toEqual([]);
    const after = await request(t.url, 'GET', `/v1/documents/${late.id}`, { key: t.account.testKey });
    expect(after.body.status).toBe('processed');
  });

  it('GraphQL createDocumentReturn answers the same refusal as data', async () => {
    const fe = await sealedFeAt(t, issuer, '2026-03-10T16:00:00Z');
    clock.set(new Date('2026-06-11T06:00:00Z'));
    const m = `mutation($id: ID!, $input: DocumentReturnInput!) { createDocumentReturn(documentId: $id, input: $input) { documentReturn { id } errors { code message } } }`;
    const before = await eventCount(t);
    const r = await graphql(t.url, t.account.testKey, m, { id: fe.id, input: { lines: [{ numItem: 1, quantity: '1' }] } });
    expect(r.body.data.createDocumentReturn).toEqual({
      documentReturn: null,
      errors: [{ code: 'RETURN_WINDOW_PASSED', message: 'El plazo para el retorno venció el 2026-06-10 a las 23:59:59 (3 meses desde el sello del documento).' }],
    });
    expect(await eventCount(t)).toBe(before);
  });
});

describe('the documented special-operations example', () => {
  it.each(['2026-03-10T16:00:00Z', '2026-11-28T16:00:00Z', '2027-08-16T16:00:00Z'])('is sealed when sent on %s', async (at) => {
    clock.set(new Date(at));
    const r = await post(t, `/v1/emitters/${issuer.emitterId}/special-operations`, SPECIAL_OPERATION_EXAMPLE);
    expect({ status: r.status, state: r.body.status, total: r.body.totals.total }).toEqual({ status: 200, state: 'sealed', total: '1532.34' });
  });

  it('a line dated 2026-10-31 sent on 2026-11-28, after the 10th business day of November, is rejected by MH with 960', async () => {
    clock.set(new Date('2026-11-28T16:00:00Z'));
    const dated = { ...SPECIAL_OPERATION_EXAMPLE, lines: [{ ...SPECIAL_OPERATION_EXAMPLE.lines[0], issued_on: '2026-10-31' }] };
    const r = await post(t, `/v1/emitters/${issuer.emitterId}/special-operations`, dated);
    expect({ status: r.status, state: r.body.status, code: r.body.mh_response.code }).toEqual({ status: 200, state: 'rejected', code: '960' });
    expect(r.body.mh_response.message).toMatch(/PLAZO PARA INFORMAR LAS OPERACIONES VENCIDO/);
  });
});

describe('RETURN_WINDOW_MONTHS=1, MH_RETURN_EVENT_PATH and MH_SPECIAL_OPERATION_EVENT_PATH set', () => {
  it('a return is accepted until the last second one month after the seal, refused one second later', async () => {
    const inTime = await sealedFeAt(custom, customIssuer, '2026-03-10T16:00:00Z');
    const late = await sealedFeAt(custom, customIssuer, '2026-03-10T16:00:00Z');
    clock.set(new Date('2026-04-11T05:59:59Z'));
    const ok = await post(custom, `/v1/documents/${inTime.id}/returns`, RETURN);
    expect({ status: ok.status, state: ok.body.status }).toEqual({ status: 200, state: 'sealed' });
    clock.set(new Date('2026-04-11T06:00:00Z'));
    const before = await eventCount(custom);
    const r = await post(custom, `/v1/documents/${late.id}/returns`, RETURN);
    expect({ status: r.status, detail: r.body.detail }).toEqual({
      status: 422, detail: 'El plazo para el retorno venció el 2026-04-10 a las 23:59:59 (1 mes desde el sello del documento).',
    });
    expect(await eventCount(custom)).toBe(before);
  });

  it('the return and the special-operations event go to their configured MH paths; documents stay on /fesv/recepciondte', async () => {
    const fe = await sealedFeAt(custom, customIssuer, '2026-05-04T16:00:00Z');
    const ret = await post(custom, `/v1/documents/${fe.id}/returns`, RETURN);
    expect({ status: ret.status, state: ret.body.status }).toEqual({ status: 200, state: 'sealed' });
    const op = await post(custom, `/v1/emitters/${customIssuer.emitterId}/special-operations`, SPECIAL_OPERATION_EXAMPLE);
    expect({ status: op.status, state: op.body.status }).toEqual({ status: 200, state: 'sealed' });

    const pathsOf = (tipoDte: string) => [...new Set(proxy.requests.filter((q) => q.method === 'POST' && q.tipoDte === tipoDte).map((q) => q.path))];
    expect({ returns: pathsOf('18'), specialOperations: pathsOf('17'), invoices: pathsOf('01') }).toEqual({
      returns: [RETURN_PATH], specialOperations: [SPECIAL_OPERATION_PATH], invoices: ['/fesv/recepciondte'],
    });
  });
});
