import { z } from 'zod';
import { apiKeyView, type ApiKeyView } from '../../src/domain/identity/api-key-view';
import { restResourceOf } from './view-resource';

/**
 * The REST `api_key` resource and its OpenAPI schema, derived from its view
 * (src/domain/identity/api-key-view.ts, ADR 0062): snake_case, dates as ISO text.
 */
const apiKey = restResourceOf<ApiKeyView>(apiKeyView, { object: 'api_key', id: 'ApiKey' });
export const apiKeyResource = apiKey.schema;

export const createdApiKeyResource = apiKeyResource.extend({
  key: z.string().describe('La llave completa (sk_test_… o sk_live_…): solo en esta respuesta'),
}).meta({ id: 'CreatedApiKey' });

/** A key's view as REST shows it. */
export function serializeApiKey(v: ApiKeyView): z.infer<typeof apiKeyResource> {
  return apiKey.serialize(v) as z.infer<typeof apiKeyResource>;
}
