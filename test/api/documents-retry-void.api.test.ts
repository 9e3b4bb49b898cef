import { localDateTime } from '../../src/domain/mh-rules/el-salvador-time';
import { ccfBody, feBody, ncBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import type { Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startIssuingApp } from '../support/issuing-app';
import type { TestApp } from '../support/test-app';
import { dbRows } from '../support/db-rows';

let t: TestApp;
let mh: MhControl;
let issuer: Issuer;
const people = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Luis Díaz', document_type: '13', document_number: '07654321-0' } };

beforeAll(async () => {
  // MH's default timeout: with a short one a slow answer on a loaded machine is queried and resent, and an injected rejection is lost.
  ({ t, mh, issuer } = await startIssuingApp({ SYNC_WAIT_MS: '8000', CONTINGENCY_RECHECK_MS: '500' }));
});
afterAll(async () => {
  await t.stop();
});
afterEach(async () => {
  await mh.clear();
});

const post = (path: string, body?: unknown) => request(t.url, 'POST', path, { key: t.account.testKey, body });

describe('POST /v1/documents/{id}/retry', () => {
  it('a processed document cannot be retried: 409 explaining why; retry never produces a second seal', async () => {
    const d = await post('/v1/documents', ccfBody(issuer));
    const r = await post(`/v1/documents/${d.body.id}/retry`);
    expect(r.status).toBe(409);
    expect(r.body.type).toMatch(/document_not_retryable$/);
    expect(r.body.detail).toMatch(/procesado/);
    expect(await mh.reception(d.body.generation_code)).toMatchObject({ received: 1, sealed: 1 });
  });

  it('rejected, without body: the same JSON is sent again', async () => {
    await mh.fault({ mode: 'reject', code: '008', observations: ['[emisor.codActividad] NO CORRESPONDE A CONTRIBUYENTE'], count: 1, paths: ['/fesv/recepciondte'] });
    const d = await post('/v1/documents', ccfBody(issuer));
    expect(d.body.status).toBe('rejected');
    const before = (await request(t.url, 'GET', `/v1/documents/${d.body.id}/json`, { key: t.account.testKey })).body.firmaElectronica;
    const r = await post(`/v1/documents/${d.body.id}/retry`);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('processed');
    const after = (await request(t.url, 'GET', `/v1/documents/${d.body.id}/json`, { key: t.account.testKey })).body.firmaElectronica;
    expect(after).toBe(before);
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'rejected', 'retry', 'transmitted', 'sealed']);
  });

  it('rejected, corrected within 24 h: rebuilt and re-signed keeping the generation code and control number', async () => {
    await mh.fault({ mode: 'reject', code: '020', observations: ['[resumen.totalIva] CALCULO INCORRECTO'], count: 1, paths: ['/fesv/recepciondte'] });
    const d = await post('/v1/documents', ccfBody(issuer));
    expect(d.body.status).toBe('rejected');
    const corrected = ccfBody(issuer, { items: [{ type: '1', description: 'Servicio corregido', quantity: '1', unit_code: '59', unit_price: '1500.00', tax: 'gravada' }] });
    const r = await post(`/v1/documents/${d.body.id}/retry`, corrected);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: d.body.id, status: 'processed', generation_code: d.body.generation_code, control_number: d.body.control_number, totals: { total: '1695.00' } });
    expect(r.body.events.map((e: { type: string }) => e.type)).toContain('corrected');
    const json = await request(t.url, 'GET', `/v1/documents/${d.body.id}/json`, { key: t.account.testKey });
    expect(json.body.cuerpoDocumento[0].descripcion).toBe('Servicio corregido');
    expect(await mh.reception(d.body.generation_code)).toMatchObject({ sealed: 1 });
  });

  it('rejected about the generation code: a new document replaces it', async () => {
    await mh.fault({ mode: 'reject', code: '096', observations: ['Campo #/identificacion/codigoGeneracion no cumple el formato requerido'], count: 1, paths: ['/fesv/recepciondte'] });
    const d = await post('/v1/documents', ccfBody(issuer));
    expect(d.body.status).toBe('rejected');
    const r = await post(`/v1/documents/${d.body.id}/retry`, ccfBody(issuer));
    expect(r.status).toBe(201);
    expect(r.body.id).not.toBe(d.body.id);
    expect(r.body.generation_code).not.toBe(d.body.generation_code);
    expect(r.body.replaces_document_id).toBe(d.body.id);
    const old = await request(t.url, 'GET', `/v1/documents/${d.body.id}`, { key: t.account.testKey });
    expect(old.body.replaced_by_document_id).toBe(r.body.id);
  });

  it('a correction after 24 h issues a new document (clock moved)', async () => {
    await mh.fault({ mode: 'reject', code: '020', observations: ['[resumen.totalIva] CALCULO INCORRECTO'], count: 1, paths: ['/fesv/recepciondte'] });
    const d = await post('/v1/documents', ccfBody(issuer));
    await t.app.services.deps.orm.em.getConnection().execute(`update documents set rejected_at = now() - interval '25 hours' where id = ?`, [d.body.id]);
    const r = await post(`/v1/documents/${d.body.id}/retry`, ccfBody(issuer));
    expect(r.status).toBe(201);
    expect(r.body.replaces_document_id).toBe(d.body.id);
  });

  it('a corrected body on a document that is not rejected → 409', async () => {
    const d = await post('/v1/documents?mode=async', ccfBody(issuer));
    const r = await post(`/v1/documents/${d.body.id}/retry`, ccfBody(issuer));
    expect(r.status).toBe(409);
  });
});

describe('POST /v1/documents/{id}/invalidate', () => {
  it('a processed FE becomes voided with void and voided_at; again → same answer (idempotent)', async () => {
    const d = await post('/v1/documents', feBody(issuer));
    const replacement = await post('/v1/documents', feBody(issuer));
    const r = await post(`/v1/documents/${d.body.id}/invalidate`, { reason_type: '1', replacement_document_id: replacement.body.id, ...people });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('voided');
    expect(r.body.voided_at).toEqual(expect.any(String));
    expect(r.body.void).toMatchObject({ reason_type: '1', replacement_document_id: replacement.body.id, status: 'sealed', reception_stamp: expect.stringMatching(/^[A-Z0-9]{40}$/) });
    expect(r.body.events.map((e: { type: string }) => e.type).slice(-2)).toEqual(['invalidation_requested', 'voided']);
    const again = await post(`/v1/documents/${d.body.id}/invalidate`, { reason_type: '1', replacement_document_id: replacement.body.id, ...people });
    expect(again.status).toBe(200);
    expect(again.body.void.reception_stamp).toBe(r.body.void.reception_stamp);
    const events = await mh.events();
    expect(events.filter((e) => e.kind === 'invalidation' && e.generation_code && e.status).length).toBeGreaterThanOrEqual(1);
  });

  it('type 2 (rescind) needs no replacement; GraphQL works the same', async () => {
    const d = await post('/v1/documents', ccfBody(issuer));
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($id: ID!, $input: InvalidateDocumentInput!) { invalidateDocument(id: $id, input: $input) { outcome document { status void { reasonType status } } errors { field code message } } }`,
      { id: d.body.id, input: { reasonType: '2', reason: 'Operación rescindida', responsible: { name: 'Ana', documentType: '13', documentNumber: '01234567-8' }, requester: { name: 'Luis', documentType: '13', documentNumber: '07654321-0' } } },
    );
    expect(g.body.data.invalidateDocument).toEqual({ outcome: 'sealed', document: { status: 'VOIDED', void: { reasonType: '2', status: 'sealed' } }, errors: [] });
  });

  it.each([
    ['type 1 without replacement', () => ({ reason_type: '1', ...people }), 'replacement_document_id', 'replacement_required'],
    ['type 3 without reason', () => ({ reason_type: '3', replacement_document_id: 'doc_x', ...people }), 'reason', 'required'],
    ['type 2 with a replacement', () => ({ reason_type: '2', replacement_document_id: 'doc_x', ...people }), 'replacement_document_id', 'replacement_required'],
    ['an unknown reason type', () => ({ reason_type: '4', ...people }), 'reason_type', 'invalid_value'],
  ])('refuses %s with a Spanish problem', async (_label, body, path, code) => {
    const d = await post('/v1/documents', ccfBody(issuer));
    const r = await post(`/v1/documents/${d.body.id}/invalidate`, body());
    expect(r.status).toBe(422);
    expect(r.body.type).toMatch(/validation_failed$/);
    expect(r.body.errors[0]).toMatchObject({ path, code });
    expect((await request(t.url, 'GET', `/v1/documents/${d.body.id}`, { key: t.account.testKey })).body.status).toBe('processed');
  });

  it('refuses a document in the wrong state and one past the deadline', async () => {
    await mh.fault({ mode: 'reject', code: '020', count: 1, paths: ['/fesv/recepciondte'] });
    const rejected = await post('/v1/documents', ccfBody(issuer));
    const r1 = await post(`/v1/documents/${rejected.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r1.status).toBe(409);
    expect(r1.body.type).toMatch(/document_not_invalidatable$/);
    const old = await post('/v1/documents', ccfBody(issuer));
    await t.app.services.deps.orm.em.getConnection().execute(`update documents set processed_at = now() - interval '70 days' where id = ?`, [old.body.id]);
    const r2 = await post(`/v1/documents/${old.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r2.status).toBe(422);
    expect(r2.body.type).toMatch(/invalidation_deadline_passed$/);
    expect(r2.body.detail).toMatch(/venció/);
  });

  it('a CCF with an active credit note cannot be invalidated until the note is', async () => {
    const ccf = await post('/v1/documents', ccfBody(issuer));
    const nc = await post('/v1/documents', ncBody(issuer, { generationCode: ccf.body.generation_code, issuedOn: localDateTime(new Date(ccf.body.issued_at)).date }));
    expect(nc.body.status).toBe('processed');
    const r = await post(`/v1/documents/${ccf.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r.status).toBe(409);
    const n = await post(`/v1/documents/${nc.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(n.body.status).toBe('voided');
    const r2 = await post(`/v1/documents/${ccf.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r2.body.status).toBe('voided');
  });

  it('MH refusing the event while the client waits: 422 invalidation_rejected with MH\'s answer in mh; the document stays processed', async () => {
    const d = await post('/v1/documents', ccfBody(issuer));
    const outboxBefore = await dbRows(t.db.url, 'select type from outbox_events where subject_id = $1 order by id', [d.body.id]);
    await mh.fault({ mode: 'reject', code: '096', message: 'DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO', observations: ['[documento.fecEmi] FECHA NO VALIDA'], count: 1, paths: ['/fesv/anulardte'] });
    const r = await post(`/v1/documents/${d.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r.status).toBe(422);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(r.body).toMatchObject({ type: expect.stringMatching(/\/problems\/invalidation_rejected$/), title: 'El MH rechazó la invalidación', status: 422 });
    expect(r.body.detail).toBe(
      'El MH rechazó el evento de invalidación (096): DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO. Observaciones: [documento.fecEmi] FECHA NO VALIDA. El documento sigue procesado.',
    );
    expect(r.body.mh).toEqual({ codigoMsg: '096', descripcionMsg: 'DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO', observaciones: ['[documento.fecEmi] FECHA NO VALIDA'] });
    const g = await request(t.url, 'GET', `/v1/documents/${d.body.id}`, { key: t.account.testKey });
    expect(g.body.status).toBe('processed');
    expect(g.body.voided_at).toBeNull();
    expect(g.body.void).toEqual({
      reason_type: '2', reason: null, replacement_document_id: null, reception_stamp: null, status: 'rejected',
      mh_response: { code: '096', message: 'DOCUMENTO NO CUMPLE CON NORMATIVA DE CUMPLIMIENTO', observations: ['[documento.fecEmi] FECHA NO VALIDA'] },
    });
    expect(g.body.events.map((e: { type: string }) => e.type).slice(-2)).toEqual(['invalidation_requested', 'invalidation_rejected']);
    // No document.voided (nor any other) event went out.
    expect(await dbRows(t.db.url, 'select type from outbox_events where subject_id = $1 order by id', [d.body.id])).toEqual(outboxBefore);
    // A new request can try again; MH seals it this time.
    const again = await post(`/v1/documents/${d.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(again.status).toBe(200);
    expect(again.body.void).toMatchObject({ status: 'sealed', mh_response: { code: '001' } });
  });

  it('GraphQL: the same refusal as data, INVALIDATION_REJECTED with mh', async () => {
    const d = await post('/v1/documents', feBody(issuer));
    await mh.fault({ mode: 'reject', code: '004', observations: [], count: 1, paths: ['/fesv/anulardte'] });
    const g = await graphql(
      t.url,
      t.account.testKey,
      `mutation($id: ID!, $input: InvalidateDocumentInput!) { invalidateDocument(id: $id, input: $input) { outcome document { id } errors { field code message mh { codigoMsg descripcionMsg observaciones } } } }`,
      { id: d.body.id, input: { reasonType: '2', responsible: { name: 'Ana', documentType: '13', documentNumber: '01234567-8' }, requester: { name: 'Luis', documentType: '13', documentNumber: '07654321-0' } } },
    );
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.invalidateDocument).toEqual({
      outcome: null,
      document: null,
      errors: [{
        field: null,
        code: 'INVALIDATION_REJECTED',
        message: 'El MH rechazó el evento de invalidación (004): [identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR. El documento sigue procesado.',
        mh: { codigoMsg: '004', descripcionMsg: '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR', observaciones: [] },
      }],
    });
    const doc = await graphql(t.url, t.account.testKey, `query($id: ID!) { document(id: $id) { status void { status mhResponse { code } } } }`, { id: d.body.id });
    expect(doc.body.data.document).toEqual({ status: 'PROCESSED', void: { status: 'rejected', mhResponse: { code: '004' } } });
  });

  it('MH not answering: 202 with void.status pending', async () => {
    const d = await post('/v1/documents', ccfBody(issuer));
    await mh.fault({ mode: 'error', status: 503, count: 1, paths: ['/fesv/anulardte'] });
    const r = await post(`/v1/documents/${d.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r.status).toBe(202);
    expect(r.body.status).toBe('processed');
    expect(r.body.void).toMatchObject({ status: 'pending' });
    // The send-invalidation job tries again once MH answers.
    const voided = await waitFor(async () => {
      const g = await request(t.url, 'GET', `/v1/documents/${d.body.id}`, { key: t.account.testKey });
      return g.body.status === 'voided' ? g.body : null;
    }, 20_000);
    expect(voided.void).toMatchObject({ status: 'sealed' });
  }, 30_000);

  it('a refusal that arrives after the 202 shows on the document (void.status rejected with MH\'s answer) and in events[]', async () => {
    const d = await post('/v1/documents', ccfBody(issuer));
    await mh.fault({ mode: 'error', status: 503, count: 1, paths: ['/fesv/anulardte'] });
    await mh.fault({ mode: 'reject', code: '096', observations: ['[motivo.nombreSolicita] VALOR NO VALIDO'], count: 1, paths: ['/fesv/anulardte'] });
    const r = await post(`/v1/documents/${d.body.id}/invalidate`, { reason_type: '2', ...people });
    expect(r.status).toBe(202);
    const refused = await waitFor(async () => {
      const g = await request(t.url, 'GET', `/v1/documents/${d.body.id}`, { key: t.account.testKey });
      return g.body.void?.status === 'rejected' ? g.body : null;
    }, 20_000);
    expect(refused.status).toBe('processed');
    expect(refused.void.mh_response).toEqual({ code: '096', message: 'DOCUMENTO NO CUMPLE ESQUEMA JSON', observations: ['[motivo.nombreSolicita] VALOR NO VALIDO'] });
    expect(refused.events.at(-1)).toMatchObject({ type: 'invalidation_rejected', message: 'El MH rechazó la invalidación (096): DOCUMENTO NO CUMPLE ESQUEMA JSON' });
  }, 30_000);
});
