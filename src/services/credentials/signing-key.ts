import type { KeyObject } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { EmitterCredentialEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';

/** The issuer's signing key for an environment: decrypted once, then cached in memory per credential version. */
export async function signingKeyFor(deps: ServiceDeps, em: EntityManager, emitterId: string, environment: string): Promise<{ key: KeyObject; credential: EmitterCredentialEntity }> {
  const credential = await em.findOne(EmitterCredentialEntity, { emitter: emitterId, environment });
  if (!credential) {
    throw new DomainError(
      'credentials_not_configured',
      `El emisor no tiene certificado para el ambiente ${environment}; súbalo con PUT /v1/emitters/{id}/credentials.`,
    );
  }
  const key = deps.signingKeys.get(`${emitterId}:${environment}:${credential.version}`, () =>
    deps.secrets.open(credential.sealedPrivateKey, `emitter:${emitterId}:${environment}:private-key`),
  );
  return { key, credential };
}
