import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { EmitterEntity, EstablishmentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';

/** Whether the actor may see this emitter at all (an embed view sees its one emitter only, a limited key its own). */
export const emitterVisibleTo = (actor: Actor, id: string): boolean => !actor.onlyEmitterIds || actor.onlyEmitterIds.includes(id);

/** 403 naming the limit: an API key limited to some emitters, asked about another of its account. */
export function keyEmitterForbidden(actor: Actor, path: string | null): DomainError {
  const ids = actor.keyLimits?.emitterIds ?? [];
  const message = `Esta llave de API está limitada a ${ids.length === 1 ? 'el emisor' : 'los emisores'} ${ids.join(', ')} (emitter_ids): no opera sobre otro.`;
  return new DomainError('api_key_emitter_forbidden', message, [{ path, code: 'api_key_emitter_forbidden', message }]);
}

/**
 * An emitter of the caller's account; another account's id is "not found" (never "forbidden"), and so
 * is one an embed view does not show. An emitter of the account outside a key's `emitter_ids` is 403
 * `api_key_emitter_forbidden`, naming the limit.
 */
export async function loadOwnEmitter(em: EntityManager, actor: Actor, id: string, path: string | null = 'id'): Promise<EmitterEntity> {
  const limitedKey = actor.scheme === 'api_key' && !!actor.keyLimits?.emitterIds;
  const emitter = typeof id === 'string' && id.length <= 64 && (limitedKey || emitterVisibleTo(actor, id)) ? await em.findOne(EmitterEntity, { id, account: actor.accountId }) : null;
  if (!emitter) throw DomainError.notFound('un emisor', path);
  if (!emitterVisibleTo(actor, id)) throw keyEmitterForbidden(actor, path);
  return emitter;
}

/**
 * An API key's limits on issuing (ADR 0054): an emitter outside its `emitter_ids` or a type outside
 * its `document_types` is 403 naming the limit, before anything is read or spent.
 */
export function assertKeyMayIssue(actor: Actor, emitterId: unknown, type: unknown): void {
  const limits = actor.scheme === 'api_key' ? actor.keyLimits : undefined;
  if (!limits) return;
  if (limits.emitterIds && (typeof emitterId !== 'string' || !limits.emitterIds.includes(emitterId))) throw keyEmitterForbidden(actor, 'emitterId');
  if (limits.documentTypes && (typeof type !== 'string' || !limits.documentTypes.includes(type))) {
    const message = `Esta llave de API solo emite ${limits.documentTypes.length === 1 ? 'el tipo' : 'los tipos'} ${limits.documentTypes.join(', ')} (document_types): no el tipo ${String(type)}.`;
    throw new DomainError('api_key_document_type_forbidden', message, [{ path: 'type', code: 'api_key_document_type_forbidden', message }]);
  }
}

/** A key limited to some emitters creates no other (403 naming the limit). */
export function assertKeyMayCreateEmitter(actor: Actor): void {
  if (actor.scheme === 'api_key' && actor.keyLimits?.emitterIds) throw keyEmitterForbidden(actor, null);
}

export async function loadOwnEstablishment(em: EntityManager, emitter: EmitterEntity, id: string): Promise<EstablishmentEntity> {
  const est = typeof id === 'string' && id.length <= 64
    ? await em.findOne(EstablishmentEntity, { id, emitter }, { populate: ['pointsOfSale'] })
    : null;
  if (!est) throw DomainError.notFound('un establecimiento', 'establishmentId');
  return est;
}
