import { IdPrefix, newId } from '../../src/domain/shared/ids';
import { ManualClock } from '../../src/services/shared/clock';
import { FISCAL_LEASE_MS } from '../../src/services/fiscal/fiscal-work-lease';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { dbRows } from '../support/db-rows';
import { waitFor as waitUntil } from '../support/mh-control';

/**
 * Leases on fiscal work: the sweep re-runs a report or a period close only when its run's lease has
 * expired (the worker died), never a slow run that keeps renewing it; a run that lost its lease writes nothing.
 */
let t: TestApp;

const db = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => dbRows<T>(t.db.url, text, params);
let issuer: Issuer;
const waitFor = <T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => waitUntil(fn, timeoutMs);
const clock = new ManualClock();
const period = '2026-02';

/** A report row as the request service writes it, `minutesAgo` old, with an optional lease. */
async function insertReport(status: 'queued' | 'running', minutesAgo: number, lease?: { until: Date; token: string }): Promise<string> {
  const created = new Date(clock.now().getTime() - minutesAgo * 60_000);
  const id = newId(IdPrefix.fiscalReport, created.getTime());
  await db(
    `insert into fiscal_reports (id, account_id, environment, emitter_id, period, type, params, status, input_hash, rules_version, period_version, created_at, started_at, lease_until, lease_token)
     values ($1, $2, '00', $3, $4, 'f07_anexo1', '{}'::jsonb, $5, 'h', 'r', 1, $6, $7, $8, $9)`,
    [id, t.account.id, issuer.emitterId, period, status, created, lease ? created : null, lease?.until ?? null, lease?.token ?? null],
  );
  return id;
}

const reportRow = async (id: string) =>
  (await db<{ status: string; lease_token: string | null; lease_until: Date | null; started_at: Date | null }>('select status, lease_token, lease_until, started_at from fiscal_reports where id = $1', [id]))[0];
const outboxOf = (id: string) => db('select type from outbox_events where subject_id = $1', [id]);
const rowsOf = async (id: string) => (await db<{ n: number }>('select count(*)::int as n from fiscal_report_rows where report_id = $1', [id]))[0].n;

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' }, { clock });
  issuer = await createIssuer(t.url, t.account.testKey, { credentials: false });
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('fiscal work leases', () => {
  it('a generation that runs longer than 2 minutes keeps renewing its lease and is never swept', async () => {
    const id = await insertReport('queued', 0);
    const sweeps: number[] = [];
    const leases: number[] = [];
    const touch = async () => {
      clock.advance(90_000); // each step of this "slow" generation takes 90 s
      sweeps.push((await t.app.services.sweepFiscalWork.execute()).reports);
      leases.push((await reportRow(id)).lease_until!.getTime() - clock.now().getTime());
    };
    const done = await t.app.services.generateFiscalReport.execute(id, touch);
    expect(done.status).toBe('ready');
    expect(sweeps.length).toBeGreaterThanOrEqual(2); // ≥ 180 s in all, past the 2-minute grace
    expect(sweeps.every((n) => n === 0)).toBe(true);
    expect(leases.every((ms) => ms > 0)).toBe(true); // the lease was alive at every step
    const row = await reportRow(id);
    expect(row).toMatchObject({ status: 'ready', lease_until: null, started_at: expect.any(Date) });
    expect(await outboxOf(id)).toEqual([{ type: 'fiscal.report.ready' }]);
  });

  it('a report another live run holds is left alone: the sweep skips it and a second run does not touch it', async () => {
    const id = await insertReport('running', 5, { until: new Date(clock.now().getTime() + 60_000), token: 'live-run' });
    expect((await t.app.services.sweepFiscalWork.execute()).reports).toBe(0);
    const again = await t.app.services.generateFiscalReport.execute(id);
    expect(again).toEqual({ status: 'running', contentHash: null });
    expect(await reportRow(id)).toMatchObject({ status: 'running', lease_token: 'live-run' });
    expect(await rowsOf(id)).toBe(0);
    expect(await outboxOf(id)).toEqual([]);
  });

  it('a report whose worker died (lease expired) is swept and generated again', async () => {
    const id = await insertReport('running', 5, { until: new Date(clock.now().getTime() - 1_000), token: 'dead-run' });
    expect((await t.app.services.sweepFiscalWork.execute()).reports).toBe(1);
    const row = await waitFor(async () => {
      const r = await reportRow(id);
      return r.status === 'ready' ? r : null;
    });
    expect(row.lease_token).not.toBe('dead-run');
    expect(await outboxOf(id)).toEqual([{ type: 'fiscal.report.ready' }]);
  });

  it('a run that lost its lease to another writes nothing: no rows, no ready or failed, no event', async () => {
    const id = await insertReport('queued', 0);
    const takeover = async () => {
      await db(`update fiscal_reports set lease_token = 'other-run', lease_until = $2 where id = $1`, [id, new Date(clock.now().getTime() + FISCAL_LEASE_MS)]);
    };
    const done = await t.app.services.generateFiscalReport.execute(id, takeover);
    expect(done).toEqual({ status: 'running', contentHash: null });
    expect(await reportRow(id)).toMatchObject({ status: 'running', lease_token: 'other-run' });
    expect(await rowsOf(id)).toBe(0);
    expect(await db('select 1 from fiscal_report_files where report_id = $1', [id])).toEqual([]);
    expect(await outboxOf(id)).toEqual([]);
  });

  it('a period close held by a live run is neither swept nor run twice; once its lease expires it is swept and closed', async () => {
    const old = new Date(clock.now().getTime() - 10 * 60_000);
    await db(
      `insert into fiscal_periods (emitter_id, environment, period, status, version, updated_at, close_lease_until, close_lease_token) values ($1, '00', $2, 'closing', 1, $3, $4, 'live-close')`,
      [issuer.emitterId, period, old, new Date(clock.now().getTime() + 60_000)],
    );
    expect((await t.app.services.sweepFiscalWork.execute()).periods).toBe(0);
    await t.app.services.completeFiscalPeriodClose.execute({ accountId: t.account.id, emitterId: issuer.emitterId, environment: '00', period });
    const snapshots = () => db<{ n: number }>('select count(*)::int as n from fiscal_period_snapshots where emitter_id = $1 and period = $2', [issuer.emitterId, period]);
    expect(await snapshots()).toEqual([{ n: 0 }]);
    expect(await db('select status, close_lease_token from fiscal_periods where emitter_id = $1 and period = $2', [issuer.emitterId, period])).toEqual([{ status: 'closing', close_lease_token: 'live-close' }]);

    clock.advance(61_000); // the close's worker died: its lease runs out
    expect((await t.app.services.sweepFiscalWork.execute()).periods).toBe(1);
    await waitFor(async () => (await db<{ status: string }>('select status from fiscal_periods where emitter_id = $1 and period = $2', [issuer.emitterId, period]))[0].status === 'closed', 60_000);
    expect(await snapshots()).toEqual([{ n: 15 }]);
    expect(await db('select close_lease_until from fiscal_periods where emitter_id = $1 and period = $2', [issuer.emitterId, period])).toEqual([{ close_lease_until: null }]);
  }, 90_000);
});
