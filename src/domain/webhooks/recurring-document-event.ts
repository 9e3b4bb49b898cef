import { RECURRING_DOCUMENT_FAILED_FIELDS, type RecurringOccurrenceView } from '../recurring/recurring-document-view';
import { summaryKey } from './webhook-event';

/**
 * The `data` of `recurring_document.failed` (docs/webhooks.md): the refused occurrence's
 * RECURRING_DOCUMENT_FAILED_FIELDS (the error as the issuance refused it) and its recurring document's
 * emitter, after `object` (as the event has always written them).
 */
export function recurringDocumentFailedEventData(o: Pick<RecurringOccurrenceView, (typeof RECURRING_DOCUMENT_FAILED_FIELDS)[number]>, emitterId: string): Record<string, unknown> {
  const out: Record<string, unknown> = { object: 'recurring_document_occurrence' };
  for (const f of RECURRING_DOCUMENT_FAILED_FIELDS) {
    out[summaryKey(f)] = o[f];
    if (f === 'recurringDocumentId') out.emitter_id = emitterId;
  }
  return out;
}
