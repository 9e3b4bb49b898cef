import type { RecurringDocumentView, RecurringOccurrenceView } from '../../services/recurring/recurring-view';
import type { RecurringDocumentType, RecurringOccurrenceType } from './recurring-document.types';

export function toRecurringDocument(v: RecurringDocumentView): RecurringDocumentType {
  return { ...v, schedule: { ...v.schedule }, template: { ...v.template } };
}

export function toRecurringOccurrence(v: RecurringOccurrenceView): RecurringOccurrenceType {
  return { ...v, error: v.error ? { code: v.error.code, message: v.error.message, errors: v.error.errors.map((e) => ({ ...e })) } : null };
}
