import { EmitterEntity } from '../../persistence/entities';
import { emitterVisibleTo } from './emitter-access';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

/** An emitter of the caller's account, or null (another account's emitter is invisible). */
export class GetEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string): Promise<EmitterEntity | null> {
    if (typeof id !== 'string' || id.length > 64 || !emitterVisibleTo(actor, id)) return null;
    return this.deps.orm.em.fork().findOne(EmitterEntity, { id, account: actor.accountId });
  }
}
