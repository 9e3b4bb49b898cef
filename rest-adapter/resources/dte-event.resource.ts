/**
 * REST shapes of the 2026 events, `document_return` and `special_operation`, and their OpenAPI schemas,
 * derived from their views (src/domain/events/dte-event-view.ts, ADR 0062): the views' fields in
 * snake_case, dates as ISO text.
 */
import type { z } from 'zod';
import { documentReturnView, specialOperationView, type DocumentReturnView, type SpecialOperationView } from '../../src/domain/events/dte-event-view';
import { restResourceOf } from './view-resource';

const documentReturn = restResourceOf<DocumentReturnView>(documentReturnView, { object: 'document_return', id: 'DocumentReturn' });
const specialOperation = restResourceOf<SpecialOperationView>(specialOperationView, { object: 'special_operation', id: 'SpecialOperation' });

export const documentReturnResource = documentReturn.schema;
export const specialOperationResource = specialOperation.schema;

export function serializeDocumentReturn(v: DocumentReturnView): z.infer<typeof documentReturnResource> {
  return documentReturn.serialize(v) as z.infer<typeof documentReturnResource>;
}

export function serializeSpecialOperation(v: SpecialOperationView): z.infer<typeof specialOperationResource> {
  return specialOperation.serialize(v) as z.infer<typeof specialOperationResource>;
}

/** 200 once MH answered (sealed or rejected), 202 while it has not. */
export function dteEventStatus(v: { status: string }): number {
  return v.status === 'pending' ? 202 : 200;
}
