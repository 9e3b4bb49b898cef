import { z } from 'zod';
import type { OwnSessionView } from '../../src/services/identity/list-own-sessions.service';

/** One of the user's own panel sessions, as «Sesiones activas» shows it (never its token or CSRF token). */
export const authSessionResource = z.object({
  id: z.string().describe('ses_…'),
  object: z.literal('auth_session'),
  current: z.boolean().describe('La sesión de esta solicitud'),
  device: z.string().describe('Navegador y sistema, según su User-Agent («Chrome 140 en Linux»)'),
  ip: z.string().nullable().describe('Dirección desde la que se inició (la que da TRUST_PROXY)'),
  user_agent: z.string().nullable(),
  created_at: z.string().describe('Inicio de la sesión'),
  last_seen_at: z.string().describe('Último uso (se anota a lo sumo una vez por minuto)'),
  expires_at: z.string().describe('Vence por inactividad (30 min) y nunca después de 8 h'),
});

export function serializeAuthSession(s: OwnSessionView): z.infer<typeof authSessionResource> {
  return {
    id: s.id,
    object: 'auth_session',
    current: s.current,
    device: s.device,
    ip: s.ip,
    user_agent: s.userAgent,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
  };
}
