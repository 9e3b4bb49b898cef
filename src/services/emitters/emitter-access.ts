import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { EmitterEntity, EstablishmentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';

/** Whether the actor may see this emitter at all (an embed view sees its one emitter only). */
export const emitterVisibleTo = (actor: Actor, id: string): boolean => !actor.onlyEmitterId || actor.onlyEmitterId === id;

/** An emitter of the caller's account; another account's id is "not found" (never "forbidden"). */
export async function loadOwnEmitter(em: EntityManager, actor: Actor, id: string, path: string | null = 'id'): Promise<EmitterEntity> {
  const emitter = typeof id === 'string' && id.length <= 64 && emitterVisibleTo(actor, id) ? await em.findOne(EmitterEntity, { id, account: actor.accountId }) : null;
  if (!emitter) throw DomainError.notFound('un emisor', path);
  return emitter;
}

export async function loadOwnEstablishment(em: EntityManager, emitter: EmitterEntity, id: string): Promise<EstablishmentEntity> {
  const est = typeof id === 'string' && id.length <= 64
    ? await em.findOne(EstablishmentEntity, { id, emitter }, { populate: ['pointsOfSale'] })
    : null;
  if (!est) throw DomainError.notFound('un establecimiento', 'establishmentId');
  return est;
}
