import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Async issuance without a job per document (ADR 0061): the documents committed `signed` are claimed
 * by the workers' pumps in batches (skip locked, each claim disjoint), transmitted and sealed once.
 */
describe('the transmission pump', () => {
  let api: TestApp;
  let issuer: Issuer;
  beforeAll(async () => {
    // An API process alone: nothing transmits until the test claims or a worker starts.
    api = await startTestApp({ ROLE: 'api' });
    issuer = await createIssuer(api.url, api.account.testKey, { nit: '06142525252525' });
  });
  afterAll(async () => api.stop());

  const issueAsync = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await request(api.url, 'POST', '/v1/documents?mode=async', { key: api.account.testKey, body: ccfBody(issuer) });
      expect(r.status).toBe(202);
      ids.push(r.body.id);
    }
    return ids;
  };

  it('concurrent batch claims take disjoint documents, each leased and counted once', async () => {
    const ids = await issueAsync(6);
    const store = api.app.services.deps.documents;
    const lease = new Date(Date.now() + 60_000);
    const [a, b] = await Promise.all([store.claimDue(4, lease), store.claimDue(4, lease)]);
    const claimed = [...a, ...b].map((d) => d.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed.sort()).toEqual([...ids].sort());
    // Leased: a third claim finds nothing.
    expect(await store.claimDue(4, lease)).toEqual([]);
    const rows = await dbRows<{ status: string; transmission_attempts: number }>(api.db.url, 'select status, transmission_attempts from documents where id = any($1)', [ids]);
    expect(rows.every((r) => r.status === 'sending' && r.transmission_attempts === 1)).toBe(true);
    // Let them go: the reconciler (or a pump, once the lease runs out) would take them again.
    await dbRows(api.db.url, `update documents set transmit_lease_until = now() - interval '1 second' where id = any($1)`, [ids]);
  });

  it('a worker started later seals every waiting document, with no job per document', async () => {
    const ids = await issueAsync(5);
    const worker = await startTestApp({ ROLE: 'worker', MH_SIMULATOR_URL: api.app.mhSimulatorUrl! }, { db: api.db, account: api.account });
    try {
      await waitFor(async () => (await dbRows<{ n: number }>(api.db.url, `select count(*)::int as n from documents where status = 'processed' and id = any($1)`, [ids]))[0].n === ids.length, 30_000, 100);
      const jobs = await dbRows<{ n: number }>(api.db.url, `select count(*)::int as n from agenda_jobs where name = 'transmit-document'`);
      expect(jobs[0].n).toBe(0);
      const seals = await dbRows<{ n: number }>(api.db.url, `select count(*)::int as n from document_events where type = 'sealed' and document_id = any($1)`, [ids]);
      expect(seals[0].n).toBe(ids.length);
    } finally {
      await worker.stop();
    }
  });
});
