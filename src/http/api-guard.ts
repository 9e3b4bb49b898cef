import type { Request, Response } from 'express';
import type { Actor } from '../services/shared/actor';
import type { Services } from '../services/services';
import { bearerToken } from './bearer-token';
import type { RateDecision, RateLimiter } from './rate-limiter';

export type AuthOutcome = { kind: 'ok'; actor: Actor } | { kind: 'missing' } | { kind: 'invalid' };

/** Authentication and per-key rate limiting shared by REST and GraphQL over HTTP. */
export class ApiGuard {
  constructor(private readonly services: Services, private readonly limiter: RateLimiter) {}

  async authenticate(req: Request): Promise<AuthOutcome> {
    const token = bearerToken(req.get('authorization'));
    if (token === null) return { kind: 'missing' };
    if (!token) return { kind: 'invalid' };
    const actor = await this.services.authenticateApiKey.execute(token);
    return actor ? { kind: 'ok', actor } : { kind: 'invalid' };
  }

  /** Counts the request against the key and sets the RateLimit-* headers (and Retry-After when refused). */
  rateLimit(res: Response, actor: Actor): RateDecision | null {
    if (!this.limiter.enabled) return null;
    const d = this.limiter.take(actor.keyId);
    res.setHeader('RateLimit-Limit', String(d.limit));
    res.setHeader('RateLimit-Remaining', String(d.remaining));
    res.setHeader('RateLimit-Reset', String(d.resetS));
    res.setHeader('RateLimit-Policy', `${d.limit};w=60`);
    if (!d.allowed) res.setHeader('Retry-After', String(d.resetS));
    return d;
  }
}

export const AUTH_MESSAGES = {
  missing: 'Falta el encabezado Authorization: envíe "Authorization: Bearer sk_test_…" o "sk_live_…".',
  invalid: 'La llave de API no es válida o fue revocada.',
  rateLimited: (s: number) => `Se superó el límite de solicitudes por minuto de esta llave; reintente en ${s} s.`,
};
