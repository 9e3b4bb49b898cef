import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import type { EmitterEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';

/** What differs between adding a customer and adding a product to an emitter's directory. */
export interface DirectoryEntryKind<I, C, E extends { id: string }> {
  /** The Idempotency-Key record's resource type. */
  resource: string;
  schema: z.ZodType<I>;
  columns(input: I): C;
  /** The entry as stored (a retry of a request whose process died answers it). */
  load(em: EntityManager, emitter: EmitterEntity, id: string): Promise<E>;
  /** Creates the entity in the transaction (id, account, emitter, columns, times). */
  create(tx: EntityManager, actor: Actor, emitter: EmitterEntity, cols: C, now: Date): E;
  audit(e: E): { action: Parameters<typeof recordAudit>[3]['action']; details: Record<string, unknown> };
  /** The refusal of a second entry with the same key (document number, code). */
  taken(cols: C): DomainError;
}

/**
 * Adds an entry to an emitter's directory: the emitter's own check, the input validated by the
 * kind's schema, the row, its link to the request's Idempotency-Key record and its audit line in
 * one commit; a duplicate key is the kind's 409.
 */
export async function createDirectoryEntry<I, C, E extends { id: string }>(deps: ServiceDeps, kind: DirectoryEntryKind<I, C, E>, actor: Actor, emitterId: string, input: unknown): Promise<E> {
  const em = deps.orm.em.fork();
  const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
  const resumed = resumedResource(actor, kind.resource);
  if (resumed) return kind.load(em, emitter, resumed);
  const parsed = parseWith(kind.schema, input);
  if (!parsed.ok) throw DomainError.validation(parsed.errors);
  const now = deps.clock.now();
  const cols = kind.columns(parsed.value);
  try {
    return await em.transactional(async (tx) => {
      const e = kind.create(tx, actor, emitter, cols, now);
      await tx.flush();
      await linkCreatedResource(tx, actor, kind.resource, e.id);
      const { action, details } = kind.audit(e);
      await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action, target: { type: 'emitter', id: emitter.id }, details });
      return e;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw kind.taken(cols);
    throw err;
  }
}
