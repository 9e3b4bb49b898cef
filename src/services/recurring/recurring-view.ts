import type { RecurringDocumentEntity, RecurringOccurrenceEntity } from '../../persistence/entities';

/** A recurring document as both doors show it (camelCase; REST maps it to snake_case). */
export interface RecurringDocumentView {
  id: string;
  emitterId: string;
  environment: string;
  template: Record<string, unknown>;
  schedule: { frequency: 'monthly' | 'weekly'; dayOfMonth: number | null; weekday: number | null };
  startsOn: string;
  endsOn: string | null;
  count: number | null;
  sendEmail: boolean;
  /** `active`, `paused` or `completed`. */
  status: string;
  nextRunOn: string | null;
  occurrencesCount: number;
  lastOccurrenceOn: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function recurringView(row: RecurringDocumentEntity): RecurringDocumentView {
  return {
    id: row.id,
    emitterId: row.emitterId,
    environment: row.environment,
    template: { emitterId: row.emitterId, ...row.template },
    schedule: { frequency: row.frequency === 'weekly' ? 'weekly' : 'monthly', dayOfMonth: row.dayOfMonth, weekday: row.weekday },
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    count: row.maxCount,
    sendEmail: row.sendEmail,
    status: row.status,
    nextRunOn: row.status === 'active' ? row.nextRunOn : null,
    occurrencesCount: row.occurrencesCount,
    lastOccurrenceOn: row.lastOccurrenceOn,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** One occurrence with its document's current status and control number (null while none). */
export interface RecurringOccurrenceView {
  id: string;
  recurringDocumentId: string;
  occurrenceOn: string;
  /** `issuing`, `issued` or `failed`. */
  status: string;
  documentId: string | null;
  documentStatus: string | null;
  controlNumber: string | null;
  error: { code: string; message: string; errors: { path: string; code: string; message: string }[] } | null;
  createdAt: Date;
  updatedAt: Date;
}

export function occurrenceView(row: RecurringOccurrenceEntity, doc: { status: string; controlNumber: string | null } | null): RecurringOccurrenceView {
  return {
    id: row.id,
    recurringDocumentId: row.recurringId,
    occurrenceOn: row.occurrenceOn,
    status: row.status,
    documentId: row.documentId,
    documentStatus: doc?.status ?? null,
    controlNumber: doc?.controlNumber ?? null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '', errors: row.errors ?? [] } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
