import type { Request, Response } from 'express';
import { sameToken } from '../domain/identity/session-token';
import type { AuthenticatedSession } from '../services/identity/authenticate-session.service';
import type { Actor } from '../services/shared/actor';
import type { Services } from '../services/services';
import { bearerToken } from './bearer-token';
import type { RateDecision, RateLimiter } from './rate-limiter';
import { sessionTokenOf } from './session-cookie';

export type AuthOutcome =
  | { kind: 'ok'; actor: Actor }
  | { kind: 'missing' }
  | { kind: 'invalid'; scheme: 'api_key' | 'session' }
  /** A session without the right `X-CSRF-Token` on a request that needs it. */
  | { kind: 'csrf' };

/** Methods that change nothing: a session needs no `X-CSRF-Token` on them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

const sessions = new WeakMap<Request, AuthenticatedSession>();

/** The panel session a request was authenticated with (null for an API key or no credentials). */
export function sessionOf(req: Request): AuthenticatedSession | null {
  return sessions.get(req) ?? null;
}

/**
 * Authentication and per-credential rate limiting shared by REST and GraphQL over HTTP. Either
 * scheme: `Authorization: Bearer sk_…` (then cookies are ignored entirely), or the panel session
 * cookie, which on a request that changes something also needs `X-CSRF-Token` equal to the session's
 * `csrf_token` (`csrf: true`).
 */
export class ApiGuard {
  constructor(private readonly services: Services, private readonly limiter: RateLimiter) {}

  async authenticate(req: Request, opts: { csrf: boolean } = { csrf: false }): Promise<AuthOutcome> {
    const header = req.get('authorization');
    if (header !== undefined && header !== '') {
      const token = bearerToken(header);
      if (!token) return { kind: 'invalid', scheme: 'api_key' };
      const actor = await this.services.authenticateApiKey.execute(token);
      return actor ? { kind: 'ok', actor } : { kind: 'invalid', scheme: 'api_key' };
    }
    const cookie = sessionTokenOf(req);
    if (cookie === null) return { kind: 'missing' };
    const s = await this.services.authenticateSession.execute(cookie);
    if (!s) return { kind: 'invalid', scheme: 'session' };
    if (opts.csrf && !sameToken(req.get('x-csrf-token'), s.session.csrfToken)) return { kind: 'csrf' };
    sessions.set(req, s);
    return { kind: 'ok', actor: s.actor };
  }

  /** Counts the request against the credential and sets the RateLimit-* headers (and Retry-After when refused). */
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
  missing: 'Falta el encabezado Authorization: envíe "Authorization: Bearer sk_test_…" o "sk_live_…" (o inicie sesión en el panel).',
  invalid: 'La llave de API no es válida o fue revocada.',
  sessionInvalid: 'La sesión del panel no es válida o expiró; inicie sesión de nuevo.',
  csrf: 'Falta el encabezado X-CSRF-Token o no coincide con el csrf_token de la sesión (GET /v1/auth/session); no se hizo ningún cambio.',
  rateLimited: (s: number) => `Se superó el límite de solicitudes por minuto de esta llave; reintente en ${s} s.`,
};

/** The refusal of a failed authentication, the same for REST (problem) and GraphQL (error code). */
export function authFailure(outcome: Exclude<AuthOutcome, { kind: 'ok' }>): { code: 'unauthenticated' | 'csrf_token_invalid'; message: string } {
  if (outcome.kind === 'csrf') return { code: 'csrf_token_invalid', message: AUTH_MESSAGES.csrf };
  if (outcome.kind === 'missing') return { code: 'unauthenticated', message: AUTH_MESSAGES.missing };
  return { code: 'unauthenticated', message: outcome.scheme === 'session' ? AUTH_MESSAGES.sessionInvalid : AUTH_MESSAGES.invalid };
}
