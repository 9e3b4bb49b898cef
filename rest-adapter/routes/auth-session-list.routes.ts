import { z } from 'zod';
import { jsonResult } from '../http-result';
import { authSessionResource, serializeAuthSession } from '../resources/auth-session.resource';
import type { RestRoute } from '../route';

const TAG = 'Sesión del panel';
const NO_STORE = { 'Cache-Control': 'no-store' };
const sessionParam = z.object({ id: z.string().max(64).describe('Id de la sesión (ses_…)') });
const endedResource = z.object({ object: z.literal('sessions_ended'), ended: z.number().int().describe('Cuántas sesiones terminaron') });

/** «Sesiones activas»: the logged-in user's own sessions, listed and ended (GraphQL: mySessions, endSession, endOtherSessions). */
export const authSessionListRoutes: RestRoute[] = [
  {
    id: 'listOwnSessions',
    method: 'GET',
    path: '/v1/auth/sessions',
    status: 200,
    tag: TAG,
    summary: 'Las sesiones abiertas del usuario de la sesión (dispositivo, dirección, inicio, último uso), la actual primero.',
    description: 'Solo con una sesión del panel. Nunca muestra el token ni el csrf_token de otra sesión. GraphQL: `mySessions`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    response: z.object({ object: z.literal('list'), data: z.array(authSessionResource), has_more: z.boolean() }),
    handler: async (_req, _input, gctx) => {
      const sessions = await gctx.services.listOwnSessions.execute(gctx.actor!);
      return jsonResult(200, { object: 'list', data: sessions.map(serializeAuthSession), has_more: false }, NO_STORE);
    },
  },
  {
    id: 'endOwnSession',
    method: 'DELETE',
    path: '/v1/auth/sessions/:id',
    status: 200,
    tag: TAG,
    summary: '«Cerrar esta sesión»: termina una sesión propia (también la actual) de inmediato; sus WebSockets se cierran. Requiere X-CSRF-Token.',
    description: 'Una sesión de otro usuario, vencida o desconocida → 404. GraphQL: `endSession`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    params: sessionParam,
    response: endedResource,
    refusals: ['resource_not_found'],
    handler: async (_req, input, gctx) => {
      const r = await gctx.services.endOwnSessions.execute(gctx.actor!, { sessionId: (input.params as z.infer<typeof sessionParam>).id });
      return jsonResult(200, { object: 'sessions_ended', ended: r.ended }, NO_STORE);
    },
  },
  {
    id: 'endOtherSessions',
    method: 'POST',
    path: '/v1/auth/sessions/end-others',
    status: 200,
    tag: TAG,
    summary: '«Cerrar las demás»: termina todas las sesiones del usuario menos esta; sus WebSockets se cierran. Requiere X-CSRF-Token; sin Idempotency-Key.',
    description: 'GraphQL: `endOtherSessions`.',
    scope: null,
    sessionOnly: 'unauthenticated',
    idempotent: false,
    response: endedResource,
    handler: async (_req, _input, gctx) => {
      const r = await gctx.services.endOwnSessions.execute(gctx.actor!, 'others');
      return jsonResult(200, { object: 'sessions_ended', ended: r.ended }, NO_STORE);
    },
  },
];
