import type { EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { WebhookDeliveryEntity, WebhookEndpointEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';

/** Endpoints belong to an account AND an environment: another account's or environment's id is "not found". */
export async function findOwnEndpoint(em: EntityManager, actor: Actor, id: string): Promise<WebhookEndpointEntity | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  return em.findOne(WebhookEndpointEntity, { id, accountId: actor.accountId, environment: actor.environment });
}

export async function loadOwnEndpoint(em: EntityManager, actor: Actor, id: string, path: string | null = 'id'): Promise<WebhookEndpointEntity> {
  const endpoint = await findOwnEndpoint(em, actor, id);
  if (!endpoint) throw DomainError.notFound('un endpoint de webhook', path);
  return endpoint;
}

export async function findOwnDelivery(em: EntityManager, endpoint: WebhookEndpointEntity, id: string): Promise<WebhookDeliveryEntity | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  return em.findOne(WebhookDeliveryEntity, { id, endpoint });
}
