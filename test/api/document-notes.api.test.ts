/**
 * A document's `notes` (its observaciones as issued) through every door: the issuance's answer, the
 * dry run, GET and the list on REST, GraphQL, and the summary of its webhook events.
 */
import { feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { dbRows } from '../support/db-rows';

let t: TestApp;
let issuer: Issuer;
beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey);
});
afterAll(async () => {
  await t.stop();
});

const NOTE = 'Entregar en bodega 3 — horario de 8 a 12';

describe('Document.notes', () => {
  it('is answered by every door as issued', async () => {
    const key = t.account.testKey;
    const dry = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key, body: { ...feBody(issuer), notes: NOTE } });
    expect(dry.status).toBe(200);
    expect(dry.body.notes).toBe(NOTE);

    const issued = await request(t.url, 'POST', '/v1/documents', { key, body: { ...feBody(issuer), notes: NOTE } });
    expect(issued.status).toBe(201);
    expect(issued.body.notes).toBe(NOTE);
    const got = await request(t.url, 'GET', `/v1/documents/${issued.body.id}`, { key });
    expect(got.body.notes).toBe(NOTE);
    const list = await request(t.url, 'GET', `/v1/documents?emitter_id=${issuer.emitterId}`, { key });
    expect(list.body.data.find((d: { id: string }) => d.id === issued.body.id).notes).toBe(NOTE);

    const g = await graphql(t.url, key, 'query($id: ID!) { document(id: $id) { notes } }', { id: issued.body.id });
    expect(g.body).toEqual({ data: { document: { notes: NOTE } } });

    const events = await dbRows<{ type: string; data: Record<string, unknown> }>(t.db.url, 'select type, data from outbox_events where subject_id = $1', [issued.body.id]);
    expect(events.map((e) => [e.type, e.data.notes])).toEqual([['document.processed', NOTE]]);

    const plain = await request(t.url, 'POST', '/v1/documents', { key, body: feBody(issuer) });
    expect(plain.body.notes).toBeNull();
  });
});
