import type { z } from 'zod';
import { recurringDocumentView, recurringOccurrenceView, type RecurringDocumentView, type RecurringOccurrenceView } from '../../src/domain/recurring/recurring-document-view';
import { camelKeysToSnake, camelPathToSnake } from '../case-convert';
import { restResourceOf } from './view-resource';

/**
 * The REST `recurring_document` and `recurring_occurrence` resources and their OpenAPI schemas,
 * derived from their views (src/domain/recurring/recurring-document-view.ts, ADR 0062): snake_case,
 * dates as ISO text. REST also writes the template's keys and the error's field paths in snake_case
 * (the values the view holds camelCase, as GraphQL shows them).
 */
const recurringDocument = restResourceOf<RecurringDocumentView>(recurringDocumentView, { object: 'recurring_document', id: 'RecurringDocument' });
export const recurringDocumentResource = recurringDocument.schema;

export function serializeRecurringDocument(v: RecurringDocumentView): z.infer<typeof recurringDocumentResource> {
  return { ...recurringDocument.serialize(v), template: camelKeysToSnake(v.template) } as z.infer<typeof recurringDocumentResource>;
}

const recurringOccurrence = restResourceOf<RecurringOccurrenceView>(recurringOccurrenceView, { object: 'recurring_occurrence', id: 'RecurringOccurrence' });
export const recurringOccurrenceResource = recurringOccurrence.schema;

export function serializeRecurringOccurrence(v: RecurringOccurrenceView): z.infer<typeof recurringOccurrenceResource> {
  const body = recurringOccurrence.serialize(v);
  const error = v.error ? { code: v.error.code, message: v.error.message, errors: v.error.errors.map((e) => ({ path: camelPathToSnake(e.path), code: e.code, message: e.message })) } : null;
  return { ...body, error } as z.infer<typeof recurringOccurrenceResource>;
}
