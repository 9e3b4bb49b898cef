import { EstablishmentEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import type { EstablishmentRecord } from './emitter-view';

/**
 * The establishments (with points of sale) of several emitters in one query, in creation order, in
 * the order of `emitterIds` (the GraphQL door batches the emitters of one operation). The caller has
 * already loaded the emitters through an account-checked service, so only their ids reach here.
 */
export class ListEstablishmentsByEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(emitterIds: readonly string[]): Promise<EstablishmentRecord[][]> {
    const rows = await this.deps.orm.em
      .fork()
      .find(EstablishmentEntity, { emitter: { $in: [...emitterIds] } }, { orderBy: { id: 'asc' }, populate: ['pointsOfSale'] });
    const byEmitter = new Map<string, EstablishmentRecord[]>();
    for (const r of rows) byEmitter.set(r.emitter.id, [...(byEmitter.get(r.emitter.id) ?? []), r]);
    return emitterIds.map((id) => byEmitter.get(id) ?? []);
  }
}
