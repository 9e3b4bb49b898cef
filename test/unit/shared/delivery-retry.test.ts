/**
 * The delivery worker's back-off (ADR 0085): full jitter below min(cap, base × 2^(n−1)), and the
 * three ways a kind gives up — attempts (e-mails), a window from the first attempt (webhooks), a
 * deadline (an account e-mail's link) — plus a permanent failure. One row per case, exact instants.
 */
import { nextDeliveryAttempt, type RetryRules } from '../../../src/services/shared/delivery-worker';

type Row = { firstAttemptAt: Date | null; expiresAt: Date | null };
const T0 = new Date('2026-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const HOUR = 3_600_000;

const email: RetryRules<Row> = { baseMs: 30_000, maxAttempts: 8 };
const webhook: RetryRules<Row> = { baseMs: 30_000, window: { ms: 24 * HOUR, firstAttemptAt: (r, claimedAt) => r.firstAttemptAt ?? claimedAt } };
const link: RetryRules<Row> = { ...email, deadline: (r) => r.expiresAt };
const row = (o: Partial<Row> = {}): Row => ({ firstAttemptAt: null, expiresAt: null, ...o });

describe('next attempt of a failed delivery', () => {
  it.each<[string, RetryRules<Row>, Row, { attempt: number; done: number; permanent?: boolean }, number, number | null]>([
    ['first failure: half of the base', email, row(), { attempt: 1, done: 0 }, 0.5, 15_000],
    ['third failure: half of 4 × base', email, row(), { attempt: 3, done: 0 }, 0.5, 60_000],
    ['the ceiling is capped at 1 h', { baseMs: 30_000 }, row(), { attempt: 20, done: 0 }, 0.5, HOUR / 2],
    ['a zero draw still waits 1 ms', email, row(), { attempt: 1, done: 0 }, 0, 1],
    ['the last of the attempts gives up', email, row(), { attempt: 8, done: 0 }, 0.5, null],
    ['a permanent failure gives up at once', email, row(), { attempt: 1, done: 0, permanent: true }, 0.5, null],
    ['a webhook inside its window', webhook, row({ firstAttemptAt: at(0) }), { attempt: 2, done: 1000 }, 0.5, 1000 + 30_000],
    ['the last webhook retry lands at the window end', webhook, row({ firstAttemptAt: at(-24 * HOUR + 10_000) }), { attempt: 12, done: 0 }, 0.99, 10_000],
    ['a webhook past its window gives up', webhook, row({ firstAttemptAt: at(-24 * HOUR) }), { attempt: 30, done: 0 }, 0.5, null],
    ["a webhook's first attempt counts from its claim", webhook, row(), { attempt: 1, done: 500 }, 0.5, 500 + 15_000],
    ['an account e-mail before its link expires', link, row({ expiresAt: at(HOUR) }), { attempt: 1, done: 0 }, 0.5, 15_000],
    ['an account e-mail whose retry would come after the link expires gives up', link, row({ expiresAt: at(10_000) }), { attempt: 1, done: 0 }, 0.5, null],
  ])('%s', (_label, rules, r, a, draw, expected) => {
    const next = nextDeliveryAttempt(rules, r, { attempt: a.attempt, claimedAt: at(0), done: at(a.done), permanent: a.permanent ?? false }, () => draw);
    expect(next?.toISOString() ?? null).toBe(expected === null ? null : at(expected).toISOString());
  });
});
