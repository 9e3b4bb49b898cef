import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { addressAllowed } from '../domain/identity/api-key-limits';
import { firstMissingScope, type Scope } from '../domain/identity/scopes';
import { sameToken } from '../domain/identity/session-token';
import { insufficientScopeMessage } from '../domain/identity/insufficient-scope.message';
import type { AuthenticatedSession } from '../services/identity/authenticate-session.service';
import type { Actor, RequestOrigin } from '../services/shared/actor';
import type { Services } from '../services/services';
import { EMBED_VIEW_TOKEN_PREFIX } from '../services/embed/embed-token';
import { bearerToken } from './bearer-token';
import type { RateDecision, RateLimiter } from '../services/ports/rate-limiter.port';
import { clientAddress, sessionTokenOf } from './session-cookie';

export type AuthOutcome =
  | { kind: 'ok'; actor: Actor }
  | { kind: 'missing' }
  | { kind: 'invalid'; scheme: 'api_key' | 'session' }
  /** A session without the right `X-CSRF-Token` on a request that needs it. */
  | { kind: 'csrf' }
  /** A session that still owes its second factor (the code, or enrolling) on a request outside that. */
  | { kind: 'second_factor'; owes: 'required' | 'enrolment_required' }
  /** An API key with `allowed_ips`, used from another address. */
  | { kind: 'address'; address: string };

/** Methods that change nothing: a session needs no `X-CSRF-Token` on them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The credential a long-lived connection (graphql-ws) authenticated with, kept so that every
 * operation can check it again: the API key of `connection_init`, or the panel session cookie of
 * the upgrade (its CSRF token was checked once, at `connection_init`).
 */
export type ConnectionCredential = { scheme: 'api_key'; token: string } | { scheme: 'session'; cookie: string };

const sessions = new WeakMap<Request, AuthenticatedSession>();

/** The panel session a request was authenticated with (null for an API key or no credentials). */
export function sessionOf(req: Request): AuthenticatedSession | null {
  return sessions.get(req) ?? null;
}

/** Why a request is refused before its input is even read: 401, 403 (CSRF, scope, panel session) or 429. */
export interface GuardRefusal {
  code: 'unauthenticated' | 'csrf_token_invalid' | 'rate_limited' | 'insufficient_scope' | 'session_required' | 'second_factor_required' | 'api_key_address_forbidden';
  detail: string;
  headers: Record<string, string>;
}

export type Admission = { kind: 'admitted'; actor: Actor | null } | { kind: 'refused'; refusal: GuardRefusal };

export const AUTH_MESSAGES = {
  missing: 'Falta el encabezado Authorization: envíe "Authorization: Bearer sk_test_…" o "sk_live_…" (o inicie sesión en el panel).',
  invalid: 'La llave de API no es válida, fue revocada o venció.',
  addressForbidden: (address: string) => `Esta llave de API solo vale desde las direcciones de su lista (allowed_ips); esta solicitud viene de ${address}.`,
  sessionInvalid: 'La sesión del panel no es válida o expiró; inicie sesión de nuevo.',
  sessionRequired: 'Solo desde una sesión del panel: una llave de API no administra la cuenta (llaves de API, usuarios, sitios de la vista embebida) ni lee el registro de auditoría.',
  noSession: 'No hay una sesión del panel: inicie sesión con POST /v1/auth/login.',
  embedViewReadOnly: 'La vista incrustada es de solo lectura: su token no admite POST, PATCH ni DELETE, ni otra consulta que las de la vista.',
  csrf: 'Falta el encabezado X-CSRF-Token o no coincide con el csrf_token de la sesión (GET /v1/auth/session); no se hizo ningún cambio.',
  secondFactorCode: 'Falta la verificación en dos pasos: envíe el código de su aplicación (POST /v1/auth/login/second-factor) para terminar de iniciar sesión.',
  secondFactorEnrolment: 'Su cuenta exige la verificación en dos pasos: actívela (POST /v1/auth/second-factor/enrolment y …/confirm) para usar el panel.',
  rateLimited: (s: number) => `Se superó el límite de solicitudes por minuto de esta llave; reintente en ${s} s.`,
  anonymousRateLimited: (s: number) => `Se superó el límite de solicitudes por minuto sin llave de API desde esta dirección; reintente en ${s} s.`,
};

/** The refusal of a failed authentication, the same for REST (problem) and GraphQL (error code). */
export function authFailure(outcome: Exclude<AuthOutcome, { kind: 'ok' }>): { code: 'unauthenticated' | 'csrf_token_invalid' | 'second_factor_required' | 'api_key_address_forbidden'; message: string } {
  if (outcome.kind === 'address') return { code: 'api_key_address_forbidden', message: AUTH_MESSAGES.addressForbidden(outcome.address) };
  if (outcome.kind === 'csrf') return { code: 'csrf_token_invalid', message: AUTH_MESSAGES.csrf };
  if (outcome.kind === 'second_factor') return { code: 'second_factor_required', message: outcome.owes === 'required' ? AUTH_MESSAGES.secondFactorCode : AUTH_MESSAGES.secondFactorEnrolment };
  if (outcome.kind === 'missing') return { code: 'unauthenticated', message: AUTH_MESSAGES.missing };
  return { code: 'unauthenticated', message: outcome.scheme === 'session' ? AUTH_MESSAGES.sessionInvalid : AUTH_MESSAGES.invalid };
}

const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Bearer realm="dte"' };

/** RateLimit-* headers of a decision (and Retry-After when refused). */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetS),
    'RateLimit-Policy': `${d.limit};w=60`,
  };
  if (!d.allowed) h['Retry-After'] = String(d.resetS);
  return h;
}

/**
 * Authentication, rate limits and scopes: the one place every door (REST, GraphQL over HTTP,
 * graphql-ws) turns credentials into an `Actor`, always before the request's media type, body or
 * Idempotency-Key are looked at. Either scheme: `Authorization: Bearer sk_…` (then cookies are
 * ignored entirely), or the panel session cookie, which on a request that changes something also
 * needs `X-CSRF-Token` equal to the session's `csrf_token` (`csrf: true`).
 */
export class ApiGuard {
  constructor(
    private readonly services: Services,
    private readonly limiter: RateLimiter,
    private readonly anonymousLimiter: RateLimiter,
  ) {}

  async authenticate(req: Request, opts: { csrf: boolean; secondFactorPending?: boolean } = { csrf: false }): Promise<AuthOutcome> {
    const header = req.get('authorization');
    if (header !== undefined && header !== '') {
      const token = bearerToken(header);
      if (!token) return { kind: 'invalid', scheme: 'api_key' };
      const actor = token.startsWith(EMBED_VIEW_TOKEN_PREFIX) ? await this.services.authenticateEmbedView.execute(token) : await this.services.authenticateApiKey.execute(token);
      if (!actor) return { kind: 'invalid', scheme: 'api_key' };
      const origin = originOf(req);
      if (!keyAddressAllowed(actor, origin.ip)) return { kind: 'address', address: origin.ip ?? 'desconocida' };
      return { kind: 'ok', actor: { ...actor, origin } };
    }
    const cookie = sessionTokenOf(req, this.services.deps.config.publicBaseUrl);
    if (cookie === null) return { kind: 'missing' };
    const s = await this.services.authenticateSession.execute(cookie);
    if (!s) return { kind: 'invalid', scheme: 'session' };
    if (opts.csrf && !sameToken(req.get('x-csrf-token'), s.session.csrfToken)) return { kind: 'csrf' };
    const owes = s.session.secondFactor;
    if ((owes === 'required' || owes === 'enrolment_required') && !opts.secondFactorPending) return { kind: 'second_factor', owes };
    sessions.set(req, s);
    return { kind: 'ok', actor: { ...s.actor, origin: originOf(req) } };
  }

  /** A connection's credential read again (revoked key, ended session, changed scopes or role); null when it no longer holds. */
  async reauthenticate(credential: ConnectionCredential): Promise<Actor | null> {
    if (credential.scheme === 'api_key') return this.services.authenticateApiKey.execute(credential.token);
    const s = await this.services.authenticateSession.execute(credential.cookie);
    // A session still owing its second factor opens no socket.
    return s && s.session.secondFactor !== 'required' && s.session.secondFactor !== 'enrolment_required' ? s.actor : null;
  }

  /** Counts one request against the actor's credential; null when rate limiting is off. */
  async takeRate(actor: Actor): Promise<RateDecision | null> {
    return this.limiter.enabled ? this.limiter.take(actor.keyId) : null;
  }

  /** Counts one request without credentials against the caller's address; null when off. */
  async takeAnonymousRate(address: string | undefined): Promise<RateDecision | null> {
    return this.anonymousLimiter.enabled ? this.anonymousLimiter.take(`ip:${address ?? 'unknown'}`) : null;
  }

  /** Counts the request against the credential and sets the RateLimit-* headers (and Retry-After when refused). */
  async rateLimit(res: Response, actor: Actor): Promise<RateDecision | null> {
    const d = await this.takeRate(actor);
    if (d) for (const [k, v] of Object.entries(rateLimitHeaders(d))) res.setHeader(k, v);
    return d;
  }

  /**
   * Admits a REST request: credentials (unless the route is public), CSRF with a session, the rate
   * limit, then the route's scope — or, for a panel-session route, a panel session (`sessionOnly`
   * names the refusal of any other credential).
   */
  async admit(
    req: Request,
    res: Response,
    need: { public?: boolean; scope: Scope | null; embedView?: boolean; sessionOnly?: 'session_required' | 'unauthenticated'; secondFactorPending?: boolean },
  ): Promise<Admission> {
    if (need.public) return { kind: 'admitted', actor: null };
    const auth = await this.authenticate(req, { csrf: !SAFE_METHODS.has(req.method), secondFactorPending: need.secondFactorPending });
    if (auth.kind !== 'ok') {
      const f = authFailure(auth);
      return refused(f.code, f.message, f.code === 'unauthenticated' ? WWW_AUTHENTICATE : {});
    }
    // An embed view's token reads the routes of its view and changes nothing.
    if (auth.actor.scheme === 'embed_view' && (!SAFE_METHODS.has(req.method) || !need.embedView)) return refused('insufficient_scope', AUTH_MESSAGES.embedViewReadOnly);
    const rate = await this.rateLimit(res, auth.actor);
    if (rate && !rate.allowed) return refused('rate_limited', AUTH_MESSAGES.rateLimited(rate.resetS));
    if (need.sessionOnly && auth.actor.scheme !== 'session') {
      return refused(need.sessionOnly, need.sessionOnly === 'session_required' ? AUTH_MESSAGES.sessionRequired : AUTH_MESSAGES.noSession);
    }
    const missing = firstMissingScope(auth.actor.scopes, need.scope ? [need.scope] : []);
    if (missing) return refused('insufficient_scope', insufficientScopeMessage(missing, auth.actor.scheme));
    return { kind: 'admitted', actor: auth.actor };
  }
}

/** Whether an API key with `allowed_ips` may be used from this client address (ADR 0054); any other credential may. */
export function keyAddressAllowed(actor: Actor, address: string | null): boolean {
  const ranges = actor.scheme === 'api_key' ? actor.keyLimits?.allowedIps : null;
  return !ranges || (!!address && addressAllowed(address, ranges));
}

/**
 * The client address and User-Agent (at most 300 characters) the audit log records: of an HTTP
 * request, or of a graphql-ws connection's upgrade request (every operation on it acts from there).
 */
export function originOf(req: IncomingMessage & { ip?: string }): RequestOrigin {
  return { ip: clientAddress(req), userAgent: req.headers['user-agent']?.slice(0, 300) ?? null };
}

function refused(code: GuardRefusal['code'], detail: string, headers: Record<string, string> = {}): Admission {
  return { kind: 'refused', refusal: { code, detail, headers } };
}
