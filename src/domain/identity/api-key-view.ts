import { z } from 'zod';

/**
 * An API key as the API shows it — THE declaration of that output (ADR 0062): never the key itself
 * (shown once, at creation) nor its hash. GraphQL's `ApiKey` (src/graphql/account/api-key.types.ts)
 * and REST's `api_key` with its OpenAPI schema (rest-adapter/resources/api-key.resource.ts) are
 * derived from it; the mapper (src/services/accounts/api-key-view.ts) fails the type check until it
 * fills a field added here. test/unit/views/api-key-view-parity.test.ts fails when a door and the view disagree.
 */
export const apiKeyView = z.object({
  id: z.string().meta({ gql: 'ID', restDescription: 'key_…' }),
  name: z.string().nullable().meta({ gqlDescription: 'Nombre para reconocerla.' }),
  environment: z.enum(['00', '01']).meta({
    gql: 'String',
    gqlDescription: '"00" pruebas (sk_test_) o "01" producción (sk_live_).',
    restDescription: '00 pruebas (sk_test_), 01 producción (sk_live_)',
  }),
  /** The key's first 12 characters (`sk_test_4fZq`), safe to show. */
  prefix: z.string().meta({
    gqlDescription: 'Los primeros 12 caracteres de la llave (sk_test_4fZq), para reconocerla.',
    restDescription: 'Los primeros 12 caracteres de la llave, para reconocerla',
  }),
  scopes: z.array(z.string()),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable().meta({
    gqlDescription: 'Último uso, al minuto (se escribe a lo sumo una vez por minuto).',
    restDescription: 'Último uso, al minuto (se escribe a lo sumo una vez por minuto)',
  }),
  revokedAt: z.date().nullable(),
  createdByUserId: z.string().nullable().meta({
    gql: 'ID',
    gqlDescription: 'El usuario del panel que la creó; null para las creadas con la CLI.',
    restDescription: 'usr_… que la creó; null para las de la CLI',
  }),
  // Limits (null = none): the only emitters, document types and client addresses, and the expiry.
  emitterIds: z.array(z.string().meta({ gql: 'ID' })).nullable().meta({
    gqlDescription: 'Los únicos emisores que la llave ve y para los que emite; null = todos.',
    restDescription: 'Los únicos emisores que ve y para los que emite; null = todos',
  }),
  documentTypes: z.array(z.string()).nullable().meta({
    gqlDescription: 'Los únicos tipos (CAT-002) que emite; null = todos.',
    restDescription: 'Los únicos tipos CAT-002 que emite; null = todos',
  }),
  allowedIps: z.array(z.string()).nullable().meta({
    gqlDescription: 'Las direcciones o rangos CIDR desde los que vale (la dirección que da TRUST_PROXY); null = cualquiera.',
    restDescription: 'Direcciones o rangos CIDR desde los que vale (la dirección que da TRUST_PROXY); null = cualquiera',
  }),
  expiresAt: z.date().nullable().meta({
    gqlDescription: 'Deja de valer en este instante; null = nunca.',
    restDescription: 'Deja de valer en este instante; null = nunca',
  }),
});

/** An API key as the API shows it: the one shape both doors map from. */
export type ApiKeyView = z.infer<typeof apiKeyView>;
