import { request } from '../support/http-client';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';

const TOKEN = 'metricas-'.padEnd(40, 'x');

describe('/metrics behind a setting', () => {
  let withToken: TestApp;
  let separate: TestApp;
  beforeAll(async () => {
    withToken = await startTestApp({ METRICS_TOKEN: TOKEN });
    // The second instance shares the first one's database; it only serves the API.
    separate = await startTestApp({ METRICS_PORT: '0', ROLE: 'api' }, { db: withToken.db, account: withToken.account });
  }, 60_000);
  afterAll(async () => {
    await separate?.stop();
    await withToken?.stop();
  });

  it('METRICS_TOKEN: 401 problem without the bearer token (an API key is not enough), Prometheus text with it', async () => {
    expectProblem(await request(withToken.url, 'GET', '/metrics', {}), 401, 'unauthenticated');
    expectProblem(await request(withToken.url, 'GET', '/metrics', { key: withToken.account.testKey }), 401, 'unauthenticated');
    const ok = await fetch(`${withToken.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('http_requests_total');
    expect(withToken.app.metricsUrl).toBe(`${withToken.url}/metrics`);
  });

  it('METRICS_PORT: served on its own listener only; the API port answers 404', async () => {
    expectProblem(await request(separate.url, 'GET', '/metrics', {}), 404, 'route_not_found');
    const url = separate.app.metricsUrl!;
    expect(new URL(url).port).not.toBe(new URL(separate.url).port);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('process_cpu_user_seconds_total');
    const other = await fetch(url.replace('/metrics', '/v1/emitters'));
    expect(other.status).toBe(404);
    expect(other.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
