import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { crashIdempotentRequest, idempotencyRecord } from '../support/idempotency-crash';
import type { Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startIssuingApp } from '../support/issuing-app';
import type { TestApp } from '../support/test-app';

/**
 * `POST /v1/documents/{id}/retry` across a crash of the process that ran it: the retry with the same
 * Idempotency-Key answers the document as it is now (the replacement, for a correction that made
 * one), never 409 because the first run already got it sealed, never a second send or document.
 */
let t: TestApp;
let mh: MhControl;
let issuer: Issuer;

beforeAll(async () => {
  ({ t, mh, issuer } = await startIssuingApp({ SYNC_WAIT_MS: '8000' }));
});
afterAll(async () => {
  await t.stop();
});
afterEach(async () => {
  await mh.clear();
});

const post = (path: string, body?: unknown, idempotencyKey?: string) => request(t.url, 'POST', path, { key: t.account.testKey, body, idempotencyKey });
const get = (id: string) => request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
const documentCount = async () => (await dbRows<{ n: number }>(t.db.url, 'select count(*)::int as n from documents'))[0].n;
const crash = (key: string) => crashIdempotentRequest(t.db.url, key);
const eventTypes = (doc: { events: { type: string }[] }) => doc.events.map((e) => e.type);

async function rejected(observation = '[emisor.codActividad] NO CORRESPONDE A CONTRIBUYENTE') {
  await mh.fault({ mode: 'reject', code: '008', observations: [observation], count: 1, paths: ['/fesv/recepciondte'] });
  const d = await post('/v1/documents', ccfBody(issuer));
  expect(d.body.status).toBe('rejected');
  return d.body as { id: string; generation_code: string };
}

describe('POST /v1/documents/{id}/retry after a crash', () => {
  it('the retried document was sent and got sealed: the retry answers 200 with it as it is now, not 409 document_not_retryable', async () => {
    const doc = await rejected();
    const first = await post(`/v1/documents/${doc.id}/retry?mode=async`, undefined, 'retry-crash');
    expect(first.status).toBe(202);
    expect(await idempotencyRecord(t.db.url, 'retry-crash')).toMatchObject({ resources: [{ type: 'document_retry', id: doc.id }] });
    const processed = await waitFor(async () => ((await get(doc.id)).body.status === 'processed' ? (await get(doc.id)).body : null));
    await crash('retry-crash');
    const retry = await post(`/v1/documents/${doc.id}/retry?mode=async`, undefined, 'retry-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([200, null]);
    expect(retry.body).toEqual(processed);
    expect(eventTypes(retry.body)).toEqual(['created', 'signed', 'transmitted', 'rejected', 'retry', 'transmitted', 'sealed']);
    expect(await mh.reception(doc.generation_code)).toMatchObject({ received: 2, sealed: 1 });
    const again = await post(`/v1/documents/${doc.id}/retry?mode=async`, undefined, 'retry-crash');
    expect([again.headers.get('idempotency-replayed'), again.text]).toEqual(['true', retry.text]);
  });

  it('a correction that replaced the document: the retry answers 201 with that replacement, never a second one', async () => {
    const doc = await rejected('Campo #/identificacion/codigoGeneracion no cumple el formato requerido');
    const body = ccfBody(issuer);
    const first = await post(`/v1/documents/${doc.id}/retry`, body, 'replace-crash');
    expect([first.status, first.body.replaces_document_id]).toEqual([201, doc.id]);
    await crash('replace-crash');
    const docs = await documentCount();
    const retry = await post(`/v1/documents/${doc.id}/retry`, body, 'replace-crash');
    expect([retry.status, retry.headers.get('idempotency-replayed')]).toEqual([201, null]);
    expect(retry.body).toEqual((await get(first.body.id)).body);
    expect(await documentCount()).toBe(docs);
    expect(eventTypes((await get(doc.id)).body).filter((e) => e === 'replaced')).toHaveLength(1);
  });

  it('a correction whose process died between issuing the replacement and linking it to the rejected document: the retry completes the link', async () => {
    const doc = await rejected('Campo #/identificacion/codigoGeneracion no cumple el formato requerido');
    const body = ccfBody(issuer);
    const first = await post(`/v1/documents/${doc.id}/retry`, body, 'replace-unlinked');
    await dbRows(t.db.url, 'update documents set replaced_by_document_id = null where id = $1', [doc.id]);
    await dbRows(t.db.url, 'update documents set replaces_document_id = null where id = $1', [first.body.id]);
    await dbRows(t.db.url, `delete from document_events where document_id = $1 and type = 'replaced'`, [doc.id]);
    await crash('replace-unlinked');
    const docs = await documentCount();
    const retry = await post(`/v1/documents/${doc.id}/retry`, body, 'replace-unlinked');
    expect([retry.status, retry.body.id, retry.body.replaces_document_id]).toEqual([201, first.body.id, doc.id]);
    expect((await get(doc.id)).body.replaced_by_document_id).toBe(first.body.id);
    expect(await documentCount()).toBe(docs);
  });

  it('GraphQL retryDocument with an Idempotency-Key resolves the same way', async () => {
    const doc = await rejected();
    const mutation = 'mutation($id: ID!) { retryDocument(id: $id) { document { id status controlNumber } replaced errors { code } } }';
    const first = await graphql(t.url, t.account.testKey, mutation, { id: doc.id }, { 'Idempotency-Key': 'gql-retry-crash' });
    expect(first.body.data.retryDocument).toMatchObject({ document: { id: doc.id, status: 'PROCESSED' }, errors: [] });
    await crash('gql-retry-crash');
    const retry = await graphql(t.url, t.account.testKey, mutation, { id: doc.id }, { 'Idempotency-Key': 'gql-retry-crash' });
    expect(retry.body.data.retryDocument).toEqual(first.body.data.retryDocument);
    expect(await mh.reception(doc.generation_code)).toMatchObject({ received: 2, sealed: 1 });
  });
});
