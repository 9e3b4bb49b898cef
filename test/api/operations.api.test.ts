import { emitterBody } from '../fixtures/emitter-bodies';
import { request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
});

describe('operations', () => {
  it('GET /healthz reports the database', async () => {
    const r = await request(t.url, 'GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('GET /metrics is Prometheus text with request counters', async () => {
    await request(t.url, 'GET', '/v1/emitters', { key: t.account.testKey });
    const r = await fetch(`${t.url}/metrics`);
    const text = await r.text();
    expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="listEmitters",status="200"\} \d+/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('every response carries X-Request-Id; a sane incoming one is kept', async () => {
    const a = await request(t.url, 'GET', '/v1/emitters', { key: t.account.testKey });
    expect(a.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
    const b = await request(t.url, 'GET', '/v1/emitters', { key: t.account.testKey, headers: { 'X-Request-Id': 'erp-12345678' } });
    expect(b.headers.get('x-request-id')).toBe('erp-12345678');
    const c = await request(t.url, 'GET', '/v1/emitters', { key: t.account.testKey, headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('logs are JSON with the request id and never contain API keys', async () => {
    const secretKey = t.account.testKey;
    await request(t.url, 'POST', '/v1/emitters', { key: secretKey, body: emitterBody({ nit: '06143030303030' }), headers: { 'X-Request-Id': 'log-check-0001' } });
    await request(t.url, 'GET', '/v1/emitters', { headers: { Authorization: `Bearer ${secretKey}x` } });
    t.app.logger.info({ authorization: `Bearer ${secretKey}`, nested: { key: secretKey } }, `texto con ${secretKey}`);
    await new Promise((r) => setTimeout(r, 50));
    const all = t.logs.join('');
    expect(all).toContain('"request_id":"log-check-0001"');
    expect(all).not.toContain(secretKey);
    expect(all).not.toContain(secretKey.slice(8));
    for (const line of t.logs.join('').split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('serves the OpenAPI reference page from local assets', async () => {
    const r = await fetch(`${t.url}/v1/docs`);
    const html = await r.text();
    expect(html).toContain('/_assets/swagger-ui/swagger-ui-bundle.js');
    expect((await fetch(`${t.url}/_assets/swagger-ui/swagger-ui-bundle.js`)).status).toBe(200);
  });

  it('problem type URIs resolve to a page describing the code', async () => {
    const r = await request(t.url, 'GET', '/v1/emitters/emt_x', { key: t.account.testKey });
    const page = await fetch(r.body.type);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('resource_not_found');
  });
});
