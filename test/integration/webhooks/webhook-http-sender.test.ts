import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookHttpSender } from '../../../src/integrations/webhooks/webhook-http-sender';
import { resolveWebhookTarget, type AddressLookup } from '../../../src/integrations/webhooks/webhook-url-guard';
import { startReceiver, type Receiver } from '../../support/webhook-receiver';

/** A fake resolver: the answers a hostile DNS could give. */
function lookupTable(table: Record<string, string[]>, calls: string[] = []): AddressLookup {
  return async (host) => {
    calls.push(host);
    const answers = table[host];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const post = (url: string) => ({ url, body: '{"id":"evt_1"}', headers: { 'Content-Type': 'application/json', 'Service-Event-Id': 'evt_1' } });

describe('SSRF-safe webhook sender', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.setBehavior(() => 200);
  });

  it('connects to the validated address with the original Host header, resolving once per attempt', async () => {
    const calls: string[] = [];
    const sender = new WebhookHttpSender({ allowPrivate: true, timeoutMs: 2000, lookup: lookupTable({ 'erp.cliente.test': ['127.0.0.1'] }, calls) });
    const r = await sender.post(post(`http://erp.cliente.test:${receiver.port}/hooks?x=1`));
    expect(r).toMatchObject({ ok: true, statusCode: 200, error: null, responseExcerpt: 'ok' });
    expect(calls).toEqual(['erp.cliente.test']);
    expect(receiver.received[0]).toMatchObject({ path: '/hooks?x=1', body: '{"id":"evt_1"}' });
    expect(receiver.received[0].headers.host).toBe(`erp.cliente.test:${receiver.port}`);
    expect(receiver.received[0].headers['content-length']).toBe('14');
  });

  it('refuses at delivery time a name that now resolves to a private address (DNS rebinding), without connecting', async () => {
    const sender = new WebhookHttpSender({ allowPrivate: false, timeoutMs: 2000, lookup: lookupTable({ 'erp.cliente.test': ['8.8.8.8', '127.0.0.1'] }) });
    const r = await sender.post(post(`https://erp.cliente.test:${receiver.port}/hooks`));
    expect(r).toMatchObject({ ok: false, statusCode: 0, responseExcerpt: null });
    expect(r.error).toMatch(/^Dirección no permitida: .*127\.0\.0\.1.*loopback/);
    expect(receiver.received).toEqual([]);
  });

  it.each([
    ['a mapped IPv6 loopback answer', ['::ffff:127.0.0.1'], /loopback/],
    ['the metadata address', ['169.254.169.254'], /metadatos/],
    ['a unique-local IPv6 answer', ['fd00::5'], /fc00::\/7/],
  ])('guard refuses %s', async (_label, answers, message) => {
    const r = await resolveWebhookTarget('https://hooks.cliente.test/x', { allowPrivate: false, lookup: lookupTable({ 'hooks.cliente.test': answers }) });
    expect(r).toEqual({ ok: false, code: 'webhook_url_not_allowed', message: expect.stringMatching(message) });
  });

  it('guard: an unresolvable name is refused in Spanish; a public answer is returned as the address to use', async () => {
    expect(await resolveWebhookTarget('https://nadie.test/', { allowPrivate: false, lookup: lookupTable({}) })).toEqual({
      ok: false,
      code: 'webhook_url_not_allowed',
      message: expect.stringMatching(/^No se pudo resolver el nombre nadie\.test/),
    });
    expect(await resolveWebhookTarget('https://hooks.cliente.test/x', { allowPrivate: false, lookup: lookupTable({ 'hooks.cliente.test': ['93.184.216.34'] }) })).toMatchObject({
      ok: true,
      hostname: 'hooks.cliente.test',
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('does not follow redirects: a 3xx is a failure with its status', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const r = await new WebhookHttpSender({ allowPrivate: true, timeoutMs: 2000 }).post(post(`http://127.0.0.1:${port}/`));
      expect(r).toMatchObject({ ok: false, statusCode: 302 });
      expect(r.error).toMatch(/redirección a http:\/\/169\.254\.169\.254/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('times out a receiver that does not answer, and reports a reset connection', async () => {
    receiver.setBehavior(() => 'hang');
    const started = Date.now();
    const hung = await new WebhookHttpSender({ allowPrivate: true, timeoutMs: 300 }).post(post(receiver.url));
    expect(Date.now() - started).toBeLessThan(10_000); // the 300 ms deadline fired, not the test's own timeout
    expect(hung).toMatchObject({ ok: false, statusCode: 0, error: expect.stringMatching(/300 ms/) });
    receiver.setBehavior(() => 'reset');
    const reset = await new WebhookHttpSender({ allowPrivate: true, timeoutMs: 2000 }).post(post(receiver.url));
    expect(reset).toMatchObject({ ok: false, statusCode: 0, error: expect.stringMatching(/ECONNRESET/) });
  });

  it('keeps at most 1 KB of the answer and does not wait for the rest', async () => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.write('x'.repeat(4096)); // and never ends
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const r = await new WebhookHttpSender({ allowPrivate: true, timeoutMs: 5000 }).post(post(`http://127.0.0.1:${port}/`));
      expect(r.statusCode).toBe(500);
      expect(r.responseExcerpt).toBe('x'.repeat(1024));
      expect(r.durationMs).toBeLessThan(4000);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
