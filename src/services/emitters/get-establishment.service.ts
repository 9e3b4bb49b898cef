import { EstablishmentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

export class GetEstablishmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, id: string): Promise<EstablishmentEntity | null> {
    if (typeof id !== 'string' || id.length > 64 || typeof emitterId !== 'string') return null;
    return this.deps.orm.em
      .fork()
      .findOne(EstablishmentEntity, { id, emitter: { id: emitterId, account: actor.accountId } }, { populate: ['pointsOfSale'] });
  }
}
