import { z } from 'zod';
import { AUDIT_ACTIONS } from '../../src/domain/identity/audit-actions';
import { listOf, paginationQuery } from '../query-schemas';
import { AUDIT_ENTRY_FIELDS, auditEntryResource, serializeAuditEntry } from '../resources/audit.resource';
import type { RestRoute } from '../route';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

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
    operation: `query($first: Int, $after: String, $filter: AuditFilter) { auditLog(first: $first, after: $after, filter: $filter) { nodes { ${AUDIT_ENTRY_FIELDS} } pageInfo { hasNextPage } } }`,
    toVariables: ({ query }) => ({
      first: query.limit,
      after: query.starting_after ?? null,
      filter: { userId: query.user_id ?? null, action: query.action ?? null, createdFrom: query.created_from ?? null, createdTo: query.created_to ?? null },
    }),
    fromResult: (data) => {
      const c = data.auditLog as Gql;
      return { body: { object: 'list', data: (c.nodes as Gql[]).map(serializeAuditEntry), has_more: c.pageInfo.hasNextPage } };
    },
  },
];
