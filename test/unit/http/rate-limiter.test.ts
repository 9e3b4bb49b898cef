import { RateLimiter } from '../../../src/http/rate-limiter';

describe('rate limiter', () => {
  it('allows the limit per key per minute, then refuses until the window resets', () => {
    let now = 1_000_000;
    const rl = new RateLimiter(3, () => now);
    expect([1, 2, 3].map(() => rl.take('a').allowed)).toEqual([true, true, true]);
    const refused = rl.take('a');
    expect(refused).toEqual({ allowed: false, limit: 3, remaining: 0, resetS: 60 });
    expect(rl.take('b').allowed).toBe(true);
    now += 59_000;
    expect(rl.take('a')).toMatchObject({ allowed: false, resetS: 1 });
    now += 1_000;
    expect(rl.take('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetS: 60 });
  });

  it('is off with 0', () => {
    expect(new RateLimiter(0).enabled).toBe(false);
  });
});
