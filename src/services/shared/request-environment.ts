import type { Environment } from '../../domain/identity/api-key-format';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from './actor';

/**
 * The environment a request acts in, derived in this one place for every door and service.
 *
 * - An API key works in its own environment only: naming another one (credential upload and test,
 *   list filters, reports) is refused with 403 `environment_forbidden`, before anything changes.
 * - A panel session may name either environment; unnamed, it acts in its own (switched with
 *   PATCH /v1/auth/session).
 * - Issuance applies the spec's one exception (`DocumentCreate.environment` is ignored with an API key
 *   and honoured with a session): `issuingActor` in actor.ts.
 *
 * `named` is the value the request carries (`undefined`/`null` when absent); `field` the name of
 * the field or parameter that carried it, for the problem's `errors[].path`.
 */
export function requestEnvironment(actor: Actor, named: unknown, field = 'environment'): Environment {
  if (named === undefined || named === null) return actor.environment;
  if (named !== '00' && named !== '01') {
    throw DomainError.field('invalid_value', field, 'El ambiente es "00" (pruebas) o "01" (producción).');
  }
  if (actor.scheme === 'session' || named === actor.environment) return named;
  const own = actor.environment === '00' ? '"00" (pruebas, llave sk_test_)' : '"01" (producción, llave sk_live_)';
  throw DomainError.field('environment_forbidden', field, `Esta llave de API solo puede usar el ambiente ${own}; use una llave del ambiente "${named}".`);
}

/** The actor acting in the request's environment (see `requestEnvironment`), for services that read `actor.environment`. */
export function inRequestEnvironment(actor: Actor, named: unknown, field = 'environment'): Actor {
  const environment = requestEnvironment(actor, named, field);
  return environment === actor.environment ? actor : { ...actor, environment };
}
