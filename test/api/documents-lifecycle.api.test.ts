import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startIssuingApp } from '../support/issuing-app';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let mh: MhControl;
let issuer: Issuer;

beforeAll(async () => {
  ({ t, mh, issuer } = await startIssuingApp({ MH_TIMEOUT_MS: '2500', MH_RESEND_LIMIT: '2', SYNC_WAIT_MS: '15000', CONTINGENCY_RECHECK_MS: '300', LOTE_POLL_MS: '200' }));
});
afterAll(async () => {
  await t.stop();
});
afterEach(async () => {
  await mh.clear();
});

const get = (id: string) => request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });

describe('issuance modes', () => {
  it('sync: 201 with the document processed and a 40-character seal, sealed once at MH', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('processed');
    expect(r.body.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
    expect(r.body.processed_at).toEqual(expect.any(String));
    expect(r.body.mh_response).toEqual({ code: '001', message: 'RECIBIDO', observations: [] });
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'sealed']);
    expect(await mh.reception(r.body.generation_code)).toMatchObject({ received: 1, sealed: 1 });
    const file = await request(t.url, 'GET', `/v1/documents/${r.body.id}/json`, { key: t.account.testKey });
    expect(file.body.selloRecibido).toBe(r.body.reception_stamp);
  });

  it('async: 202 at once, then processed', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: feBody(issuer) });
    expect(r.status).toBe(202);
    expect(['signed', 'sending', 'processed']).toContain(r.body.status);
    const done = await waitFor(async () => {
      const d = await get(r.body.id);
      return d.body.status === 'processed' ? d.body : null;
    });
    expect(done.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
    expect(done.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'sealed']);
  });

  it('sync with MH slower than SYNC_WAIT_MS: 202, the transmission goes on', async () => {
    const slow = await startTestApp({ SYNC_WAIT_MS: '200', MH_TIMEOUT_MS: '5000' });
    try {
      const ctl = new MhControl(slow.app.mhSimulatorUrl!);
      const i = await createIssuer(slow.url, slow.account.testKey);
      await ctl.fault({ mode: 'latency', ms: 1000, count: 1, paths: ['/fesv/recepciondte'] });
      const r = await request(slow.url, 'POST', '/v1/documents', { key: slow.account.testKey, body: ccfBody(i) });
      expect(r.status).toBe(202);
      expect(r.body.status).toBe('sending');
      await waitFor(async () => (await request(slow.url, 'GET', `/v1/documents/${r.body.id}`, { key: slow.account.testKey })).body.status === 'processed');
    } finally {
      await slow.stop();
    }
  });
});

describe('MH answers', () => {
  it('a rejection: 200 with status rejected, MH code and observations kept', async () => {
    await mh.fault({ mode: 'reject', code: '020', observations: ['[resumen.totalIva] CALCULO INCORRECTO'], count: 1, paths: ['/fesv/recepciondte'] });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('rejected');
    expect(r.body.reception_stamp).toBeNull();
    expect(r.body.mh_response).toMatchObject({ code: '020', observations: ['[resumen.totalIva] CALCULO INCORRECTO'] });
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'rejected']);
  });

  it('a timeout is followed by a query: when MH did seal it, the seal is adopted without resending', async () => {
    await mh.fault({ mode: 'timeout', count: 1, process: true, paths: ['/fesv/recepciondte'] });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(201);
    expect(await mh.reception(r.body.generation_code)).toMatchObject({ received: 1, sealed: 1 });
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'sealed']);
  });

  it('5xx twice then an answer: resent (after querying) and processed once', async () => {
    await mh.fault({ mode: 'error', status: 503, count: 2, paths: ['/fesv/recepciondte'] });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(201);
    const rec = await mh.reception(r.body.generation_code);
    expect(rec).toMatchObject({ sealed: 1 });
    // Every send is in the history, before the seal: the first one and two resends.
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'transmitted', 'transmitted', 'sealed']);
    expect(r.body.events.filter((e: { type: string }) => e.type === 'transmitted').map((e: { message: string }) => e.message)).toEqual([
      'Enviado al MH.',
      'Reenviado al MH (envío 2) después de consultar su estado.',
      'Reenviado al MH (envío 3) después de consultar su estado.',
    ]);
  });

  it('no answer after the resend limit → contingency; when MH is back: event, lote, processed', async () => {
    await mh.fault({ mode: 'down', duration_ms: 2500 });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(202);
    expect(r.body.status).toBe('contingency');
    // During the outage new documents are contingency documents from the start.
    const during = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect(during.status).toBe(202);
    expect(during.body.status).toBe('contingency');
    const json = await request(t.url, 'GET', `/v1/documents/${during.body.id}/json`, { key: t.account.testKey });
    expect(json.body.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    const [a, b] = await Promise.all(
      [r.body.id, during.body.id].map((id) => waitFor(async () => {
        const d = await get(id);
        return d.body.status === 'processed' ? d.body : null;
      }, 30_000)),
    );
    expect(a.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
    expect(b.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
    const events = await mh.events();
    expect(events.filter((e) => e.kind === 'contingency' && e.status === 'RECIBIDO').length).toBeGreaterThanOrEqual(1);
    for (const d of [a, b]) expect(await mh.reception(d.generation_code)).toMatchObject({ sealed: 1 });
    // The first one was signed normally, never reached MH, and was re-signed as a contingency document.
    const first = await request(t.url, 'GET', `/v1/documents/${a.id}/json`, { key: t.account.testKey });
    expect(first.body.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2 });
    expect(first.body.identificacion.codigoGeneracion).toBe(a.generation_code);
    expect(first.body.identificacion.numeroControl).toBe(a.control_number);
    // Sent in a lote after the event: `transmitted` (naming the lote) comes right before `sealed`.
    for (const d of [a, b]) {
      const types = d.events.map((e: { type: string }) => e.type);
      expect(types.slice(-2)).toEqual(['transmitted', 'sealed']);
      expect(d.events.at(-2).message).toMatch(/^Enviado al MH en el lote [0-9A-F-]{36}\.$/);
    }
    expect(b.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'contingency', 'contingency', 'transmitted', 'sealed']);
  }, 60_000);

  it('a lote whose answer is lost is sent again; MH answers duplicates, the service asks and ends processed', async () => {
    await mh.fault({ mode: 'down', duration_ms: 2000 });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect(r.body.status).toBe('contingency');
    // MH receives the first lote but its answer never arrives.
    await mh.fault({ mode: 'timeout', process: true, count: 1, paths: ['/fesv/recepcionlote'] });
    const done = await waitFor(async () => {
      const d = await get(r.body.id);
      return d.body.status === 'processed' ? d.body : null;
    }, 40_000);
    expect(done.reception_stamp).toMatch(/^[A-Z0-9]{40}$/);
    expect(await mh.reception(done.generation_code)).toMatchObject({ sealed: 1 });
  }, 60_000);
});
