import { setEmbedOriginsSchema } from '../../src/services/embed/set-embed-origins.service';
import { embedOriginsResource, serializeEmbedOrigins } from '../resources/embed-origins.resource';
import type { RestRoute } from '../route';

const TAG = 'Vista embebida';
const SESSION_ONLY = 'Solo con una sesión del panel: una llave de API recibe 403 `session_required`.';

export const embedOriginsRoutes: RestRoute[] = [
  {
    id: 'getEmbedOrigins',
    method: 'GET',
    path: '/v1/embed-origins',
    status: 200,
    tag: TAG,
    summary: 'Los orígenes que pueden incrustar (iframe) las vistas de solo lectura de la cuenta (`Content-Security-Policy: frame-ancestors`).',
    description: `${SESSION_ONLY} Cualquier usuario de la cuenta.`,
    scope: null,
    sessionOnly: 'session_required',
    response: embedOriginsResource,
    refusalAs: 'query',
    call: async (_input, ctx) => ({ body: serializeEmbedOrigins(await ctx.services.getEmbedOrigins.execute(ctx.actor!)) }),
  },
  {
    id: 'setEmbedOrigins',
    method: 'PUT',
    path: '/v1/embed-origins',
    status: 200,
    refusals: ['insufficient_role'],
    tag: TAG,
    summary: 'Reemplaza la lista de orígenes que pueden incrustar las vistas de solo lectura; una lista vacía no deja incrustarlas en ningún sitio.',
    description: `${SESSION_ONLY} Solo el propietario (otro rol recibe 403 \`insufficient_role\`). Cada origen es \`https://dominio[:puerto]\` sin ruta (\`http://\` para desarrollo local), hasta 20; se normalizan y se quitan los repetidos. Un origen inválido es 422 con su posición (\`origins[i]\`) y nada cambia. Queda en la auditoría.`,
    scope: null,
    sessionOnly: 'session_required',
    body: { schema: setEmbedOriginsSchema, required: true, graphqlInput: 'SetEmbedOriginsInput' },
    response: embedOriginsResource,
    call: async ({ body }, ctx) => ({ body: serializeEmbedOrigins(await ctx.services.setEmbedOrigins.forActor(ctx.actor!, body)) }),
  },
];
