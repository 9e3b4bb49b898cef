import { z } from 'zod';
import { ROLES } from '../../src/domain/identity/roles';
import type { SessionView } from '../../src/services/identity/session-view';

export const sessionUserResource = z.object({
  id: z.string().describe('usr_…'),
  email: z.string(),
  role: z.enum(ROLES).describe('owner: todos los permisos (fiscal:close incluido); member: los permisos predeterminados de una llave; viewer: solo lectura'),
});

export const sessionResource = z.object({
  object: z.literal('session'),
  user: sessionUserResource,
  account_id: z.string(),
  environment: z.enum(['00', '01']).describe('Ambiente en que trabaja el panel (predeterminado 00); PATCH lo cambia'),
  csrf_token: z.string().describe('Envíelo en el encabezado X-CSRF-Token de toda solicitud que no sea GET/HEAD/OPTIONS (en /graphql, de todo POST)'),
  expires_at: z.string().describe('Vence por inactividad (30 min, se renueva con el uso) y nunca después de 8 h desde el inicio de sesión'),
  second_factor: z
    .enum(['none', 'verified', 'required', 'enrolment_required'])
    .describe('none: el usuario no tiene verificación en dos pasos; verified: dio su código; required: falta el código (POST /v1/auth/login/second-factor); enrolment_required: la cuenta la exige y hay que activarla. Con required o enrolment_required nada más está abierto'),
});

export function serializeSession(s: SessionView): z.infer<typeof sessionResource> {
  return {
    object: 'session',
    user: { id: s.user.id, email: s.user.email, role: s.user.role },
    account_id: s.accountId,
    environment: s.environment,
    csrf_token: s.csrfToken,
    expires_at: s.expiresAt.toISOString(),
    second_factor: s.secondFactor,
  };
}
