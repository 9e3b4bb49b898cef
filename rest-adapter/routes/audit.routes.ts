import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../src/domain/identity/audit-actions';
import { toAuditEntry } from '../../src/graphql/account/audit.mapper';
import { listBody, listOf, pageOf, paginationQuery } from '../query-schemas';
import { auditEntryResource, serializeAuditEntry } from '../resources/audit.resource';
import type { RestRoute } from '../route';

export const auditRoutes: RestRoute[] = [
  {
    id: 'listAuditLog',
    method: 'GET',
    path: '/v1/audit-log',
    status: 200,
    tag: 'Auditoría',
    summary: 'El registro de auditoría de la cuenta, de lo más reciente a lo más antiguo: quién, cuándo, desde dónde y sobre qué.',
    description:
      'Solo con una sesión del panel (una llave de API recibe 403 `session_required`); cualquier rol. Registra llaves creadas y revocadas, credenciales cargadas, emisores y establecimientos creados y cambiados, endpoints de webhook creados, cambiados, eliminados y con secreto nuevo, usuarios invitados (invitación reenviada o revocada), quitados o con otro rol, restablecimientos de contraseña, invalidaciones solicitadas, períodos cerrados y reabiertos e inicios de sesión correctos y fallidos. Cada entrada se escribe en la misma transacción que la acción; nunca guarda secretos. Filtros: `user_id`, `action`, `created_from`, `created_to`.',
    scope: null,
    sessionOnly: 'session_required',
    query: paginationQuery.extend({
      user_id: z.string().max(64, '"user_id" es el id de un usuario (usr_…).').optional().describe('Solo las acciones de este usuario (usr_…).'),
      action: z.enum(AUDIT_ACTIONS, { error: `"action" es una de: ${AUDIT_ACTIONS.join(', ')}.` }).optional().describe('Solo esta acción.'),
      created_from: z.iso.date({ error: '"created_from" es una fecha AAAA-MM-DD.' }).optional().describe('Desde esta fecha (El Salvador).'),
      created_to: z.iso.date({ error: '"created_to" es una fecha AAAA-MM-DD.' }).optional().describe('Hasta esta fecha incluida (El Salvador).'),
    }),
    response: listOf(auditEntryResource),
    refusalAs: 'query',
    call: async ({ query }, ctx) => {
      // The filters given (an absent one is left out, as the resolver leaves out a null one).
      const given = { userId: query.user_id, action: query.action, createdFrom: query.created_from, createdTo: query.created_to };
      const filter = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      return { body: listBody(await ctx.services.listAuditLog.execute(ctx.actor!, pageOf(query), filter), (e) => serializeAuditEntry(toAuditEntry(e))) };
    },
  },
];
