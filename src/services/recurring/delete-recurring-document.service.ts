import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnRecurring } from './recurring-access';
import { auditRecurring } from './recurring-audit';
import { recurringView, type RecurringDocumentView } from './recurring-view';

/**
 * Deletes a recurring document: nothing more is issued and it is no longer listed nor found (404).
 * Its occurrences and the documents they issued stay (documents are never deleted); the row is kept
 * marked deleted so that history still names what issued them.
 */
export class DeleteRecurringDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, emitterId?: string): Promise<RecurringDocumentView> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const row = await loadOwnRecurring(tx, actor, id, { lock: true, emitterId });
      const view = recurringView(row);
      const now = this.deps.clock.now();
      row.deletedAt = now;
      row.updatedAt = now;
      await tx.flush();
      await auditRecurring(tx, now, actor, 'deleted', row);
      return view;
    });
  }
}
