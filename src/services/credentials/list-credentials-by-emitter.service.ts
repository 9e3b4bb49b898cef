import { EmitterCredentialEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { credentialStatus, type CredentialStatus } from './credential-status';

/**
 * The credential status of several emitters in one query (environment order), in the order of
 * `emitterIds` (the GraphQL door batches the emitters of one operation). The caller has already
 * loaded the emitters through an account-checked service, so only their ids reach here.
 */
export class ListCredentialsByEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(emitterIds: readonly string[]): Promise<CredentialStatus[][]> {
    const rows = await this.deps.orm.em
      .fork()
      .find(EmitterCredentialEntity, { emitter: { $in: [...emitterIds] } }, { orderBy: { environment: 'asc' } });
    return emitterIds.map((id) => rows.filter((r) => r.emitter.id === id).map(credentialStatus));
  }
}
