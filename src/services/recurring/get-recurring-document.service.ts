import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { findOwnRecurring } from './recurring-access';
import { recurringView, type RecurringDocumentView } from './recurring-view';

/** A recurring document of the caller's account and environment, or null. */
export class GetRecurringDocumentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, emitterId?: string): Promise<RecurringDocumentView | null> {
    const row = await findOwnRecurring(this.deps.orm.em.fork(), actor, id, { emitterId });
    return row ? recurringView(row) : null;
  }
}
