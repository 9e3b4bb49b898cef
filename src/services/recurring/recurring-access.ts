import { LockMode, type EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import type { RecurringRule } from '../../domain/recurring/recurring-schedule';
import { RecurringDocumentEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';

/** `emitterId` (REST, nested under its emitter): another emitter's recurring document is not found either. Recurring documents belong to an account AND an environment (the key's): another's id is "not found"; deleted ones are gone. */
export async function findOwnRecurring(em: EntityManager, actor: Actor, id: string, opts: { lock?: boolean; emitterId?: string } = {}): Promise<RecurringDocumentEntity | null> {
  if (typeof id !== 'string' || id.length > 64) return null;
  const row = await em.findOne(RecurringDocumentEntity, { id, accountId: actor.accountId, environment: actor.environment, deletedAt: null, ...(opts.emitterId !== undefined ? { emitterId: opts.emitterId } : {}) }, opts.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (row && actor.onlyEmitterIds && !actor.onlyEmitterIds.includes(row.emitterId)) return null;
  return row;
}

/** With `lock` (inside a transaction): the row locked as the job claims it, so a pause or delete and a claim never cross. */
export async function loadOwnRecurring(em: EntityManager, actor: Actor, id: string, opts: { lock?: boolean; emitterId?: string } = {}): Promise<RecurringDocumentEntity> {
  const row = await findOwnRecurring(em, actor, id, opts);
  if (!row) throw DomainError.notFound('una factura recurrente', 'id');
  return row;
}

/** The stored rule of a row. */
export function ruleOf(row: RecurringDocumentEntity): RecurringRule {
  return {
    schedule: row.frequency === 'weekly' ? { frequency: 'weekly', weekday: row.weekday ?? 1 } : { frequency: 'monthly', dayOfMonth: row.dayOfMonth ?? 1 },
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    count: row.maxCount,
  };
}
