import { metricsExposure, metricsTokenMatches } from '../../../src/http/metrics';

describe('/metrics exposure', () => {
  it.each([
    ['separate port wins', { token: null, port: 9464 }, '0.0.0.0', { kind: 'separate', token: null }],
    ['separate port with a token', { token: 't'.repeat(24), port: 9464 }, '0.0.0.0', { kind: 'separate', token: 't'.repeat(24) }],
    ['token on the API port', { token: 't'.repeat(24), port: null }, '0.0.0.0', { kind: 'api', token: 't'.repeat(24) }],
    ['loopback API, nothing set: open', { token: null, port: null }, '127.0.0.1', { kind: 'api', token: null }],
    ['IPv6 loopback', { token: null, port: null }, '::1', { kind: 'api', token: null }],
    ['public API, nothing set: off', { token: null, port: null }, '0.0.0.0', { kind: 'off' }],
  ] as const)('%s', (_label, settings, host, expected) => {
    expect(metricsExposure(settings, host)).toEqual(expected);
  });

  it('checks the bearer token exactly', () => {
    const token = 'm'.repeat(30);
    expect(metricsTokenMatches(`Bearer ${token}`, token)).toBe(true);
    expect(metricsTokenMatches(`bearer ${token}`, token)).toBe(true);
    expect(metricsTokenMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(metricsTokenMatches(undefined, token)).toBe(false);
    expect(metricsTokenMatches(token, token)).toBe(false);
  });
});
