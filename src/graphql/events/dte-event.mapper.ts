import type { DteEventView } from '../../services/events/dte-event-view';
import type { DocumentReturnType, DteEventStatusGql, SpecialOperationType } from './dte-event.types';

function base(v: DteEventView) {
  return {
    id: v.id, emitterId: v.emitterId, environment: v.environment, type: v.type, status: v.status as DteEventStatusGql, externalId: v.externalId,
    generationCode: v.generationCode, receptionStamp: v.receptionStamp, processedAt: v.processedAt, eventDate: v.eventDate, totals: v.totals,
    mhResponse: v.mhResponse, createdAt: v.createdAt,
  };
}

export function toDocumentReturn(v: DteEventView): DocumentReturnType {
  return { ...base(v), documentId: v.documentId!, lines: v.lines as never } as DocumentReturnType;
}

export function toSpecialOperation(v: DteEventView): SpecialOperationType {
  const lines = v.lines.map((l) => ({
    documentType: l.documentType, documentNumber: l.documentNumber ?? null, rangeFrom: l.rangeFrom ?? null, rangeTo: l.rangeTo ?? null,
    issuedOn: l.issuedOn ?? null, quantity: l.quantity, description: l.description, noSujeta: l.noSujeta ?? null, exenta: l.exenta ?? null,
    gravada: l.gravada ?? null, referenceEvent: l.referenceEvent ?? null,
  }));
  return { ...base(v), lines } as SpecialOperationType;
}
