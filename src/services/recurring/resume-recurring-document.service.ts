import { localDateOf } from '../../domain/mh-rules/el-salvador-time';
import { nextRunAfterResume } from '../../domain/recurring/recurring-schedule';
import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnRecurring, ruleOf } from './recurring-access';
import { auditRecurring } from './recurring-audit';
import { recurringView, type RecurringDocumentView } from './recurring-view';

/**
 * Resumes a paused recurring document from today (El Salvador): the occurrences that fell while it
 * was paused are skipped, never issued late. Resuming an active one changes nothing; a completed
 * one (or one whose bounds left nothing after the pause) is refused with 409.
 */
export class ResumeRecurringDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, emitterId?: string): Promise<RecurringDocumentView> {
    return this.deps.orm.em.fork().transactional(async (tx) => {
      const row = await loadOwnRecurring(tx, actor, id, { lock: true, emitterId });
      if (row.status === 'active') return recurringView(row);
      const now = this.deps.clock.now();
      const next = row.status === 'paused' ? nextRunAfterResume(ruleOf(row), row.nextRunOn, row.occurrencesCount, localDateOf(now)) : null;
      if (next === null) {
        throw new DomainError('recurring_document_completed', 'La factura recurrente ya no tiene emisiones pendientes (llegó a su fecha de fin o a su cantidad de emisiones): no se puede reanudar.');
      }
      row.status = 'active';
      row.nextRunOn = next;
      row.updatedAt = now;
      await tx.flush();
      await auditRecurring(tx, now, actor, 'resumed', row);
      return recurringView(row);
    });
  }
}
