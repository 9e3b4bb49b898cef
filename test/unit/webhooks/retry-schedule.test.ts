import { backoffCeilingMs, DEFAULT_RETRY_CAP_MS, nextAttemptAt, retryDelayMs } from '../../../src/domain/webhooks/retry-schedule';
import { seededRandom } from './seeded-random';

const DEFAULTS = { baseMs: 30_000, capMs: DEFAULT_RETRY_CAP_MS, windowMs: 86_400_000 };

describe('webhook retry schedule: exponential back-off with full jitter', () => {
  it('the default cap is one hour', () => {
    expect(DEFAULT_RETRY_CAP_MS).toBe(3_600_000);
  });

  it.each([
    ['after attempt 1', 1, 30_000],
    ['after attempt 2', 2, 60_000],
    ['after attempt 3', 3, 120_000],
    ['after attempt 7', 7, 1_920_000],
    ['after attempt 8 (capped)', 8, 3_600_000],
    ['after attempt 60 (no overflow)', 60, 3_600_000],
    ['attempt 0 treated as the first', 0, 30_000],
  ])('ceiling %s', (_label, attempt, ceiling) => {
    expect(backoffCeilingMs(attempt, DEFAULTS)).toBe(ceiling);
  });

  it('with a seeded random the delays are exact (seed 42)', () => {
    const random = seededRandom(42);
    const rows = Array.from({ length: 10 }, (_, i) => [i + 1, retryDelayMs(i + 1, DEFAULTS, random)]);
    expect(rows).toEqual([
      [1, 18_033],
      [2, 26_897],
      [3, 102_295],
      [4, 160_736],
      [5, 83_910],
      [6, 505_528],
      [7, 524_597],
      [8, 2_249_080],
      [9, 3_115_708],
      [10, 1_700_341],
    ]);
  });

  it.each([
    ['random 0 → retry at once', 0, 3, 0],
    ['random just below 1 → just below the ceiling', 0.999999, 3, 119_999],
    ['random 0.5 → half the ceiling', 0.5, 2, 30_000],
  ])('full jitter bounds: %s', (_label, r, attempt, delay) => {
    expect(retryDelayMs(attempt, DEFAULTS, () => r)).toBe(delay);
  });

  it('every delay stays within [0, ceiling) for many draws', () => {
    const random = seededRandom(7);
    for (let attempt = 1; attempt <= 20; attempt++) {
      for (let i = 0; i < 200; i++) {
        const d = retryDelayMs(attempt, DEFAULTS, random);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(backoffCeilingMs(attempt, DEFAULTS));
      }
    }
  });

  const first = new Date('2026-11-23T12:00:00.000Z');
  it.each([
    ['inside the window', 60_000, 1, 0.5, '2026-11-23T12:01:15.000Z'],
    ['clamped to the end of the window', 86_399_000, 10, 0.99, '2026-11-24T12:00:00.000Z'],
    ['window over: failed', 86_400_000, 10, 0.5, null],
    ['past the window: failed', 90_000_000, 3, 0.5, null],
  ])('next attempt %s', (_label, elapsedMs, attempt, r, expected) => {
    const now = new Date(first.getTime() + elapsedMs);
    const next = nextAttemptAt(first, now, attempt, DEFAULTS, () => r);
    expect(next ? next.toISOString() : null).toBe(expected);
  });

  it('a short window (tests) still gets a last attempt at its end', () => {
    const policy = { baseMs: 50, capMs: DEFAULT_RETRY_CAP_MS, windowMs: 1500 };
    const random = seededRandom(1);
    let now = first;
    let attempt = 1;
    const schedule: number[] = [];
    for (;;) {
      const next = nextAttemptAt(first, now, attempt, policy, random);
      if (!next) break;
      schedule.push(next.getTime() - first.getTime());
      now = next;
      attempt++;
    }
    expect(schedule.length).toBeGreaterThanOrEqual(2);
    expect(schedule.at(-1)).toBe(1500);
    expect([...schedule].sort((a, b) => a - b)).toEqual(schedule);
  });
});
