import { z } from 'zod';
import type { RecurringDocumentType, RecurringOccurrenceType } from '../../src/graphql/recurring/recurring-document.types';
import { camelKeysToSnake, camelPathToSnake } from '../case-convert';
import { isoTime } from './iso-time';

export const recurringDocumentResource = z.object({
  id: z.string().describe('rec_…'),
  object: z.literal('recurring_document'),
  emitter_id: z.string(),
  environment: z.enum(['00', '01']).describe('El de la llave que lo creó: solo emite en ese ambiente'),
  template: z.record(z.string(), z.unknown()).describe('El DocumentCreate (snake_case) que se emite en cada fecha'),
  schedule: z.object({
    frequency: z.enum(['monthly', 'weekly']),
    day_of_month: z.number().int().nullable().describe('Mensual: 1–31 (29–31 se ajustan al último día del mes)'),
    weekday: z.number().int().nullable().describe('Semanal: 1 lunes … 7 domingo'),
  }),
  starts_on: z.string().describe('yyyy-MM-dd (El Salvador)'),
  ends_on: z.string().nullable(),
  count: z.number().int().nullable(),
  send_email: z.boolean(),
  status: z.enum(['active', 'paused', 'completed']),
  next_run_on: z.string().nullable().describe('Próxima emisión (yyyy-MM-dd, El Salvador); null en pausa o terminada'),
  occurrences_count: z.number().int(),
  last_occurrence_on: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'RecurringDocument' });

export function serializeRecurringDocument(r: RecurringDocumentType): z.infer<typeof recurringDocumentResource> {
  return {
    id: r.id,
    object: 'recurring_document',
    emitter_id: r.emitterId,
    environment: r.environment as '00' | '01',
    template: camelKeysToSnake(r.template) as Record<string, unknown>,
    schedule: { frequency: r.schedule.frequency as 'monthly' | 'weekly', day_of_month: r.schedule.dayOfMonth, weekday: r.schedule.weekday },
    starts_on: r.startsOn,
    ends_on: r.endsOn,
    count: r.count,
    send_email: r.sendEmail,
    status: r.status as 'active' | 'paused' | 'completed',
    next_run_on: r.nextRunOn,
    occurrences_count: r.occurrencesCount,
    last_occurrence_on: r.lastOccurrenceOn,
    created_at: isoTime(r.createdAt)!,
    updated_at: isoTime(r.updatedAt)!,
  };
}

export const recurringOccurrenceResource = z.object({
  id: z.string().describe('reo_…'),
  object: z.literal('recurring_occurrence'),
  recurring_document_id: z.string(),
  occurrence_on: z.string().describe('yyyy-MM-dd (El Salvador)'),
  status: z.enum(['issuing', 'issued', 'failed']),
  document_id: z.string().nullable(),
  document_status: z.string().nullable(),
  control_number: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string(), errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })) }).nullable().describe('El rechazo (no se reintenta)'),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'RecurringOccurrence' });

export function serializeRecurringOccurrence(o: RecurringOccurrenceType): z.infer<typeof recurringOccurrenceResource> {
  return {
    id: o.id,
    object: 'recurring_occurrence',
    recurring_document_id: o.recurringDocumentId,
    occurrence_on: o.occurrenceOn,
    status: o.status as 'issuing' | 'issued' | 'failed',
    document_id: o.documentId,
    document_status: o.documentStatus,
    control_number: o.controlNumber,
    error: o.error ? { code: o.error.code, message: o.error.message, errors: o.error.errors.map((e) => ({ path: camelPathToSnake(e.path), code: e.code, message: e.message })) } : null,
    created_at: isoTime(o.createdAt)!,
    updated_at: isoTime(o.updatedAt)!,
  };
}
