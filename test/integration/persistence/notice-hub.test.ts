import { createPgNoticeHub, type PgNoticeHub } from '../../../src/integrations/events/notify-channel';
import { createLogger } from '../../../src/config/logger';
import { dbRows } from '../../support/db-rows';
import { waitFor } from '../../support/mh-control';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * One LISTEN connection for every notice channel of a process, re-made after PostgreSQL drops it
 * (pg_terminate_backend here): every channel listens again and hears the notices sent after.
 */
describe('the notice hub', () => {
  let db: TestDatabase;
  let hub: PgNoticeHub;
  beforeAll(async () => {
    db = await createTestDatabase();
    hub = createPgNoticeHub({ connectionString: db.url, application_name: 'dte-notice-hub-test' }, createLogger('silent'));
  });
  afterAll(async () => {
    await hub.close();
    await db.drop();
  });

  const connections = async () => (await dbRows<{ n: number }>(db.url, `select count(*)::int as n from pg_stat_activity where application_name = 'dte-notice-hub-test'`))[0].n;

  it('listens on every channel over one connection and hears each notice once', async () => {
    const a = hub.channel<{ n: number }>('dte_hub_a');
    const b = hub.channel<{ n: number }>('dte_hub_b');
    await hub.ready();
    const heardA: number[] = [];
    const heardB: number[] = [];
    a.subscribe((e) => heardA.push(e.n));
    b.subscribe((e) => heardB.push(e.n));
    expect(await connections()).toBe(1);
    await dbRows(db.url, `select pg_notify('dte_hub_a', '{"n":1}'), pg_notify('dte_hub_b', '{"n":2}'), pg_notify('dte_hub_other', '{"n":3}')`);
    await waitFor(async () => heardA.length === 1 && heardB.length === 1);
    expect([heardA, heardB]).toEqual([[1], [2]]);
    // Publishing uses one more connection, never more.
    await a.publish({ n: 4 });
    await b.publish({ n: 5 });
    await waitFor(async () => heardA.length === 2 && heardB.length === 2);
    expect(await connections()).toBeLessThanOrEqual(2);
  });

  it('after its connection is terminated it reconnects, says so, and hears what is sent after', async () => {
    const a = hub.channel<{ n: number }>('dte_hub_a');
    const heard: number[] = [];
    a.subscribe((e) => heard.push(e.n));
    let resets = 0;
    a.onReset(() => resets++);
    await dbRows(db.url, `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dte-notice-hub-test' and pid <> pg_backend_pid()`);
    // Lost, then listening again.
    await waitFor(async () => resets >= 2 && a.listening(), 15_000, 50);
    await dbRows(db.url, `select pg_notify('dte_hub_a', '{"n":7}')`);
    await waitFor(async () => heard.includes(7));
    expect(heard).toEqual([7]);
  });
});
