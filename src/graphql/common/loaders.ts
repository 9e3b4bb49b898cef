import DataLoader from 'dataloader';
import type { Services } from '../../services/services';
import type { CredentialStatus } from '../../services/credentials/credential-status';
import type { EstablishmentRecord } from '../../services/emitters/emitter-view';

/** Per-request batch loaders for relations (one query per relation per request). */
export function createLoaders(services: Services) {
  return {
    establishmentsByEmitter: new DataLoader<string, EstablishmentRecord[]>((emitterIds) => services.listEstablishmentsByEmitter.execute(emitterIds)),
    credentialsByEmitter: new DataLoader<string, CredentialStatus[]>((emitterIds) => services.listCredentialsByEmitter.execute(emitterIds)),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
