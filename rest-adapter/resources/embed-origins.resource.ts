import { z } from 'zod';

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

export const embedOriginsResource = z.object({
  object: z.literal('embed_origins'),
  origins: z.array(z.string()).describe('https://dominio[:puerto], normalizados; vacía: ninguna página puede incrustar las vistas'),
}).meta({ id: 'EmbedOrigins' });

export function serializeEmbedOrigins(e: Gql): z.infer<typeof embedOriginsResource> {
  return { object: 'embed_origins', origins: e.origins };
}
