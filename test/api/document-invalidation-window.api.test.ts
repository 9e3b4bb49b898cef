import { createBusinessCalendar, MH_DEFAULT_NON_BUSINESS_DAYS } from '../../src/domain/mh-rules/business-calendar';
import { invalidationDeadline } from '../../src/domain/mh-rules/invalidation-deadline';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import type { Issuer } from '../support/issuer';
import { MhControl } from '../support/mh-control';
import { startIssuingApp } from '../support/issuing-app';
import type { TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;
let mh: MhControl;

beforeAll(async () => {
  ({ t, mh, issuer } = await startIssuingApp({ SYNC_WAIT_MS: '8000' }));
});
afterAll(async () => {
  await t.stop();
});

const WINDOW = 'query($id: ID!) { document(id: $id) { status processedAt invalidationWindow { lastDay endsAt rule open } } }';

describe('Document.invalidationWindow (GraphQL)', () => {
  it.each([
    ['FE: three months from the seal', feBody, 'three_months'],
    ['CCF: tenth business day of the next month (MF-2.0)', ccfBody, 'tenth_business_day'],
  ])('%s', async (_label, body, rule) => {
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: body(issuer) });
    expect(d.body.status).toBe('processed');
    const r = await graphql(t.url, t.account.testKey, WINDOW, { id: d.body.id });
    const doc = r.body.data.document;
    const expected = invalidationDeadline({ tipoDte: d.body.type, sealedAt: new Date(doc.processedAt), regime: 'MF-2.0', calendar: createBusinessCalendar(MH_DEFAULT_NON_BUSINESS_DAYS) });
    expect(doc.invalidationWindow).toEqual({ lastDay: expected.lastDay, endsAt: expected.endsAt.toISOString(), rule, open: true });
    expect(doc.invalidationWindow.lastDay > doc.processedAt.slice(0, 10)).toBe(true);
  });

  it('is null for a document without a seal (rejected)', async () => {
    await mh.fault({ mode: 'reject', code: '008', observations: ['[emisor.codActividad] NO CORRESPONDE'], count: 1, paths: ['/fesv/recepciondte'] });
    const d = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(d.body.status).toBe('rejected');
    const r = await graphql(t.url, t.account.testKey, WINDOW, { id: d.body.id });
    expect(r.body.data.document).toMatchObject({ status: 'REJECTED', invalidationWindow: null });
  });
});
