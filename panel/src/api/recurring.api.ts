/** GraphQL operations of the «Facturas recurrentes» screens. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';
import type { Page } from './documents.api';

export interface RecurringSchedule {
  frequency: 'monthly' | 'weekly';
  dayOfMonth: number | null;
  weekday: number | null;
}

export interface RecurringDocument {
  id: string;
  emitterId: string;
  environment: string;
  status: 'active' | 'paused' | 'completed';
  schedule: RecurringSchedule;
  startsOn: string;
  endsOn: string | null;
  count: number | null;
  sendEmail: boolean;
  nextRunOn: string | null;
  lastOccurrenceOn: string | null;
  occurrencesCount: number;
  template: Record<string, unknown>;
  createdAt: string;
}

export interface RecurringOccurrence {
  id: string;
  occurrenceOn: string;
  status: 'issuing' | 'issued' | 'failed';
  documentId: string | null;
  documentStatus: string | null;
  controlNumber: string | null;
  error: { code: string; message: string; errors: { path: string; message: string }[] } | null;
}

export interface RecurringLineInput {
  description: string;
  quantity: string;
  unitPrice: string;
}

export interface CreateRecurringInput {
  emitterId: string;
  schedule: { frequency: string; dayOfMonth?: number; weekday?: number };
  startsOn: string;
  endsOn?: string;
  count?: number;
  sendEmail: boolean;
  template: Record<string, unknown>;
}

const FIELDS = 'id emitterId environment status schedule { frequency dayOfMonth weekday } startsOn endsOn count sendEmail nextRunOn lastOccurrenceOn occurrencesCount template createdAt';
const OCCURRENCE_FIELDS = 'id occurrenceOn status documentId documentStatus controlNumber error { code message errors { path message } }';

export async function listRecurringDocuments(emitterId: string, after: string | null): Promise<Page<RecurringDocument>> {
  const r = await gqlQuery<{ recurringDocuments: Page<RecurringDocument> }>(
    `query PanelRecurring($emitterId: ID!, $after: String) { recurringDocuments(emitterId: $emitterId, first: 20, after: $after) { nodes { ${FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { emitterId, after },
  );
  return r.recurringDocuments;
}

export async function getRecurringDocument(id: string): Promise<RecurringDocument | null> {
  const r = await gqlQuery<{ recurringDocument: RecurringDocument | null }>(`query PanelRecurringOne($id: ID!) { recurringDocument(id: $id) { ${FIELDS} } }`, { id });
  return r.recurringDocument;
}

export async function listRecurringOccurrences(id: string, after: string | null): Promise<Page<RecurringOccurrence>> {
  const r = await gqlQuery<{ recurringOccurrences: Page<RecurringOccurrence> }>(
    `query PanelRecurringOccurrences($id: ID!, $after: String) { recurringOccurrences(recurringDocumentId: $id, first: 20, after: $after) { nodes { ${OCCURRENCE_FIELDS} } pageInfo { hasNextPage endCursor } } }`,
    { id, after },
  );
  return r.recurringOccurrences;
}

export async function createRecurringDocument(input: CreateRecurringInput, key: string): Promise<RecurringDocument> {
  const p = await gqlMutate<{ recurringDocument: RecurringDocument; errors: UserError[] }>(
    `mutation PanelCreateRecurring($input: CreateRecurringDocumentInput!) { createRecurringDocument(input: $input) { recurringDocument { ${FIELDS} } errors { field code message } } }`,
    { input },
    key,
  );
  return p.recurringDocument;
}

type Change = 'pauseRecurringDocument' | 'resumeRecurringDocument' | 'deleteRecurringDocument';

async function change(mutation: Change, id: string, key: string): Promise<RecurringDocument | null> {
  const p = await gqlMutate<{ recurringDocument: RecurringDocument | null; errors: UserError[] }>(
    `mutation PanelRecurringChange($id: ID!) { ${mutation}(id: $id) { recurringDocument { ${FIELDS} } errors { field code message } } }`,
    { id },
    key,
  );
  return p.recurringDocument;
}

export const pauseRecurringDocument = (id: string, key: string) => change('pauseRecurringDocument', id, key);
export const resumeRecurringDocument = (id: string, key: string) => change('resumeRecurringDocument', id, key);
export const deleteRecurringDocument = (id: string, key: string) => change('deleteRecurringDocument', id, key);

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
export const WEEKDAY_OPTIONS = WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d[0].toUpperCase() + d.slice(1) }));

/** «Mensual, día 15» / «Semanal, los lunes». */
export function scheduleLabel(s: RecurringSchedule): string {
  if (s.frequency === 'weekly') return `Semanal, los ${WEEKDAYS[(s.weekday ?? 1) - 1]}`;
  return `Mensual, día ${s.dayOfMonth}`;
}

export const RECURRING_STATUS: Record<string, { label: string; tone: 'success' | 'warning' | 'neutral' }> = {
  active: { label: 'Activa', tone: 'success' },
  paused: { label: 'En pausa', tone: 'warning' },
  completed: { label: 'Terminada', tone: 'neutral' },
};
