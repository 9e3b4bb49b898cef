/**
 * The REST routes that call their service directly (ADR 0001: issue, retry, read a document, read an
 * emitter) answer exactly what the GraphQL operation they replaced gives through the same REST
 * serializer: the same resource, the same status, the same problem for a refusal.
 */
import { serializeDocument } from '../../rest-adapter/resources/document.resource';
import { documentView, type DocumentView } from '../../src/domain/documents';
import { documentViewOf, emitterViewOf, selectionOf } from '../support/view-selection';
import { emitterView, type EmitterWithCredentialsView } from '../../src/domain/emitter/emitter-view';
import { serializeEmitter } from '../../rest-adapter/resources/emitter.resource';

import { problemFromUserErrors } from '../../rest-adapter/problem';
import { feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { dbRows } from '../support/db-rows';
import { snakeKeysToCamel } from '../../rest-adapter/case-convert';
import { ERROR_CODES } from '../../src/domain/shared/error-codes';

const DOCUMENT_FIELDS = selectionOf(documentView, ['items', 'payment']);
/** Every field of the GraphQL Emitter the view declares (the REST resource's fields), its credentials included. */
const EMITTER_FIELDS = selectionOf(emitterView, ['credentials']);

let t: TestApp;
let issuer: Issuer;
beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey);
});
afterAll(async () => {
  await t.stop();
});

const key = () => t.account.testKey;
const json = (v: unknown) => JSON.parse(JSON.stringify(v));
const documentCount = async () => Number((await dbRows<{ n: string }>(t.db.url, 'select count(*) as n from documents'))[0].n);

describe('REST routes that call their service directly', () => {
  it('GET /v1/documents/{id} answers the GraphQL document(id) through the same serializer', async () => {
    const issued = await request(t.url, 'POST', '/v1/documents', { key: key(), body: feBody(issuer) });
    expect(issued.status).toBe(201);
    expect(issued.body.status).toBe('processed');
    const rest = await request(t.url, 'GET', `/v1/documents/${issued.body.id}`, { key: key() });
    const gql = await graphql(t.url, key(), `query($id: ID!) { document(id: $id) { ${DOCUMENT_FIELDS} } }`, { id: issued.body.id });
    expect(gql.body.errors).toBeUndefined();
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(json(serializeDocument(documentViewOf(gql.body.data.document) as DocumentView)));
    // The issuance's own answer is that document as it was sealed (only later events may follow).
    expect({ ...issued.body, events: issued.body.events.slice(0, 4) }).toEqual({ ...rest.body, events: rest.body.events.slice(0, 4) });
  });

  it('GET /v1/emitters/{id} answers the GraphQL emitter(id) with its credentials through the same serializer', async () => {
    const rest = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}`, { key: key() });
    const gql = await graphql(t.url, key(), `query($id: ID!) { emitter(id: $id) { ${EMITTER_FIELDS} } }`, { id: issuer.emitterId });
    expect(gql.body.errors).toBeUndefined();
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(json(serializeEmitter(emitterViewOf(gql.body.data.emitter) as EmitterWithCredentialsView)));
    expect(rest.body.credentials.map((c: { environment: string; certificate_loaded: boolean }) => [c.environment, c.certificate_loaded])).toEqual([
      ['00', true],
      ['01', false],
    ]);
  });

  it('another account reads neither: 404 on REST, null on GraphQL', async () => {
    const other = await t.newAccount('Otra');
    const rest = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}`, { key: other.testKey });
    const gql = await graphql(t.url, other.testKey, 'query($id: ID!) { emitter(id: $id) { id } }', { id: issuer.emitterId });
    expect(rest.status).toBe(404);
    expect(rest.body.type).toMatch(/\/problems\/resource_not_found$/);
    expect(gql.body.data.emitter).toBeNull();
  });

  it('an issuance refusal is the problem the mutation payload errors give, and nothing is stored', async () => {
    const before = await documentCount();
    const body = feBody(issuer, { establishment: 'M999' });
    const rest = await request(t.url, 'POST', '/v1/documents', { key: key(), body });
    const gql = await graphql(t.url, key(), 'mutation($input: DocumentCreateInput!) { issueDocument(input: $input) { document { id } errors { field code message } } }', {
      input: snakeKeysToCamel(body).value,
    });
    const errors = gql.body.data.issueDocument.errors;
    expect(errors.length).toBeGreaterThan(0);
    const expected = problemFromUserErrors(errors);
    expect(expected.errors!.map((e) => e.code)).toContain('unknown_establishment');
    expect(rest.status).toBe(ERROR_CODES[expected.code].status);
    expect(rest.body.type).toMatch(new RegExp(`/problems/${expected.code}$`));
    expect(rest.body.detail).toBe(expected.detail);
    expect(rest.body.errors.map((e: { code: string }) => e.code)).toEqual(expected.errors!.map((e) => e.code));
    expect(await documentCount()).toBe(before);
  });
});
