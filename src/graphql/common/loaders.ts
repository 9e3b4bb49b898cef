import DataLoader from 'dataloader';
import type { Services } from '../../services/services';
import { EmitterCredentialEntity, EstablishmentEntity } from '../../persistence/entities';
import { credentialStatus, type CredentialStatus } from '../../services/credentials/credential-status';

/** Per-request batch loaders for relations (one query per relation per request). */
export function createLoaders(services: Services) {
  return {
    establishmentsByEmitter: new DataLoader<string, EstablishmentEntity[]>(async (emitterIds) => {
      const rows = await services.deps.orm.em
        .fork()
        .find(EstablishmentEntity, { emitter: { $in: [...emitterIds] } }, { orderBy: { id: 'asc' }, populate: ['pointsOfSale'] });
      const byEmitter = new Map<string, EstablishmentEntity[]>();
      for (const r of rows) {
        const id = r.emitter.id;
        byEmitter.set(id, [...(byEmitter.get(id) ?? []), r]);
      }
      return emitterIds.map((id) => byEmitter.get(id) ?? []);
    }),
    credentialsByEmitter: new DataLoader<string, CredentialStatus[]>(async (emitterIds) => {
      const rows = await services.deps.orm.em
        .fork()
        .find(EmitterCredentialEntity, { emitter: { $in: [...emitterIds] } }, { orderBy: { environment: 'asc' } });
      return emitterIds.map((id) => rows.filter((r) => r.emitter.id === id).map(credentialStatus));
    }),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
