import { z } from 'zod';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

export const userResource = z.object({
  id: z.string().describe('usr_…'),
  object: z.literal('user'),
  email: z.string(),
  role: z.enum(['owner', 'member', 'viewer']),
  status: z.enum(['invited', 'active']).describe('invited: aún no eligió su contraseña con el enlace de la invitación'),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  invitation: z
    .object({ sent_at: z.string().describe('Cuándo salió el enlace (la invitación o su último reenvío)'), expires_at: z.string().describe('Cuándo deja de valer: 7 días después') })
    .nullable()
    .describe('De un usuario invitado: su enlace pendiente; null una vez activo'),
}).meta({ id: 'User' });

export function serializeUser(u: Gql): z.infer<typeof userResource> {
  return {
    id: u.id, object: 'user', email: u.email, role: u.role, status: u.status, created_at: u.createdAt, last_login_at: u.lastLoginAt,
    invitation: u.invitation ? { sent_at: u.invitation.sentAt, expires_at: u.invitation.expiresAt } : null,
  };
}
