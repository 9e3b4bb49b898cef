import type { EntityManager } from '@mikro-orm/core';
import type { MhCredentials } from '../../integrations/mh-client';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';

/** The issuer's MH API user and password for an environment (decrypted in memory), or null. */
export async function mhCredentialsFor(deps: ServiceDeps, em: EntityManager, emitterId: string, environment: string): Promise<MhCredentials | null> {
  const rows = await preparedSql<{ nit: string; mh_user: string | null; sealed_mh_password: string | null }>(
    em,
    `select e.nit, c.mh_user, c.sealed_mh_password from emitter_credentials c join emitters e on e.id = c.emitter_id
      where c.emitter_id = ? and c.environment = ?`,
    [emitterId, environment],
  );
  return mhCredentialsFrom(deps, emitterId, environment, rows[0]);
}

/** The same from a row already read (`nit`, `mh_user`, `sealed_mh_password`). */
export function mhCredentialsFrom(
  deps: ServiceDeps,
  emitterId: string,
  environment: string,
  r: { nit: string; mh_user: string | null; sealed_mh_password: string | null } | undefined,
): MhCredentials | null {
  if (!r || !r.mh_user || !r.sealed_mh_password) return null;
  return { nit: r.nit, mhUser: r.mh_user, mhPassword: deps.secrets.openTextRemembered(r.sealed_mh_password, `emitter:${emitterId}:${environment}:mh-password`) };
}
