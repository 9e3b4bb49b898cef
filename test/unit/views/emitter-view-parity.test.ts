/**
 * One declaration per resource (ADR 0062): the emitter's and the establishment's views
 * (src/domain/emitter/emitter-view.ts) are what GraphQL's `Emitter` / `Establishment` and REST's
 * `emitter` / `establishment` (their OpenAPI schemas) show. Each door is compared with its view field
 * by field, nested objects included; a field removed from one door, or shown by a door without being
 * declared, fails here by name.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeEmitter, serializeEstablishment } from '../../../rest-adapter/resources/emitter.resource';
import { emitterView, establishmentView, type EmitterWithCredentialsView, type EstablishmentView } from '../../../src/domain/emitter/emitter-view';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const schema = buildGraphQLSchema();
const schemas = openapi.components.schemas as Record<string, Json>;

const emitterDoors = viewDoors({ view: emitterView, schema, graphqlType: 'Emitter', openapi, restSchema: schemas.Emitter });
const establishmentDoors = viewDoors({ view: establishmentView, schema, graphqlType: 'Establishment', openapi, restSchema: schemas.Establishment });

const address = { department: '06', municipality: '14', district: '01', line: 'Calle 1' };
const at = new Date('2026-12-01T10:00:00Z');
const emitter: EmitterWithCredentialsView = {
  id: 'emt_1', nit: '06141234567890', nrc: '1234567', name: 'E', tradeName: null, economicActivity: '62010', establishmentType: '01', address, phone: null,
  email: 'e@example.com', numbering: 'per_establishment', logoUrl: null, isLargeTaxpayer: false,
  credentials: [{ environment: '00', certificateLoaded: true, certificateNit: null, mhLoginOk: true, checkedAt: at, mhUser: null, certificateValidUntil: null, message: null }],
  createdAt: at, updatedAt: at,
};
const establishment: EstablishmentView = {
  id: 'est_1', emitterId: 'emt_1', code: 'M001', name: null, type: '02', address, phone: null, email: null, active: true,
  pointsOfSale: [{ code: 'P001', name: null, active: true }], createdAt: at, updatedAt: at,
};

/** Every property name of a REST schema, nested ones as dotted paths (`address.line`). */
const keysOf = (v: Json, prefix = ''): string[] =>
  Object.entries(v).flatMap(([k, x]) => {
    const inner = Array.isArray(x) ? x[0] : x;
    return [`${prefix}${k}`, ...(inner && typeof inner === 'object' && !(inner instanceof Date) ? keysOf(inner, `${prefix}${k}.`) : [])];
  });

describe('the Emitter view and its doors', () => {
  it('GraphQL Emitter has exactly the view’s fields (credentials resolved apart) and its establishments', () => {
    // GraphQL-only: the emitter's establishments, a field resolver over the Establishment type (compared below).
    const own = emitterDoors.graphql.filter((p) => !p.startsWith('establishments'));
    expect(own).toEqual(emitterDoors.view.graphql);
    expect(emitterDoors.graphql.filter((p) => p.startsWith('establishments.')).map((p) => p.slice('establishments.'.length))).toEqual(establishmentDoors.view.graphql);
    expect(emitterDoors.graphql).toEqual(expect.arrayContaining(['numbering', 'address.district', 'credentials.certificateValidUntil']));
  });

  it('the REST emitter schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(emitterDoors.rest).toEqual(emitterDoors.view.rest);
    expect(emitterDoors.rest).toEqual(expect.arrayContaining(['is_large_taxpayer', 'address.line', 'credentials.mh_login_ok']));
  });

  it('the serializer writes exactly the schema’s properties, nested ones included', () => {
    const body = serializeEmitter(emitter);
    expect(keysOf(body).filter((k) => k !== 'object').sort()).toEqual(emitterDoors.rest);
    expect(Object.keys(body)).toEqual(Object.keys(schemas.Emitter.properties));
    expect(body).toMatchObject({ object: 'emitter', created_at: '2026-12-01T10:00:00.000Z', credentials: [{ environment: '00', checked_at: '2026-12-01T10:00:00.000Z' }] });
  });

  it('the credential status of the credentials routes is the view’s credential plus its identity', () => {
    expect(Object.keys(schemas.CredentialStatus.properties)).toEqual([...Object.keys(schemas.Emitter.properties.credentials.items.properties), 'object', 'emitter_id']);
  });
});

describe('the Establishment view and its doors', () => {
  it('GraphQL Establishment has exactly the view’s fields', () => {
    expect(establishmentDoors.graphql).toEqual(establishmentDoors.view.graphql);
    expect(establishmentDoors.graphql).toEqual(expect.arrayContaining(['emitterId', 'pointsOfSale.active', 'address.municipality']));
  });

  it('the REST establishment schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(establishmentDoors.rest).toEqual(establishmentDoors.view.rest);
    expect(establishmentDoors.rest).toEqual(expect.arrayContaining(['emitter_id', 'points_of_sale.code']));
  });

  it('the serializer writes exactly the schema’s properties, nested ones included', () => {
    const body = serializeEstablishment(establishment);
    expect(keysOf(body).filter((k) => k !== 'object').sort()).toEqual(establishmentDoors.rest);
    expect(Object.keys(body)).toEqual(Object.keys(schemas.Establishment.properties));
  });
});
