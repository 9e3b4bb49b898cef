import { z } from 'zod';
import { ALL_EVENTS, isWebhookEventType, WEBHOOK_EVENT_TYPES } from './event-types';
import { MAX_WEBHOOK_URL_LENGTH } from './webhook-url-rules';

/** Longest secret-roll overlap: 24 h. */
export const MAX_ROLL_OVERLAP_S = 86_400;

const eventName = z
  .string()
  .max(64, 'Nombre de evento demasiado largo.')
  .refine((v) => v === ALL_EVENTS || isWebhookEventType(v), {
    params: { code: 'unknown_event_type' },
    error: (issue) => `Evento desconocido "${String(issue.input)}"; use "*" o uno de: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
  });

/** Event names (or `*`), at least one; repeated names are kept once. */
export const webhookEventsSchema = z
  .array(eventName)
  .min(1, 'Indique al menos un evento (o "*" para todos).')
  .max(WEBHOOK_EVENT_TYPES.length + 1, `Se admiten hasta ${WEBHOOK_EVENT_TYPES.length + 1} eventos.`)
  .transform((list) => [...new Set(list)]);

/** The URL's own rules (https, public) need the operator setting and DNS: the service checks them. */
export const webhookUrlSchema = z.string().trim().min(1, 'La URL es obligatoria.').max(MAX_WEBHOOK_URL_LENGTH, `La URL admite hasta ${MAX_WEBHOOK_URL_LENGTH} caracteres.`);

export const createWebhookEndpointSchema = z.strictObject({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
});

export const updateWebhookEndpointSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: webhookEventsSchema.optional(),
  disabled: z.boolean().optional(),
});

export const rollWebhookSecretSchema = z.strictObject({
  overlapS: z
    .number()
    .int('"overlap_s" es un número entero de segundos.')
    .min(0, `"overlap_s" va de 0 a ${MAX_ROLL_OVERLAP_S} segundos.`)
    .max(MAX_ROLL_OVERLAP_S, `"overlap_s" va de 0 a ${MAX_ROLL_OVERLAP_S} segundos (24 horas).`)
    .nullable()
    .optional(),
});

export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointSchema>;
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointSchema>;
