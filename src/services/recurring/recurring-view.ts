import type { RecurringDocumentView, RecurringOccurrenceView } from '../../domain/recurring/recurring-document-view';
import type { RecurringDocumentEntity, RecurringOccurrenceEntity } from '../../persistence/entities';

export type { RecurringDocumentView, RecurringOccurrenceView } from '../../domain/recurring/recurring-document-view';

/** The one mapping from a stored recurring document to its view (src/domain/recurring/recurring-document-view.ts), which both doors show. */
export function recurringView(row: RecurringDocumentEntity): RecurringDocumentView {
  return {
    id: row.id,
    emitterId: row.emitterId,
    environment: row.environment as RecurringDocumentView['environment'],
    template: { emitterId: row.emitterId, ...row.template },
    schedule: { frequency: row.frequency === 'weekly' ? 'weekly' : 'monthly', dayOfMonth: row.dayOfMonth, weekday: row.weekday },
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    count: row.maxCount,
    sendEmail: row.sendEmail,
    status: row.status as RecurringDocumentView['status'],
    nextRunOn: row.status === 'active' ? row.nextRunOn : null,
    occurrencesCount: row.occurrencesCount,
    lastOccurrenceOn: row.lastOccurrenceOn,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** One occurrence with its document's current status and control number (null while none). */
export function occurrenceView(row: RecurringOccurrenceEntity, doc: { status: string; controlNumber: string | null } | null): RecurringOccurrenceView {
  return {
    id: row.id,
    recurringDocumentId: row.recurringId,
    occurrenceOn: row.occurrenceOn,
    status: row.status as RecurringOccurrenceView['status'],
    documentId: row.documentId,
    documentStatus: doc?.status ?? null,
    controlNumber: doc?.controlNumber ?? null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '', errors: row.errors ?? [] } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
