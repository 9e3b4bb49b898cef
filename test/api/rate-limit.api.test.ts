import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Two API processes on one database share each key's limit (counters in PostgreSQL): together they
 * allow RATE_LIMIT_PER_MINUTE, not twice it, over REST and GraphQL alike.
 */
describe('one rate limit across API processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ RATE_LIMIT_PER_MINUTE: '10', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '4' });
    b = await startTestApp({ RATE_LIMIT_PER_MINUTE: '10', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '4' }, { db: a.db, account: a.account });
  });
  afterAll(async () => {
    await b.stop();
    await a.stop();
  });

  it('a key gets 10 requests a minute across both processes, then 429 from either with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const target = i % 2 ? b : a;
      const r = i % 3 ? await request(target.url, 'GET', '/v1/emitters', { key: a.account.testKey }) : await graphql(target.url, a.account.testKey, '{ emitters { nodes { id } } }');
      statuses.push(r.status);
      if (r.status === 429) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(r.headers.get('ratelimit-remaining')).toBe('0');
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // The count lives in the shared table, not in either process.
    const [row] = await dbRows<{ points: number }>(a.db.url, `select points from rate_limit_points where key like 'key:%'`);
    expect(row.points).toBeGreaterThanOrEqual(10);
  });

  it('another key of the same account has its own count', async () => {
    const other = await a.newAccount('Otra');
    expect((await request(b.url, 'GET', '/v1/emitters', { key: other.testKey })).status).toBe(200);
  });

  it('GraphQL without a key is limited per address across both processes too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await graphql(i % 2 ? b.url : a.url, null, '{ plans { code } }')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
