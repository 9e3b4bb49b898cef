import { type Page, type PageRequest } from '../../domain/shared/pagination';
import { RecurringOccurrenceEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadOwnRecurring } from './recurring-access';
import { occurrenceView, type RecurringOccurrenceView } from './recurring-view';

/** The occurrences of a recurring document, newest first, each with its document's current status and number (or its refusal). */
export class ListRecurringOccurrencesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, recurringId: string, page: PageRequest, emitterId?: string): Promise<Page<RecurringOccurrenceView>> {
    const em = this.deps.orm.em.fork();
    const rec = await loadOwnRecurring(em, actor, recurringId, { emitterId });
    const rows = await em.find(
      RecurringOccurrenceEntity,
      { recurringId: rec.id, ...(page.startingAfter ? { id: { $lt: page.startingAfter } } : {}) },
      { orderBy: { id: 'desc' }, limit: page.limit + 1 },
    );
    const shown = rows.slice(0, page.limit);
    const ids = shown.map((r) => r.documentId).filter((id): id is string => id !== null);
    // Read through the document store (its one owner): status and control number of each document.
    const [statuses, numbers] = ids.length ? await Promise.all([this.deps.documents.statusesOf(em, ids), this.deps.documents.controlNumbers(em, actor.accountId, ids)]) : [[], []];
    const status = new Map(statuses.map((s) => [s.id, s.status]));
    const number = new Map(numbers.map((n) => [n.id, n.control_number]));
    const data = shown.map((r) => occurrenceView(r, r.documentId ? { status: status.get(r.documentId) ?? 'signed', controlNumber: number.get(r.documentId) ?? null } : null));
    return { data, hasMore: rows.length > page.limit };
  }
}
