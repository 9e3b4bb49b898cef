import { z } from 'zod';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

export const apiKeyResource = z.object({
  id: z.string().describe('key_…'),
  object: z.literal('api_key'),
  name: z.string().nullable(),
  environment: z.enum(['00', '01']).describe('00 pruebas (sk_test_), 01 producción (sk_live_)'),
  prefix: z.string().describe('Los primeros 12 caracteres de la llave, para reconocerla'),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('Último uso, al minuto (se escribe a lo sumo una vez por minuto)'),
  revoked_at: z.string().nullable(),
  created_by_user_id: z.string().nullable().describe('usr_… que la creó; null para las de la CLI'),
  emitter_ids: z.array(z.string()).nullable().describe('Los únicos emisores que ve y para los que emite; null = todos'),
  document_types: z.array(z.string()).nullable().describe('Los únicos tipos CAT-002 que emite; null = todos'),
  allowed_ips: z.array(z.string()).nullable().describe('Direcciones o rangos CIDR desde los que vale (la dirección que da TRUST_PROXY); null = cualquiera'),
  expires_at: z.string().nullable().describe('Deja de valer en este instante; null = nunca'),
}).meta({ id: 'ApiKey' });

export const createdApiKeyResource = apiKeyResource.extend({
  key: z.string().describe('La llave completa (sk_test_… o sk_live_…): solo en esta respuesta'),
}).meta({ id: 'CreatedApiKey' });

export function serializeApiKey(k: Gql): z.infer<typeof apiKeyResource> {
  return {
    id: k.id,
    object: 'api_key',
    name: k.name,
    environment: k.environment,
    prefix: k.prefix,
    scopes: k.scopes,
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt,
    revoked_at: k.revokedAt,
    created_by_user_id: k.createdByUserId,
    emitter_ids: k.emitterIds ?? null,
    document_types: k.documentTypes ?? null,
    allowed_ips: k.allowedIps ?? null,
    expires_at: k.expiresAt ?? null,
  };
}
