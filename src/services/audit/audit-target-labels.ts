import type { EntityManager } from '@mikro-orm/core';
import type { DocumentQueries } from '../../persistence/documents/document-queries';
import { ApiKeyEntity, EmitterEntity, UserEntity, WebhookEndpointEntity } from '../../persistence/entities';
import type { AuditEntryEntity } from '../../persistence/entities';

/** `type:id` → how a person recognises the target. */
export type AuditTargetLabels = Map<string, string>;

export const targetKey = (type: string, id: string) => `${type}:${id}`;

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

/** A key's label: its name, else its visible prefix (`sk_test_4fZq…`). */
export function apiKeyLabel(name: string | null | undefined, prefix: string | null | undefined): string | null {
  return text(name) ?? (text(prefix) ? `${text(prefix)}…` : null);
}

/**
 * Readable names of a page of entries' targets (and of the keys that acted): an emitter's name, a
 * key's name (or prefix), a user's e-mail, a document's control number, a webhook endpoint's URL. One query per kind of target
 * on the page, only the account's own rows; a target gone since (a user removed) keeps what the
 * entry's details recorded.
 */
export async function auditTargetLabels(em: EntityManager, documentQueries: DocumentQueries, accountId: string, entries: AuditEntryEntity[]): Promise<AuditTargetLabels> {
  const ids = (type: string) => [...new Set(entries.filter((e) => e.targetType === type && e.targetId).map((e) => e.targetId!))];
  const labels: AuditTargetLabels = new Map();
  const emitters = ids('emitter');
  const keys = [...new Set([...ids('api_key'), ...entries.filter((e) => e.actorType === 'api_key' && e.actorKeyId).map((e) => e.actorKeyId!)])];
  const users = ids('user');
  const documents = ids('document');
  const endpoints = ids('webhook_endpoint');
  // One after the other: the embedded database has a single session.
  const emitterRows = emitters.length ? await em.find(EmitterEntity, { id: { $in: emitters }, account: accountId }, { fields: ['id', 'name'] }) : [];
  const keyRows = keys.length ? await em.find(ApiKeyEntity, { id: { $in: keys }, account: accountId }, { fields: ['id', 'description', 'displayPrefix'] }) : [];
  const userRows = users.length ? await em.find(UserEntity, { id: { $in: users }, account: accountId }, { fields: ['id', 'email'] }) : [];
  const documentRows = await documentQueries.controlNumbers(em, accountId, documents);
  const endpointRows = endpoints.length ? await em.find(WebhookEndpointEntity, { id: { $in: endpoints }, accountId }, { fields: ['id', 'url'] }) : [];
  for (const e of emitterRows) labels.set(targetKey('emitter', e.id), e.name);
  for (const k of keyRows) labels.set(targetKey('api_key', k.id), apiKeyLabel(k.description, k.displayPrefix)!);
  for (const u of userRows) labels.set(targetKey('user', u.id), u.email);
  for (const d of documentRows) if (d.control_number) labels.set(targetKey('document', d.id), d.control_number);
  for (const w of endpointRows) labels.set(targetKey('webhook_endpoint', w.id), w.url);
  // What the entry itself recorded, for targets no longer there.
  for (const e of entries) {
    if (!e.targetType || !e.targetId || labels.has(targetKey(e.targetType, e.targetId))) continue;
    const d = e.details ?? {};
    const recorded = e.targetType === 'api_key' ? apiKeyLabel(text(d.name), text(d.prefix)) : e.targetType === 'user' ? text(d.email) : e.targetType === 'document' ? text(d.control_number) : e.targetType === 'webhook_endpoint' ? text(d.url) : null;
    if (recorded) labels.set(targetKey(e.targetType, e.targetId), recorded);
  }
  return labels;
}
