import { z } from 'zod';
import { documentCreateSchema } from '../dte/document-create.schema';
import { optional } from '../dte/document-create-fields';

const date = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${what} es una fecha yyyy-MM-dd.` });

/** Monthly on `dayOfMonth` (1–31, clamped to the month's end) or weekly on `weekday` (1 Monday … 7 Sunday). */
export const recurringScheduleSchema = z.strictObject({
  frequency: z.enum(['monthly', 'weekly'], { error: 'La periodicidad es "monthly" (mensual) o "weekly" (semanal).' }),
  dayOfMonth: optional(z.number({ error: 'El día del mes es un número de 1 a 31.' }).int({ error: 'El día del mes es un número entero de 1 a 31.' })),
  weekday: optional(z.number({ error: 'El día de la semana es un número de 1 (lunes) a 7 (domingo).' }).int({ error: 'El día de la semana es un número entero de 1 (lunes) a 7 (domingo).' })),
});

/**
 * A recurring document (camelCase, as both doors hand it over): the issuance body issued on each
 * occurrence (`template`, the same DocumentCreate as `POST /v1/documents`, its `emitterId` the
 * route's emitter), the schedule, its bounds and whether each document is e-mailed to the receiver.
 */
export const createRecurringDocumentSchema = z.strictObject({
  template: documentCreateSchema,
  schedule: recurringScheduleSchema,
  startsOn: date('La fecha de inicio'),
  endsOn: optional(date('La fecha de fin')),
  count: optional(z.number({ error: 'La cantidad de emisiones es un número de 1 a 1000.' }).int({ error: 'La cantidad de emisiones es un número entero de 1 a 1000.' })),
  sendEmail: optional(z.boolean()),
});

export type CreateRecurringDocumentInput = z.output<typeof createRecurringDocumentSchema>;
