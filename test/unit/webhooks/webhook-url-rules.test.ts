import { checkResolvedAddress, checkWebhookUrl } from '../../../src/domain/webhooks/webhook-url-rules';
import { isWebhookEventType, subscribesTo, WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks/event-types';
import { generateWebhookSecret, isWebhookSecret } from '../../../src/domain/webhooks/webhook-secret';
import { createWebhookEndpointSchema, rollWebhookSecretSchema } from '../../../src/domain/webhooks/webhook-endpoint-input.schema';
import { parseWith } from '../../../src/domain/shared/zod-errors';

describe('webhook URL rules', () => {
  it.each([
    ['public https host name', 'https://erp.example.com/hooks', false, { ok: true }],
    ['public https literal with port', 'https://93.184.216.34:8443/x?y=1', false, { ok: true }],
    ['http refused', 'http://erp.example.com/hooks', false, { ok: false, code: 'webhook_url_not_allowed' }],
    ['http allowed with the setting', 'http://127.0.0.1:3000/hooks', true, { ok: true }],
    ['ftp refused even with the setting', 'ftp://erp.example.com/', true, { ok: false, code: 'webhook_url_not_allowed' }],
    ['not a URL', 'erp.example.com/hooks', false, { ok: false, code: 'invalid_format' }],
    ['user and password', 'https://u:p@erp.example.com/', false, { ok: false, code: 'webhook_url_not_allowed' }],
    ['decimal IPv4 normalised by the URL parser', 'https://2130706433/', false, { ok: false, code: 'webhook_url_not_allowed' }],
    ['hex IPv4 normalised by the URL parser', 'https://0x7f.0.0.1/', false, { ok: false, code: 'webhook_url_not_allowed' }],
    ['bracketed IPv6 loopback', 'https://[::1]:8443/', false, { ok: false, code: 'webhook_url_not_allowed' }],
    ['metadata stays closed with the setting', 'http://169.254.169.254/latest', true, { ok: false, code: 'webhook_url_not_allowed' }],
    ['metadata host stays closed with the setting', 'http://metadata.google.internal/', true, { ok: false, code: 'webhook_url_not_allowed' }],
    ['localhost allowed with the setting', 'http://localhost:4000/', true, { ok: true }],
  ])('%s', (_label, url, allowPrivate, expected) => {
    expect(checkWebhookUrl(url, allowPrivate)).toMatchObject(expected);
  });

  it('explains a refused resolution in Spanish', () => {
    expect(checkResolvedAddress('hooks.example.com', '10.0.0.8', false)).toEqual({
      ok: false,
      cls: 'private',
      message: 'La URL del webhook debe ser pública: hooks.example.com resuelve a 10.0.0.8, que es una dirección de red privada (RFC 1918, CGNAT 100.64.0.0/10 o de uso local).',
    });
    expect(checkResolvedAddress('hooks.example.com', '::ffff:127.0.0.1', false)).toMatchObject({ ok: false, cls: 'loopback' });
    expect(checkResolvedAddress('hooks.example.com', '2606:4700::1', false)).toEqual({ ok: true });
  });
});

describe('webhook events, secrets and input', () => {
  it('knows the nine events of the spec, the four of the 2026 events (sealed, voided) and the certificate expiry notice', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'document.processed',
      'document.rejected',
      'document.contingency',
      'document.voided',
      'document.delivered',
      'document.returned',
      'special_operation.processed',
      'document.return_voided',
      'special_operation.voided',
      'fiscal.report.ready',
      'fiscal.report.failed',
      'fiscal.period.closed',
      'fiscal.period.drift_detected',
      'credential.expiring',
      'contingency.failed',
      'recurring_document.failed',
      'archive.ready',
      'archive.failed',
    ]);
    expect(isWebhookEventType('document.created')).toBe(false);
  });

  it.each([
    [['*'], 'fiscal.period.closed', true],
    [['document.processed'], 'document.processed', true],
    [['document.processed'], 'document.rejected', false],
    [[], 'document.processed', false],
  ])('%j subscribes to %s: %s', (events, type, expected) => {
    expect(subscribesTo(events, type)).toBe(expected);
  });

  it('secrets are whsec_ + 32 base62 characters and never repeat', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateWebhookSecret()));
    expect(secrets.size).toBe(1000);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(isWebhookSecret(s)).toBe(true);
    }
    expect(generateWebhookSecret((n) => Buffer.alloc(n, 0))).toBe(`whsec_${'0'.repeat(32)}`);
    // bytes ≥ 248 are rejected (no modulo bias): 255 never maps to a character
    let calls = 0;
    expect(generateWebhookSecret((n) => (calls++ === 0 ? Buffer.alloc(n, 255) : Buffer.alloc(n, 61)))).toBe(`whsec_${'z'.repeat(32)}`);
  });

  it('input: unknown events by index, duplicates kept once, overlap up to 86400', () => {
    const bad = parseWith(createWebhookEndpointSchema, { url: 'https://x.example.com', events: ['document.processed', 'bogus'] });
    expect(bad).toEqual({ ok: false, errors: [{ path: 'events[1]', code: 'unknown_event_type', message: expect.stringContaining('"bogus"') }] });
    const ok = parseWith(createWebhookEndpointSchema, { url: 'https://x.example.com', events: ['*', '*', 'document.voided'] });
    expect(ok).toEqual({ ok: true, value: { url: 'https://x.example.com', events: ['*', 'document.voided'] } });
    expect(parseWith(rollWebhookSecretSchema, { overlapS: 86_400 }).ok).toBe(true);
    expect(parseWith(rollWebhookSecretSchema, { overlapS: 86_401 }).ok).toBe(false);
    expect(parseWith(rollWebhookSecretSchema, { overlapS: 1.5 }).ok).toBe(false);
  });
});
