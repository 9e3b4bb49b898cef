import { displayPrefix, environmentOfKey, generateApiKey, hashApiKey } from '../../../src/domain/identity/api-key-format';
import { DEFAULT_SCOPES, hasScope, parseScopes } from '../../../src/domain/identity/scopes';

describe('API keys', () => {
  it('test and live keys carry at least 128 random bits in base62', () => {
    for (const env of ['00', '01'] as const) {
      const key = generateApiKey(env);
      const secret = key.replace(/^sk_(test|live)_/, '');
      expect(secret).toMatch(/^[0-9A-Za-z]{32}$/);
      expect(secret.length * Math.log2(62)).toBeGreaterThanOrEqual(128);
      expect(environmentOfKey(key)).toBe(env);
    }
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('00')));
    expect(keys.size).toBe(2000);
  });

  it.each([
    ['sk_test_' + 'a'.repeat(24), '00'],
    ['sk_live_' + 'Z9'.repeat(16), '01'],
    ['sk_test_short', null],
    ['pk_test_' + 'a'.repeat(24), null],
    ['sk_test_' + 'a'.repeat(23) + '-', null],
    ['', null],
  ])('environment of %s', (key, env) => {
    expect(environmentOfKey(key)).toBe(env);
  });

  it('hashes deterministically and shows only a prefix', () => {
    const key = 'sk_test_abcdefghijklmnopqrstuvwxyz012345';
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayPrefix(key)).toBe('sk_test_abcd');
  });
});

describe('scopes', () => {
  it.each([
    [['emitters:write'], 'emitters:read', true],
    [['emitters:read'], 'emitters:write', false],
    [DEFAULT_SCOPES, 'fiscal:close', false],
    [['fiscal:close'], 'fiscal:close', true],
    [['webhooks:write'], 'webhooks:read', true],
  ] as const)('%j grants %s: %s', (granted, required, expected) => {
    expect(hasScope(granted, required)).toBe(expected);
  });

  it('parses a list and reports unknown names', () => {
    expect(parseScopes('emitters:read, fiscal:close,emitters:read,nope')).toEqual({ scopes: ['emitters:read', 'fiscal:close'], unknown: ['nope'] });
  });
});
