import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../config/logger';
import type { RateDecision, RateLimiter } from '../../services/ports/rate-limiter.port';

export interface RateLimiterOptions {
  /** Requests per minute; 0 turns the limiter off. */
  perMinute: number;
  /** Separates the counters of different limits in the shared table (`key`, `ip`). */
  keyPrefix: string;
  /** A real PostgreSQL's pool (the direct pool): counters shared by every process. Null: in this process's memory. */
  pool: Pool | null;
  logger: Logger;
}

/**
 * The per-minute limit on rate-limiter-flexible (ADR 0038). On PostgreSQL its store upserts one row
 * per key and window in `rate_limit_points` (unlogged: no flush per request) through the direct
 * pool; once a key is over its limit it is refused from memory until the window ends (no statement
 * per refused request); and while the database cannot be reached the count goes on in memory
 * (`insuranceLimiter`) instead of failing the request — which then meets the outage on its own
 * statements, as a 503.
 */
export function createRateLimiter(opts: RateLimiterOptions): RateLimiter {
  if (opts.perMinute <= 0) return { enabled: false, take: async () => ({ allowed: true, limit: 0, remaining: 0, resetS: 0 }) };
  const base = { points: opts.perMinute, duration: 60, keyPrefix: opts.keyPrefix };
  const memory = new RateLimiterMemory(base);
  const limiter: RateLimiterAbstract = opts.pool
    ? new RateLimiterPostgres({
        ...base,
        storeClient: opts.pool,
        storeType: 'pool',
        tableName: 'rate_limit_points',
        tableCreated: true,
        clearExpiredByTimeout: true,
        inMemoryBlockOnConsumed: opts.perMinute,
        inMemoryBlockDuration: 0,
        insuranceLimiter: memory,
      })
    : memory;
  const decide = (res: RateLimiterRes, allowed: boolean): RateDecision => ({
    allowed,
    limit: opts.perMinute,
    remaining: Math.max(0, res.remainingPoints),
    resetS: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  return {
    enabled: true,
    take: async (key) => {
      try {
        return decide(await limiter.consume(key, 1), true);
      } catch (err) {
        if (err instanceof RateLimiterRes) return decide(err, false);
        // The store and its insurance both failed (should not happen): let the request through, logged.
        opts.logger.warn({ err }, 'no se pudo contar la solicitud en el límite de frecuencia; se deja pasar');
        return { allowed: true, limit: opts.perMinute, remaining: opts.perMinute, resetS: 60 };
      }
    },
  };
}
