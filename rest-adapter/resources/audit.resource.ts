import { z } from 'zod';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

export const auditEntryResource = z.object({
  id: z.string().describe('aud_…'),
  object: z.literal('audit_entry'),
  action: z.string().describe('api_key.created, user.invited, session.login_failed, …'),
  actor: z.object({
    type: z.enum(['user', 'api_key', 'anonymous', 'cli']),
    id: z.string().nullable().describe('usr_… del usuario'),
    email: z.string().nullable(),
    key_id: z.string().nullable().describe('key_… o ses_… por la que llegó la acción'),
    key_label: z.string().nullable().describe('De una llave de API: su nombre, o su prefijo si no tiene'),
  }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  target: z
    .object({
      type: z.string().describe('api_key, emitter, user, document o session'),
      id: z.string(),
      label: z.string().nullable().describe('Cómo se reconoce: el nombre del emisor, el nombre de la llave (o su prefijo), el correo del usuario, el número de control; null si no se conoce (una sesión)'),
    })
    .nullable(),
  details: z.record(z.string(), z.unknown()).describe('Sin secretos'),
  created_at: z.string(),
}).meta({ id: 'AuditEntry' });

export function serializeAuditEntry(e: Gql): z.infer<typeof auditEntryResource> {
  return {
    id: e.id,
    object: 'audit_entry',
    action: e.action,
    actor: { type: e.actor.type, id: e.actor.userId, email: e.actor.email, key_id: e.actor.keyId, key_label: e.actor.keyLabel },
    ip: e.ip,
    user_agent: e.userAgent,
    target: e.target,
    details: e.details,
    created_at: e.createdAt,
  };
}
