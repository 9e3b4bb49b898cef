import { z } from 'zod';

/** The schedule of a recurring document (GraphQL `RecurringSchedule`; REST embeds it inline). */
export const recurringScheduleView = z
  .object({
    frequency: z.enum(['monthly', 'weekly']).meta({ gql: 'String', gqlDescription: '"monthly" o "weekly".' }),
    dayOfMonth: z.number().int().nullable().meta({ gqlDescription: 'Mensual: día del mes, 1–31.', restDescription: 'Mensual: 1–31 (29–31 se ajustan al último día del mes)' }),
    weekday: z.number().int().nullable().meta({ gqlDescription: 'Semanal: 1 lunes … 7 domingo.', restDescription: 'Semanal: 1 lunes … 7 domingo' }),
  })
  .meta({ id: 'RecurringSchedule' });

/**
 * A recurring document as the API shows it — THE declaration of that output (ADR 0062). GraphQL's
 * `RecurringDocument` (src/graphql/recurring/recurring-document.types.ts) and REST's
 * `recurring_document` with its OpenAPI schema (rest-adapter/resources/recurring-document.resource.ts)
 * are derived from it; the mapper (src/services/recurring/recurring-view.ts) fails the type check until
 * it fills a field added here. test/unit/views/recurring-document-view-parity.test.ts fails when a door
 * and the view disagree. REST writes the template's keys in snake_case.
 */
export const recurringDocumentView = z.object({
  id: z.string().meta({ gql: 'ID', description: 'rec_…' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  environment: z.enum(['00', '01']).meta({
    gql: 'String',
    gqlDescription: '"00" pruebas o "01" producción: el de la llave que lo creó.',
    restDescription: 'El de la llave que lo creó: solo emite en ese ambiente',
  }),
  template: z.record(z.string(), z.unknown()).meta({
    gqlDescription: 'El cuerpo de emisión (DocumentCreate, camelCase) que se emite en cada fecha.',
    restDescription: 'El DocumentCreate (snake_case) que se emite en cada fecha',
  }),
  schedule: recurringScheduleView,
  startsOn: z.string().meta({ gqlDescription: 'yyyy-MM-dd (El Salvador).', restDescription: 'yyyy-MM-dd (El Salvador)' }),
  endsOn: z.string().nullable().meta({ gqlDescription: 'yyyy-MM-dd (El Salvador), inclusive.' }),
  count: z.number().int().nullable().meta({ gqlDescription: 'Cantidad máxima de emisiones.' }),
  sendEmail: z.boolean().meta({ gqlDescription: 'Cada documento se envía por correo al receptor.' }),
  status: z.enum(['active', 'paused', 'completed']).meta({ gql: 'String', gqlDescription: '"active", "paused" o "completed".' }),
  nextRunOn: z.string().nullable().meta({
    gqlDescription: 'Próxima emisión (yyyy-MM-dd, El Salvador); null en pausa o terminada.',
    restDescription: 'Próxima emisión (yyyy-MM-dd, El Salvador); null en pausa o terminada',
  }),
  occurrencesCount: z.number().int().meta({ gqlDescription: 'Emisiones hechas o en curso.' }),
  lastOccurrenceOn: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export type RecurringDocumentView = z.infer<typeof recurringDocumentView>;

/** Why the issuance service refused an occurrence (GraphQL `RecurringOccurrenceError`). */
export const recurringOccurrenceErrorView = z
  .object({
    code: z.string(),
    message: z.string(),
    errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() }).meta({ id: 'RecurringOccurrenceFieldError' })),
  })
  .meta({ id: 'RecurringOccurrenceError' });

/**
 * One occurrence of a recurring document as the API shows it — THE declaration of that output (ADR
 * 0062): GraphQL's `RecurringOccurrence` and REST's `recurring_occurrence` derive from it (REST writes
 * the error's field paths in snake_case), and `recurring_document.failed` carries
 * RECURRING_DOCUMENT_FAILED_FIELDS of it (src/domain/webhooks/recurring-document-event.ts).
 */
export const recurringOccurrenceView = z.object({
  id: z.string().meta({ gql: 'ID', description: 'reo_…' }),
  recurringDocumentId: z.string().meta({ gql: 'ID' }),
  occurrenceOn: z.string().meta({ gqlDescription: 'yyyy-MM-dd (El Salvador).', restDescription: 'yyyy-MM-dd (El Salvador)' }),
  status: z.enum(['issuing', 'issued', 'failed']).meta({ gql: 'String', gqlDescription: '"issuing", "issued" o "failed".' }),
  documentId: z.string().nullable().meta({ gql: 'ID' }),
  documentStatus: z.string().nullable().meta({ gqlDescription: 'Estado actual del documento emitido.' }),
  controlNumber: z.string().nullable(),
  error: recurringOccurrenceErrorView.nullable().meta({ restDescription: 'El rechazo (no se reintenta)' }),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export type RecurringOccurrenceView = z.infer<typeof recurringOccurrenceView>;

/** The occurrence view's fields `recurring_document.failed` carries in `data` (with `object` and the recurring document's `emitter_id`). */
export const RECURRING_DOCUMENT_FAILED_FIELDS = ['id', 'recurringDocumentId', 'occurrenceOn', 'error'] as const satisfies readonly (keyof RecurringOccurrenceView)[];
