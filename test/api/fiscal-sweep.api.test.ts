import { IdPrefix, newId } from '../../src/domain/shared/ids';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { dbRows } from '../support/db-rows';
import { waitFor as waitUntil } from '../support/mh-control';

let t: TestApp;
let issuer: Issuer;
let period: string;
const waitFor = <T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => waitUntil(fn, timeoutMs);

const db = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => dbRows<T>(t.db.url, text, params);

const get = (path: string, key = t.account.testKey) => request(t.url, 'GET', path, { key });
const post = (path: string, body?: unknown, key = t.account.testKey) => request(t.url, 'POST', path, { key, body });

const reportsPath = () => `/v1/emitters/${issuer.emitterId}/fiscal/reports`;

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  const d = await post('/v1/documents', ccfBody(issuer));
  expect(d.body.status).toBe('processed');
  const json = await get(`/v1/documents/${d.body.id}/json`);
  period = String(json.body.identificacion.fecEmi).slice(0, 7);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('sweep of stuck fiscal work', () => {
  it('re-enqueues a report left queued without a job (older than 2 minutes) and it becomes ready; fresh and ready reports are left alone', async () => {
    const old = new Date(Date.now() - 5 * 60_000);
    const id = newId(IdPrefix.fiscalReport, old.getTime());
    await db(
      `insert into fiscal_reports (id, account_id, environment, emitter_id, period, type, params, status, input_hash, rules_version, period_version, created_at)
       values ($1, $2, '00', $3, $4, 'f07_anexo1', '{}'::jsonb, 'queued', 'stuck', 'stuck', 1, $5)`,
      [id, t.account.id, issuer.emitterId, period, old],
    );
    // A queued report younger than the grace period is not touched.
    const freshId = newId(IdPrefix.fiscalReport, Date.now());
    await db(
      `insert into fiscal_reports (id, account_id, environment, emitter_id, period, type, params, status, input_hash, rules_version, period_version, created_at)
       values ($1, $2, '00', $3, $4, 'f07_anexo2', '{}'::jsonb, 'queued', 'fresh', 'fresh', 1, now())`,
      [freshId, t.account.id, issuer.emitterId, period],
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect((await db('select status from fiscal_reports where id = $1', [id]))[0].status).toBe('queued'); // no job: nothing happens on its own

    const swept = await t.app.services.sweepFiscalWork.execute();
    expect(swept.reports).toBe(1);
    const ready = await waitFor(async () => {
      const r = await get(`${reportsPath()}/${id}`);
      return r.body.status === 'ready' ? r.body : null;
    });
    expect(ready).toMatchObject({ row_count: 1, input_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await db('select status from fiscal_reports where id = $1', [freshId]))[0].status).toBe('queued');

    // Generation is idempotent: running it again on the ready report keeps it as it is.
    const before = await db<{ completed_at: Date }>('select completed_at from fiscal_reports where id = $1', [id]);
    const again = await t.app.services.generateFiscalReport.execute(id);
    expect(again.status).toBe('ready');
    expect(await db('select completed_at from fiscal_reports where id = $1', [id])).toEqual(before);
    expect(await db("select type from outbox_events where subject_id = $1", [id])).toEqual([{ type: 'fiscal.report.ready' }]);
    expect((await t.app.services.sweepFiscalWork.execute()).reports).toBe(0);
  });

  it('re-enqueues a period left closing for more than 2 minutes and it becomes closed', async () => {
    await db(
      `insert into fiscal_periods (emitter_id, environment, period, status, version, updated_at) values ($1, '00', $2, 'closing', 1, now() - interval '5 minutes')`,
      [issuer.emitterId, period],
    );
    const swept = await t.app.services.sweepFiscalWork.execute();
    expect(swept.periods).toBe(1);
    const closed = await waitFor(async () => {
      const r = await get(`/v1/emitters/${issuer.emitterId}/fiscal/periods`);
      return r.body.data[0].status === 'closed' ? r.body.data[0] : null;
    }, 60_000);
    expect(closed).toMatchObject({ period, status: 'closed', version: 1 });
    expect(await db("select count(*)::int as n from fiscal_period_snapshots where emitter_id = $1 and period = $2", [issuer.emitterId, period])).toEqual([{ n: 15 }]);
  }, 90_000);
});
