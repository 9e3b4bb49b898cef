import { z } from 'zod';
import { createAccountApiKeySchema } from '../../src/services/accounts/create-account-api-key.service';
import { listBody, listOf, pageOf, paginationQuery } from '../query-schemas';
import { apiKeyResource, createdApiKeyResource, serializeApiKey } from '../resources/api-key.resource';
import type { RestRoute } from '../route';

const TAG = 'Llaves de API';
const SESSION_ONLY = 'Solo con una sesión del panel: una llave de API recibe 403 `session_required` (una llave nunca crea llaves ni usuarios).';

export const apiKeyRoutes: RestRoute[] = [
  {
    id: 'listApiKeys',
    method: 'GET',
    path: '/v1/api-keys',
    status: 200,
    tag: TAG,
    summary: 'Lista las llaves de API de la cuenta en el ambiente de la sesión (también las revocadas), de la más reciente a la más antigua.',
    description: `${SESSION_ONLY} Nunca muestra la llave completa: solo su prefijo.`,
    scope: null,
    sessionOnly: 'session_required',
    query: paginationQuery,
    response: listOf(apiKeyResource),
    refusalAs: 'query',
    call: async ({ query }, ctx) => ({ body: listBody(await ctx.services.listAccountApiKeys.execute(ctx.actor!, pageOf(query)), (k) => serializeApiKey(k)) }),
  },
  {
    id: 'createApiKey',
    method: 'POST',
    path: '/v1/api-keys',
    status: 201,
    refusals: ['insufficient_role', 'insufficient_scope', 'environment_forbidden', 'resource_not_found'],
    tag: TAG,
    summary: 'Crea una llave de API; la llave completa se devuelve solo en esta respuesta.',
    description: `${SESSION_ONLY} Propietario o miembro (un usuario de solo lectura recibe 403 \`insufficient_role\`). Los permisos no pueden superar los del rol de quien la crea (403 \`insufficient_scope\`). El ambiente es el de la sesión; una llave \`sk_live_\` solo desde una sesión en producción (\`01\`), si no 403 \`environment_forbidden\`. Límites opcionales: \`emitter_ids\` (emisores de la cuenta; la llave ve y emite solo para ellos), \`document_types\` (tipos CAT-002 que emite), \`allowed_ips\` (direcciones o rangos CIDR desde los que vale, según \`TRUST_PROXY\`) y \`expires_at\` (futuro). Fuera de un límite, la llave recibe 403 \`api_key_emitter_forbidden\`, \`api_key_document_type_forbidden\` o \`api_key_address_forbidden\`; vencida, 401. Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    body: { schema: createAccountApiKeySchema, required: true, graphqlInput: 'CreateApiKeyInput' },
    response: createdApiKeyResource,
    call: async ({ body }, ctx) => {
      const r = await ctx.services.createAccountApiKey.execute(ctx.actor!, body);
      return { body: { ...serializeApiKey(r.apiKey), key: r.key } };
    },
  },
  {
    id: 'revokeApiKey',
    method: 'DELETE',
    path: '/v1/api-keys/:id',
    status: 200,
    refusals: ['insufficient_role'],
    tag: TAG,
    summary: 'Revoca una llave de API del ambiente de la sesión: deja de funcionar de inmediato. Responde la llave con revoked_at.',
    description: `${SESSION_ONLY} Propietario, o miembro para llaves cuyos permisos un miembro puede dar. Revocar otra vez responde la llave sin cambios. Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    params: z.object({ id: z.string().max(64).describe('Id de la llave (key_…)') }),
    response: apiKeyResource,
    call: async ({ params }, ctx) => ({ body: serializeApiKey(await ctx.services.revokeAccountApiKey.execute(ctx.actor!, params.id)) }),
  },
];
