import { createRateLimiter } from '../../../src/integrations/rate-limit/shared-rate-limiter';
import { createLogger } from '../../../src/config/logger';

/** The in-memory limiter of the embedded database (the PostgreSQL one is tested across two processes in test/api/rate-limit.api.test.ts). */
describe('rate limiter in memory', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-12-01T18:00:00.000Z'), doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('allows the limit per key per minute, then refuses until the window resets', async () => {
    const rl = createRateLimiter({ perMinute: 3, keyPrefix: 'k', pool: null, logger: createLogger('silent') });
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await rl.take('a'));
    expect(first.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(await rl.take('a')).toEqual({ allowed: false, limit: 3, remaining: 0, resetS: 60 });
    expect((await rl.take('b')).allowed).toBe(true);
    jest.advanceTimersByTime(59_000);
    expect(await rl.take('a')).toMatchObject({ allowed: false, resetS: 1 });
    jest.advanceTimersByTime(1_000);
    expect(await rl.take('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetS: 60 });
  });

  it('is off with 0', () => {
    expect(createRateLimiter({ perMinute: 0, keyPrefix: 'k', pool: null, logger: createLogger('silent') }).enabled).toBe(false);
  });
});
