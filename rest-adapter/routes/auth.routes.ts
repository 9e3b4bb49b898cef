import type { Request } from 'express';
import { z } from 'zod';
import { SESSION_ABSOLUTE_MS } from '../../src/domain/identity/session-lifetime';
import { originOf, sessionOf } from '../../src/http/api-guard';
import { clearedSessionCookie, clientAddress, isSecureContext, sessionCookie, sessionTokenOf } from '../../src/http/session-cookie';
import type { GraphQLContext } from '../../src/graphql/common/context';
import type { AuthenticatedSession } from '../../src/services/identity/authenticate-session.service';
import { jsonResult, problemResult, type HttpResult } from '../http-result';
import type { ProblemContext } from '../problem';
import { serializeSession, sessionResource } from '../resources/session.resource';
import type { RestRoute } from '../route';

const TAG = 'Sesión del panel';
/** Why these bodies have no GraphQL twin. */
const PANEL_SESSION = 'Sesión del panel: la cookie y su CSRF son de la API REST; GraphQL no tiene inicio de sesión.';

const loginBody = z.object({
  email: z.string().max(320).describe('Correo del usuario (sin distinguir mayúsculas)'),
  password: z.string().max(1024),
});
const resetRequestBody = z.object({ email: z.string().max(320).describe('Correo del usuario') });
const linkBody = z.object({
  token: z.string().max(256).describe('El token del enlace (lo que va después de # en la dirección)'),
  password: z.string().max(1024).describe('La contraseña nueva (al menos 12 caracteres)'),
});
const sessionPatchBody = z.object({ environment: z.enum(['00', '01']).describe('00 pruebas, 01 producción') });
const passwordChangeBody = z.object({
  currentPassword: z.string().max(1024).describe('La contraseña actual'),
  newPassword: z.string().max(1024).describe('La contraseña nueva (12 a 200 caracteres; ni de las más usadas, ni con el correo o el nombre de la cuenta)'),
});

const NO_STORE = { 'Cache-Control': 'no-store' };

function secure(req: Request, gctx: GraphQLContext): boolean {
  return isSecureContext(req, gctx.services.deps.config.publicBaseUrl ?? null);
}

/** The session the guard authenticated; a request with an API key (or none) has no panel session. */
function currentSession(req: Request, ctx: ProblemContext): AuthenticatedSession | HttpResult {
  const s = sessionOf(req);
  if (s) return s;
  return problemResult({ code: 'unauthenticated', detail: 'No hay una sesión del panel: inicie sesión con POST /v1/auth/login.' }, ctx);
}

/**
 * The panel session (`service_session` cookie + `X-CSRF-Token`). These POSTs need no Idempotency-Key;
 * every non-safe one with a session needs the CSRF token (login has no session yet).
 */
/**
 * A public POST that spends a single-use link (its token and the new password): 204, or 410
 * `link_expired`. The reset confirmation and the invitation acceptance differ only in their service.
 */
function linkRoute(id: string, path: string, summary: string, description: string, service: 'confirmPasswordReset' | 'acceptInvitation'): RestRoute {
  return {
    id,
    method: 'POST',
    path,
    status: 204,
    tag: TAG,
    summary,
    description,
    scope: null,
    public: true,
    idempotent: false,
    body: { schema: linkBody, required: true, restOnly: PANEL_SESSION },
    response: null,
    refusals: ['link_expired'],
    handler: async (req, input, gctx) => {
      const body = input.body as z.infer<typeof linkBody>;
      await gctx.services[service].execute({ token: body.token, password: body.password, origin: originOf(req) });
      return { status: 204, headers: NO_STORE, body: '' };
    },
  };
}

export const authRoutes: RestRoute[] = [
  {
    id: 'logIn',
    method: 'POST',
    path: '/v1/auth/login',
    status: 200,
    tag: TAG,
    summary: 'Inicia una sesión del panel: responde la sesión y la cookie service_session (HttpOnly, SameSite=Lax, Path=/; Secure con https).',
    description:
      'Credenciales incorrectas → 401 `invalid_credentials` (la misma respuesta para un correo desconocido y una contraseña errónea). Tras 5 fallos de un correo desde una dirección en 15 minutos, todo intento de ese par (también con la contraseña correcta) responde 429 `login_throttled` con `Retry-After` hasta que termine la ventana; y a lo sumo 50 fallos por dirección en una hora. Cada inicio de sesión crea una sesión nueva: una cookie presentada nunca se adopta. Sin Idempotency-Key.',
    scope: null,
    public: true,
    idempotent: false,
    body: { schema: loginBody, required: true, restOnly: PANEL_SESSION },
    response: sessionResource,
    refusals: ['invalid_credentials', 'login_throttled'],
    handler: async (req, input, gctx, ctx) => {
      const body = input.body as z.infer<typeof loginBody>;
      const r = await gctx.services.logIn.execute({
        email: body.email,
        password: body.password,
        ip: clientAddress(req),
        userAgent: req.get('user-agent') ?? null,
        presentedToken: sessionTokenOf(req, gctx.services.deps.config.publicBaseUrl ?? null),
      });
      if (r.kind === 'throttled') {
        return problemResult(
          { code: 'login_throttled', detail: `Demasiados intentos fallidos de inicio de sesión; intente de nuevo en ${r.retryAfterS} s.` },
          ctx,
          { 'Retry-After': String(r.retryAfterS) },
        );
      }
      if (r.kind === 'invalid') return problemResult({ code: 'invalid_credentials', detail: 'El correo electrónico o la contraseña no son correctos.' }, ctx);
      // The cookie lives as long as a session can (8 h); the server enforces the idle timeout and ends it at logout.
      return jsonResult(200, serializeSession(r.session), { ...NO_STORE, 'Set-Cookie': sessionCookie(r.token, SESSION_ABSOLUTE_MS / 1000, secure(req, gctx)) });
    },
  },
  {
    id: 'getSession',
    method: 'GET',
    path: '/v1/auth/session',
    status: 200,
    tag: TAG,
    summary: 'La sesión del panel en curso, con su csrf_token; 401 sin una sesión válida.',
    scope: null,
    sessionOnly: 'unauthenticated',
    secondFactorPending: true,
    response: sessionResource,
    handler: async (req, _input, _gctx, ctx) => {
      const s = currentSession(req, ctx);
      if ('status' in s) return s;
      return jsonResult(200, serializeSession(s.session), NO_STORE);
    },
  },
  {
    id: 'updateSession',
    method: 'PATCH',
    path: '/v1/auth/session',
    status: 200,
    tag: TAG,
    summary: 'Cambia el ambiente del panel (00 pruebas, 01 producción). Requiere X-CSRF-Token.',
    description: 'Con una sesión en 01 el panel trabaja en producción con las mismas reglas que una llave sk_live_.',
    scope: null,
    sessionOnly: 'unauthenticated',
    body: { schema: sessionPatchBody, required: true, restOnly: PANEL_SESSION },
    response: sessionResource,
    handler: async (req, input, gctx, ctx) => {
      const s = currentSession(req, ctx);
      if ('status' in s) return s;
      return jsonResult(200, serializeSession(await gctx.services.switchSessionEnvironment.execute(s, input.body as { environment: string })), NO_STORE);
    },
  },
  {
    id: 'logOut',
    method: 'POST',
    path: '/v1/auth/logout',
    status: 204,
    tag: TAG,
    summary: 'Cierra la sesión: la cookie deja de valer de inmediato y sus WebSockets se cierran. Requiere X-CSRF-Token; sin Idempotency-Key.',
    scope: null,
    sessionOnly: 'unauthenticated',
    secondFactorPending: true,
    idempotent: false,
    response: null,
    handler: async (req, _input, gctx, ctx) => {
      const s = currentSession(req, ctx);
      if ('status' in s) return s;
      await gctx.services.logOut.execute(s.session.id);
      return { status: 204, headers: { ...NO_STORE, 'Set-Cookie': clearedSessionCookie(secure(req, gctx)) }, body: '' };
    },
  },
  {
    id: 'changePassword',
    method: 'POST',
    path: '/v1/auth/password',
    status: 204,
    tag: TAG,
    summary: 'Cambia la contraseña del usuario de la sesión con la actual: sus demás sesiones terminan (esta sigue) y se le avisa por correo. Requiere X-CSRF-Token; sin Idempotency-Key.',
    description:
      'Una contraseña actual incorrecta → 422 `current_password_incorrect` (cuenta como intento fallido para el límite de la cuenta); una nueva que no cumple la política (corta, de las más usadas, con el correo o el nombre de la cuenta) → 422 naming `new_password`. GraphQL: `changePassword`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    idempotent: false,
    body: { schema: passwordChangeBody, required: true, graphqlInput: 'ChangePasswordInput' },
    response: null,
    refusals: ['current_password_incorrect'],
    handler: async (req, input, gctx, ctx) => {
      const s = currentSession(req, ctx);
      if ('status' in s) return s;
      const body = input.body as z.infer<typeof passwordChangeBody>;
      await gctx.services.changeOwnPassword.execute(gctx.actor!, body);
      return { status: 204, headers: NO_STORE, body: '' };
    },
  },
  {
    id: 'requestPasswordReset',
    method: 'POST',
    path: '/v1/auth/password-reset',
    status: 202,
    tag: TAG,
    summary: 'Pide un enlace para restablecer la contraseña: responde 202 exista o no el correo, y si existe envía un enlace de un solo uso válido 30 minutos.',
    description:
      'Pública, sin Idempotency-Key. La respuesta no revela si el correo tiene usuario. A lo sumo 10 solicitudes por dirección en una hora (luego 429 `rate_limited` con `Retry-After`) y 3 enlaces por correo en una hora (las siguientes responden 202 sin enviar nada). El enlace abre /panel/restablecer-contrasena con el token después de #.',
    scope: null,
    public: true,
    idempotent: false,
    body: { schema: resetRequestBody, required: true, restOnly: PANEL_SESSION },
    response: null,
    refusals: ['rate_limited'],
    handler: async (req, input, gctx, ctx) => {
      const r = await gctx.services.requestPasswordReset.execute({ email: (input.body as z.infer<typeof resetRequestBody>).email, origin: originOf(req) });
      if (r.kind === 'throttled') {
        return problemResult({ code: 'rate_limited', detail: `Demasiadas solicitudes de restablecimiento desde esta dirección; intente de nuevo en ${r.retryAfterS} s.` }, ctx, { 'Retry-After': String(r.retryAfterS) });
      }
      return { status: 202, headers: NO_STORE, body: '' };
    },
  },
  linkRoute(
    'confirmPasswordReset',
    '/v1/auth/password-reset/confirm',
    'Fija la contraseña nueva con el token de un enlace de restablecimiento; las sesiones abiertas del usuario terminan.',
    'Pública, sin Idempotency-Key. Un enlace ya usado, vencido (30 minutos), reemplazado por otro más reciente o desconocido → 410 `link_expired`. Una contraseña que no cumple la política → 422 y el enlace sigue valiendo.',
    'confirmPasswordReset',
  ),
  linkRoute(
    'acceptInvitation',
    '/v1/auth/invitations/accept',
    'Acepta una invitación: el usuario invitado elige su contraseña con el token del enlace y pasa a status active.',
    'Pública, sin Idempotency-Key. Un enlace ya usado, vencido (30 minutos), reemplazado o desconocido → 410 `link_expired`. Una contraseña que no cumple la política → 422 y el enlace sigue valiendo. Luego se inicia sesión con POST /v1/auth/login.',
    'acceptInvitation',
  ),
];
