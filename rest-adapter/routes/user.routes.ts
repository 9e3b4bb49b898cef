import { z } from 'zod';
import { inviteUserSchema } from '../../src/services/identity/invite-user.service';
import { updateUserSchema } from '../../src/services/identity/update-user.service';
import { toUserView } from '../../src/services/identity/user-view';
import { listBody, listOf, pageOf, paginationQuery } from '../query-schemas';
import { serializeUser, userResource } from '../resources/user.resource';
import type { RestRoute } from '../route';

const TAG = 'Usuarios';
const SESSION_ONLY = 'Solo con una sesión del panel: una llave de API recibe 403 `session_required`.';
const OWNER_ONLY = 'Solo un propietario (otro rol: 403 `insufficient_role`).';
const userParam = z.object({ id: z.string().max(64).describe('Id del usuario (usr_…)') });

export const userRoutes: RestRoute[] = [
  {
    id: 'listUsers',
    method: 'GET',
    path: '/v1/users',
    status: 200,
    tag: TAG,
    summary: 'Lista los usuarios de la cuenta (también los invitados), del más antiguo al más reciente.',
    description: `${SESSION_ONLY} Cualquier rol.`,
    scope: null,
    sessionOnly: 'session_required',
    query: paginationQuery,
    response: listOf(userResource),
    refusalAs: 'query',
    call: async ({ query }, ctx) => ({ body: listBody(await ctx.services.listAccountUsers.execute(ctx.actor!, pageOf(query)), (u) => serializeUser(toUserView(u))) }),
  },
  {
    id: 'inviteUser',
    method: 'POST',
    path: '/v1/users',
    status: 201,
    // resource_not_found: a retry after a crash whose invited user was removed since (ADR 0020).
    refusals: ['insufficient_role', 'email_taken', 'resource_not_found'],
    tag: TAG,
    summary: 'Invita a una persona por correo: el usuario queda con status invited y recibe un enlace de un solo uso, válido 7 días, para elegir su contraseña.',
    description: `${SESSION_ONLY} ${OWNER_ONLY} Invitar otra vez un correo aún invitado en esta cuenta envía un enlace nuevo (el anterior deja de valer); un correo de otro usuario → 409 \`email_taken\`. Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    body: { schema: inviteUserSchema, required: true, graphqlInput: 'InviteUserInput' },
    response: userResource,
    call: async ({ body }, ctx) => ({ body: serializeUser(toUserView(await ctx.services.inviteUser.execute(ctx.actor!, body))) }),
  },
  {
    id: 'updateUser',
    method: 'PATCH',
    path: '/v1/users/:id',
    status: 200,
    refusals: ['insufficient_role', 'last_owner'],
    tag: TAG,
    summary: 'Cambia el rol de un usuario; sus sesiones terminan y sus WebSockets se cierran.',
    description: `${SESSION_ONLY} ${OWNER_ONLY} La cuenta conserva al menos un propietario activo (409 \`last_owner\`). Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    params: userParam,
    body: { schema: updateUserSchema, required: true, graphqlInput: 'UpdateUserInput' },
    response: userResource,
    call: async ({ params, body }, ctx) => ({ body: serializeUser(toUserView(await ctx.services.updateUser.execute(ctx.actor!, params.id, body))) }),
  },
  {
    id: 'removeUser',
    method: 'DELETE',
    path: '/v1/users/:id',
    status: 204,
    refusals: ['insufficient_role', 'last_owner'],
    tag: TAG,
    summary: 'Quita un usuario de la cuenta: no puede volver a entrar y sus sesiones terminan de inmediato (sin cuerpo en la respuesta).',
    description: `${SESSION_ONLY} ${OWNER_ONLY} La cuenta conserva al menos un propietario activo (409 \`last_owner\`). Las llaves que creó siguen siendo de la cuenta. Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    params: userParam,
    response: null,
    call: async ({ params }, ctx) => {
      await ctx.services.removeUser.execute(ctx.actor!, params.id);
      return { body: null, status: 204 };
    },
  },
  {
    id: 'resendInvitation',
    method: 'POST',
    path: '/v1/users/:id/invitation/resend',
    status: 200,
    refusals: ['insufficient_role', 'invitation_not_pending'],
    tag: TAG,
    summary: 'Reenvía la invitación de un usuario invitado: un enlace nuevo de un solo uso, válido 7 días, sale por correo y el anterior deja de valer.',
    description: `${SESSION_ONLY} ${OWNER_ONLY} Un usuario que ya eligió su contraseña → 409 \`invitation_not_pending\`. Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    params: userParam,
    response: userResource,
    call: async ({ params }, ctx) => ({ body: serializeUser(toUserView(await ctx.services.resendInvitation.execute(ctx.actor!, params.id))) }),
  },
  {
    id: 'revokeInvitation',
    method: 'DELETE',
    path: '/v1/users/:id/invitation',
    status: 204,
    refusals: ['insufficient_role', 'invitation_not_pending'],
    tag: TAG,
    summary: 'Revoca la invitación de un usuario invitado: el usuario y su enlace desaparecen (el enlace responde 410); sin cuerpo en la respuesta.',
    description: `${SESSION_ONLY} ${OWNER_ONLY} Un usuario que ya eligió su contraseña → 409 \`invitation_not_pending\` (quítelo como usuario). Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    params: userParam,
    response: null,
    call: async ({ params }, ctx) => {
      await ctx.services.revokeInvitation.execute(ctx.actor!, params.id);
      return { body: null, status: 204 };
    },
  },
];
