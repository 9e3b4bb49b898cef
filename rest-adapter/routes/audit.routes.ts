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
      'Solo con una sesión del panel (una llave de API recibe 403 `session_required`); cualquier rol. Registra llaves creadas y revocadas, credenciales cargadas, usuarios invitados, quitados o con otro rol, restablecimientos de contraseña, invalidaciones solicitadas, períodos reabiertos e inicios de sesión correctos y fallidos. Cada entrada se escribe en la misma transacción que la acción; nunca guarda secretos.',
    scope: null,
    sessionOnly: 'session_required',
    query: paginationQuery,
    response: listOf(auditEntryResource),
    operation: `query($first: Int, $after: String) { auditLog(first: $first, after: $after) { nodes { ${AUDIT_ENTRY_FIELDS} } pageInfo { hasNextPage } } }`,
    toVariables: ({ query }) => ({ first: query.limit, after: query.starting_after ?? null }),
    fromResult: (data) => {
      const c = data.auditLog as Gql;
      return { body: { object: 'list', data: (c.nodes as Gql[]).map(serializeAuditEntry), has_more: c.pageInfo.hasNextPage } };
    },
  },
];
