import type { EntityManager } from '@mikro-orm/core';
import type { RecurringDocumentEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';

/**
 * The audit entry of a change of a recurring document (ADR 0043), in the change's transaction: the
 * target is its emitter, the details name the recurring document and its schedule.
 */
export async function auditRecurring(tx: EntityManager, at: Date, actor: Actor, action: 'created' | 'paused' | 'resumed' | 'deleted', row: RecurringDocumentEntity): Promise<void> {
  await recordAudit(tx, at, { actor }, {
    accountId: actor.accountId,
    action: `recurring_document.${action}`,
    target: { type: 'emitter', id: row.emitterId },
    details: { recurring_document_id: row.id, frequency: row.frequency, ...(action === 'resumed' ? { next_run_on: row.nextRunOn } : {}) },
  });
}
