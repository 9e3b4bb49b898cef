import { EmitterCredentialEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { CREDENTIAL_ENVIRONMENTS, credentialStatus, emptyCredentialStatus, type CredentialStatus } from './credential-status';

/**
 * The credential status of several emitters in one query — one per environment (`00`, `01`;
 * `certificateLoaded: false` where nothing is stored) — in the order of
 * `emitterIds` (the GraphQL door batches the emitters of one operation). The caller has already
 * loaded the emitters through an account-checked service, so only their ids reach here.
 */
export class ListCredentialsByEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(emitterIds: readonly string[]): Promise<CredentialStatus[][]> {
    const rows = await this.deps.orm.em
      .fork()
      .find(EmitterCredentialEntity, { emitter: { $in: [...emitterIds] } }, { orderBy: { environment: 'asc' } });
    return emitterIds.map((id) =>
      CREDENTIAL_ENVIRONMENTS.map((env) => {
        const stored = rows.find((r) => r.emitter.id === id && r.environment === env);
        return stored ? credentialStatus(stored) : emptyCredentialStatus(env);
      }),
    );
  }
}
