import type { Environment } from '../../domain/identity/api-key-format';
import type { Role } from '../../domain/identity/roles';
import type { IdempotencyHandle } from '../idempotency/idempotency-handle';

/**
 * How the caller proved who it is: an API key (`Authorization: Bearer sk_…`), a panel session
 * (cookie `service_session` + `X-CSRF-Token`), or the read-only view token of an embed session.
 */
export type ActorScheme = 'api_key' | 'session' | 'embed_view';

export type SessionSecondFactor = 'none' | 'verified' | 'required' | 'enrolment_required';

/** The panel user behind a session. */
export interface ActorUser {
  id: string;
  email: string;
  role: Role;
}

/** The client address and User-Agent of a request (audit log). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** Who is calling, the same shape for every scheme: account, environment, scopes and the credential. */
export interface Actor {
  accountId: string;
  environment: Environment;
  scopes: readonly string[];
  /** The credential the request counts against (rate limit, audit): the key's id, or the session's (`ses_…`). */
  keyId: string;
  scheme: ActorScheme;
  /** The panel user with a session; null otherwise. */
  user: ActorUser | null;
  /** Where the request came from (client address and User-Agent), for the audit log; absent outside a request. */
  origin?: RequestOrigin;
  /**
   * The only emitters the caller sees and acts for: an embed view's one emitter, or an API key's
   * `emitter_ids` (every read of emitters, documents, reports and status events honours it).
   */
  onlyEmitterIds?: readonly string[];
  /** An API key's limits (ADR 0054): the CAT-002 types it issues, the CIDRs its requests come from. */
  keyLimits?: { documentTypes: readonly string[] | null; allowedIps: readonly string[] | null; emitterIds: readonly string[] | null };
  /**
   * A panel session's second factor (ADR 0053): `required` (the password was right, the code is
   * awaited) and `enrolment_required` (the account requires one the user lacks) open nothing but
   * finishing the login or enrolling; `none` and `verified` are full sessions.
   */
  secondFactor?: SessionSecondFactor;
  /** Set while a request carrying an Idempotency-Key runs: what it creates is linked to its record. */
  idempotency?: IdempotencyHandle;
}

/**
 * The caller as one issuance sees it: with a panel session the body's `environment` decides for that
 * document (default the session's own); with an API key the key decides and the body's value is
 * ignored (interface spec). Production then follows the same rules whichever scheme chose it.
 */
export function issuingActor(actor: Actor, requested: unknown): Actor {
  if (actor.scheme !== 'session' || (requested !== '00' && requested !== '01') || requested === actor.environment) return actor;
  return { ...actor, environment: requested };
}
