import type { KeyObject } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';

/** The issuer's signing key for an environment: decrypted once, then cached in memory per credential version. */
export async function signingKeyFor(deps: ServiceDeps, em: EntityManager, emitterId: string, environment: string): Promise<{ key: KeyObject; version: number }> {
  const [credential] = await preparedSql<{ version: number; sealed_private_key: string }>(
    em,
    'select version, sealed_private_key from emitter_credentials where emitter_id = ? and environment = ?',
    [emitterId, environment],
  );
  return { key: signingKeyFrom(deps, emitterId, environment, credential), version: credential.version };
}

/** The same from the credential's row already read (`version`, `sealed_private_key`; undefined/null: none). */
export function signingKeyFrom(deps: ServiceDeps, emitterId: string, environment: string, credential: { version: number; sealed_private_key: string } | null | undefined): KeyObject {
  if (!credential) {
    throw new DomainError(
      'credentials_not_configured',
      `El emisor no tiene certificado para el ambiente ${environment}; súbalo con PUT /v1/emitters/{id}/credentials.`,
    );
  }
  return deps.signingKeys.get(`${emitterId}:${environment}:${credential.version}`, () =>
    deps.secrets.open(credential.sealed_private_key, `emitter:${emitterId}:${environment}:private-key`),
  );
}
