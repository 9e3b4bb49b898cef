/**
 * One declaration per resource (ADR 0062): the API key's view (src/domain/identity/api-key-view.ts)
 * is what GraphQL's `ApiKey` and REST's `api_key` (its OpenAPI schema) show; the creation's answer
 * adds the full key on both doors. Each door is compared with the view field by field; a field
 * removed from one door, or shown by a door without being declared, fails here by name.
 * API keys have no webhook events.
 */
import { GraphQLObjectType } from 'graphql';
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeApiKey } from '../../../rest-adapter/resources/api-key.resource';
import { apiKeyView, type ApiKeyView } from '../../../src/domain/identity/api-key-view';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const gqlSchema = buildGraphQLSchema();
const schema = openapi.components.schemas.ApiKey as Json;
const doors = viewDoors({ view: apiKeyView, schema: gqlSchema, graphqlType: 'ApiKey', openapi, restSchema: schema });

const key: ApiKeyView = {
  id: 'key_1', name: 'CI', environment: '00', prefix: 'sk_test_4fZq', scopes: ['documents:read'], createdAt: new Date('2026-12-01T10:00:00Z'),
  lastUsedAt: null, revokedAt: null, createdByUserId: 'usr_1', emitterIds: ['emt_1'], documentTypes: null, allowedIps: null, expiresAt: new Date('2027-01-01T00:00:00Z'),
};

describe('the ApiKey view and its doors', () => {
  it('GraphQL ApiKey has exactly the view’s fields', () => {
    expect(doors.graphql).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['prefix', 'createdByUserId', 'emitterIds', 'expiresAt']));
  });

  it('the REST api_key schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['created_by_user_id', 'emitter_ids', 'allowed_ips']));
  });

  it('the creation’s answer is the key’s fields and the full key, on both doors', () => {
    const created = openapi.components.schemas.CreatedApiKey as Json;
    expect(Object.keys(created.properties as Json)).toEqual([...Object.keys(schema.properties as Json), 'key']);
    const payload = gqlSchema.getType('CreateApiKeyPayload') as GraphQLObjectType;
    expect(Object.keys(payload.getFields()).sort()).toEqual(['apiKey', 'errors', 'key']);
    expect(String(payload.getFields().apiKey.type)).toBe('ApiKey');
  });

  it('every route answering a key uses the one schema', () => {
    const refs = JSON.stringify(openapi.paths).match(/#\/components\/schemas\/(ApiKey|CreatedApiKey)"/g) ?? [];
    expect(refs.length).toBeGreaterThanOrEqual(3);
  });

  it('the serializer writes exactly the schema’s properties, dates as ISO text', () => {
    const body = serializeApiKey(key);
    expect(Object.keys(body)).toEqual(Object.keys(schema.properties as Json));
    expect(body).toMatchObject({ id: 'key_1', object: 'api_key', created_at: '2026-12-01T10:00:00.000Z', emitter_ids: ['emt_1'], document_types: null, expires_at: '2027-01-01T00:00:00.000Z' });
  });
});
