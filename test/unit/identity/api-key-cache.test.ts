import { API_KEY_CACHE_TTL_MS, ApiKeyCache, type CachedApiKey } from '../../../src/services/accounts/api-key-cache';
import type { ApiKeyChangedEvent, ApiKeyChanges } from '../../../src/services/ports/api-key-changes.port';

/** A channel driven by the test: notices, a lost and a regained listening connection. */
function fakeChanges() {
  const listeners: ((e: ApiKeyChangedEvent) => void)[] = [];
  const resets: (() => void)[] = [];
  let up = true;
  const changes: ApiKeyChanges = {
    subscribe: (fn) => (listeners.push(fn), () => undefined),
    onReset: (fn) => (resets.push(fn), () => undefined),
    listening: () => up,
    close: async () => undefined,
  };
  return {
    changes,
    notify: (id: string) => listeners.forEach((fn) => fn({ id })),
    lose: () => ((up = false), resets.forEach((fn) => fn())),
    regain: () => ((up = true), resets.forEach((fn) => fn())),
  };
}

const row = (id: string): CachedApiKey => ({ id, account_id: 'acc_1', environment: '00', scopes: ['documents:write'], revoked_at: null, last_used_at: null, emitter_ids: null, document_types: null, allowed_ips: null, expires_at: null });

function setup() {
  const ch = fakeChanges();
  let now = 1_000;
  const cache = new ApiKeyCache(ch.changes, () => now);
  return { ch, cache, advance: (ms: number) => (now += ms) };
}

describe('ApiKeyCache', () => {
  const cases: { label: string; act: (s: ReturnType<typeof setup>) => void; hit: boolean }[] = [
    { label: 'a key read and kept is served', act: () => undefined, hit: true },
    { label: 'a notice for the key drops it', act: (s) => s.ch.notify('key_1'), hit: false },
    { label: 'a notice for another key keeps it', act: (s) => s.ch.notify('key_2'), hit: true },
    { label: 'served just before the TTL', act: (s) => s.advance(API_KEY_CACHE_TTL_MS - 1), hit: true },
    { label: 'expired at the TTL', act: (s) => s.advance(API_KEY_CACHE_TTL_MS), hit: false },
    { label: 'nothing is served while the listening connection is down', act: (s) => s.ch.lose(), hit: false },
    { label: 'emptied when the connection listens again', act: (s) => (s.ch.lose(), s.ch.regain()), hit: false },
  ];
  it.each(cases)('$label', ({ act, hit }) => {
    const s = setup();
    s.cache.set('h1', row('key_1'), s.cache.generation());
    act(s);
    expect(s.cache.get('h1')).toEqual(hit ? row('key_1') : null);
  });

  it('does not keep a row whose read raced a notice (read before a revocation, answered after it)', () => {
    const s = setup();
    const before = s.cache.generation();
    s.ch.notify('key_1');
    s.cache.set('h1', row('key_1'), before);
    expect(s.cache.get('h1')).toBeNull();
    s.cache.set('h1', row('key_1'), s.cache.generation());
    expect(s.cache.get('h1')).toEqual(row('key_1'));
  });

  it('keeps nothing while the listening connection is down', () => {
    const s = setup();
    s.ch.lose();
    s.cache.set('h1', row('key_1'), s.cache.generation());
    s.ch.regain();
    expect(s.cache.get('h1')).toBeNull();
  });

  it('forget drops the key by id, also after its hash was kept again', () => {
    const s = setup();
    s.cache.set('h1', row('key_1'), s.cache.generation());
    s.cache.set('h1', row('key_1'), s.cache.generation());
    s.cache.forget('key_1');
    expect(s.cache.get('h1')).toBeNull();
  });
});
