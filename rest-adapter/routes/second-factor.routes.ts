import type { Request } from 'express';
import { z } from 'zod';
import { SESSION_ABSOLUTE_MS } from '../../src/domain/identity/session-lifetime';
import { isSecureContext, sessionCookie } from '../../src/http/session-cookie';
import { secondFactorPolicySchema } from '../../src/services/identity/set-second-factor-policy.service';
import type { SecondFactorView } from '../../src/services/identity/get-second-factor.service';
import type { GraphQLContext } from '../../src/graphql/common/context';
import { jsonResult, problemResult } from '../http-result';
import { serializeSession, sessionResource } from '../resources/session.resource';
import type { RestRoute } from '../route';

const TAG = 'Verificación en dos pasos';
const NO_STORE = { 'Cache-Control': 'no-store' };
const LOGIN_STEP = 'El segundo paso del inicio de sesión: la cookie y su CSRF son de la API REST; GraphQL no tiene inicio de sesión.';

const loginCodeBody = z.object({
  code: z.string().max(16).optional().describe('Los seis dígitos que muestra la aplicación de autenticación ahora'),
  recoveryCode: z.string().max(64).optional().describe('O uno de los diez códigos de recuperación (se gasta)'),
});
const confirmBody = z.object({ code: z.string().max(16).describe('Los seis dígitos que muestra la aplicación tras leer el código QR') });
const disableBody = z.object({ password: z.string().max(1024).describe('La contraseña del usuario'), code: z.string().max(64).describe('Un código actual de la aplicación, o un código de recuperación') });

const statusResource = z.object({
  object: z.literal('second_factor'),
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  account_required: z.boolean().describe('El propietario exige la verificación en dos pasos a todos los usuarios'),
  session: z.enum(['none', 'verified', 'required', 'enrolment_required']).describe('Lo que aún debe esta sesión'),
});
const enrolmentResource = z.object({
  object: z.literal('second_factor_enrolment'),
  secret: z.string().describe('El secreto en base32, para escribirlo a mano; solo en esta respuesta'),
  otpauth_uri: z.string(),
  qr_code: z.string().describe('El código QR de otpauth_uri (data URL PNG)'),
});
const enabledResource = z.object({
  object: z.literal('second_factor'),
  enabled: z.literal(true),
  recovery_codes: z.array(z.string()).describe('Diez códigos de un solo uso; solo en esta respuesta (se guardan cifrados con hash)'),
});
const policyResource = z.object({ object: z.literal('second_factor_policy'), required: z.boolean() });

function serializeStatus(v: SecondFactorView): z.infer<typeof statusResource> {
  return { object: 'second_factor', enabled: v.enabled, enabled_at: v.enabledAt?.toISOString() ?? null, recovery_codes_left: v.recoveryCodesLeft, account_required: v.accountRequired, session: v.session };
}

const secure = (req: Request, gctx: GraphQLContext) => isSecureContext(req, gctx.services.deps.config.publicBaseUrl ?? null);

/** TOTP second factor (ADR 0053): the login's second step, enrolment, turning it off, and the account's requirement. */
export const secondFactorRoutes: RestRoute[] = [
  {
    id: 'verifyLoginSecondFactor',
    method: 'POST',
    path: '/v1/auth/login/second-factor',
    status: 200,
    tag: TAG,
    summary: 'Termina el inicio de sesión de un usuario con verificación en dos pasos: con el código de su aplicación (o un código de recuperación) la sesión queda verified bajo una cookie nueva. Requiere X-CSRF-Token; sin Idempotency-Key.',
    description:
      'Solo para la sesión que dio la contraseña correcta (second_factor required, vigente 5 minutos). Un código incorrecto, vencido o ya usado → 422 `second_factor_code_invalid` y cuenta como intento fallido: tras 10 en 15 minutos, 429 `login_throttled`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    secondFactorPending: true,
    idempotent: false,
    body: { schema: loginCodeBody, required: true, restOnly: LOGIN_STEP },
    response: sessionResource,
    refusals: ['second_factor_code_invalid', 'second_factor_not_required', 'login_throttled'],
    handler: async (req, input, gctx, ctx) => {
      const r = await gctx.services.verifyLoginSecondFactor.execute(gctx.actor!, input.body as z.infer<typeof loginCodeBody>);
      if (r.kind === 'throttled') {
        return problemResult({ code: 'login_throttled', detail: `Demasiados intentos fallidos; intente de nuevo en ${r.retryAfterS} s.` }, ctx, { 'Retry-After': String(r.retryAfterS) });
      }
      const s = await gctx.services.authenticateSession.execute(r.token);
      return jsonResult(200, serializeSession(s!.session), { ...NO_STORE, 'Set-Cookie': sessionCookie(r.token, SESSION_ABSOLUTE_MS / 1000, secure(req, gctx)) });
    },
  },
  {
    id: 'getSecondFactor',
    method: 'GET',
    path: '/v1/auth/second-factor',
    status: 200,
    tag: TAG,
    summary: 'La verificación en dos pasos del usuario de la sesión: si está activada, cuántos códigos de recuperación le quedan y si la cuenta la exige.',
    scope: null,
    sessionOnly: 'unauthenticated',
    secondFactorPending: true,
    response: statusResource,
    handler: async (_req, _input, gctx) => jsonResult(200, serializeStatus(await gctx.services.getSecondFactor.execute(gctx.actor!)), NO_STORE),
  },
  {
    id: 'beginSecondFactorEnrolment',
    method: 'POST',
    path: '/v1/auth/second-factor/enrolment',
    status: 200,
    tag: TAG,
    summary: 'Empieza a activar la verificación en dos pasos (TOTP, RFC 6238): un secreto nuevo como código QR y como texto, que aún no vale hasta confirmarlo con un código. Requiere X-CSRF-Token; sin Idempotency-Key.',
    description: 'Ya activada → 409 `second_factor_already_enabled`. GraphQL: `beginSecondFactorEnrolment`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    secondFactorPending: true,
    idempotent: false,
    response: enrolmentResource,
    refusals: ['second_factor_already_enabled'],
    handler: async (_req, _input, gctx) => {
      const e = await gctx.services.beginSecondFactorEnrolment.execute(gctx.actor!);
      return jsonResult(200, { object: 'second_factor_enrolment', secret: e.secret, otpauth_uri: e.otpauthUri, qr_code: e.qrCode }, NO_STORE);
    },
  },
  {
    id: 'confirmSecondFactorEnrolment',
    method: 'POST',
    path: '/v1/auth/second-factor/enrolment/confirm',
    status: 200,
    tag: TAG,
    summary: 'Activa la verificación en dos pasos con un código de la aplicación: responde diez códigos de recuperación de un solo uso (solo esta vez); se anota en la auditoría y se avisa por correo.',
    description: 'Un código incorrecto → 422 `second_factor_code_invalid` y nada cambia. GraphQL: `confirmSecondFactorEnrolment`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    secondFactorPending: true,
    idempotent: false,
    body: { schema: confirmBody, required: true, graphqlMutation: { field: 'confirmSecondFactorEnrolment' } },
    response: enabledResource,
    refusals: ['second_factor_code_invalid', 'second_factor_not_started', 'second_factor_already_enabled'],
    handler: async (_req, input, gctx) => {
      const r = await gctx.services.confirmSecondFactorEnrolment.execute(gctx.actor!, input.body as z.infer<typeof confirmBody>);
      return jsonResult(200, { object: 'second_factor', enabled: true, recovery_codes: r.recoveryCodes }, NO_STORE);
    },
  },
  {
    id: 'disableSecondFactor',
    method: 'POST',
    path: '/v1/auth/second-factor/disable',
    status: 200,
    tag: TAG,
    summary: 'Desactiva la verificación en dos pasos con la contraseña y un código (o un código de recuperación); se anota en la auditoría y se avisa por correo. Requiere X-CSRF-Token; sin Idempotency-Key.',
    description: 'Una contraseña o un código incorrectos → 422 (`current_password_incorrect`, `second_factor_code_invalid`), contados como intentos fallidos. Si la cuenta la exige, el usuario la activa de nuevo al iniciar sesión. GraphQL: `disableSecondFactor`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    idempotent: false,
    body: { schema: disableBody, required: true, graphqlMutation: { field: 'disableSecondFactor' } },
    response: statusResource,
    refusals: ['current_password_incorrect', 'second_factor_code_invalid', 'second_factor_not_enabled'],
    handler: async (_req, input, gctx) => {
      await gctx.services.disableSecondFactor.execute(gctx.actor!, input.body as z.infer<typeof disableBody>);
      return jsonResult(200, serializeStatus(await gctx.services.getSecondFactor.execute(gctx.actor!)), NO_STORE);
    },
  },
  {
    id: 'getSecondFactorPolicy',
    method: 'GET',
    path: '/v1/second-factor-policy',
    status: 200,
    tag: TAG,
    summary: 'Si la cuenta exige la verificación en dos pasos a todos sus usuarios.',
    description: 'Solo con una sesión del panel: una llave de API recibe 403 `session_required`.',
    scope: null,
    sessionOnly: 'session_required',
    response: policyResource,
    handler: async (_req, _input, gctx) => jsonResult(200, { object: 'second_factor_policy', required: (await gctx.services.getSecondFactor.execute(gctx.actor!)).accountRequired }, NO_STORE),
  },
  {
    id: 'setSecondFactorPolicy',
    method: 'PUT',
    path: '/v1/second-factor-policy',
    status: 200,
    tag: TAG,
    summary: 'El propietario exige (o deja de exigir) la verificación en dos pasos a todos los usuarios: quien no la tenga la activa al iniciar sesión. Se anota en la auditoría y se avisa a cada usuario.',
    description: 'Solo con una sesión del panel (una llave de API: 403 `session_required`) de un propietario (otro rol: 403 `insufficient_role`). GraphQL: `setSecondFactorPolicy`.',
    scope: null,
    sessionOnly: 'session_required',
    body: { schema: secondFactorPolicySchema, required: true, graphqlMutation: { field: 'setSecondFactorPolicy' } },
    response: policyResource,
    refusals: ['insufficient_role'],
    handler: async (_req, input, gctx) => jsonResult(200, { object: 'second_factor_policy', ...(await gctx.services.setSecondFactorPolicy.execute(gctx.actor!, input.body)) }, NO_STORE),
  },
];
