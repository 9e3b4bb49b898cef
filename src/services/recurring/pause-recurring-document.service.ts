import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnRecurring } from './recurring-access';
import { auditRecurring } from './recurring-audit';
import { recurringView, type RecurringDocumentView } from './recurring-view';

/**
 * Pauses a recurring document: no occurrence is claimed while paused (one already being issued
 * finishes). Pausing a paused or completed one changes nothing.
 */
export class PauseRecurringDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, emitterId?: string): Promise<RecurringDocumentView> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const row = await loadOwnRecurring(tx, actor, id, { lock: true, emitterId });
      // Locked as the job claims: once this commits, no new occurrence starts.
      if (row.status === 'active') {
        row.status = 'paused';
        row.updatedAt = this.deps.clock.now();
        await tx.flush();
        await auditRecurring(tx, row.updatedAt, actor, 'paused', row);
      }
      return recurringView(row);
    });
  }
}
