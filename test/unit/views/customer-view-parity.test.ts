/**
 * One declaration per resource (ADR 0062): the customer's view (src/domain/directory/customer-view.ts)
 * is what GraphQL's `Customer` and REST's `customer` (its OpenAPI schema) show, nested address included.
 * A field dropped from one door, or shown by a door without being declared, fails here by name.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { serializeCustomer } from '../../../rest-adapter/resources/directory.resource';
import { ROUTES } from '../../../rest-adapter/route-table';
import { customerView, type CustomerView } from '../../../src/domain/directory/customer-view';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const doors = viewDoors({ view: customerView, schema: buildGraphQLSchema(), graphqlType: 'Customer', openapi, restSchema: openapi.components.schemas.Customer });

describe('the Customer view and its doors', () => {
  it('GraphQL Customer has exactly the view’s fields', () => {
    expect(doors.graphql).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['id', 'documentNumber', 'address.municipality', 'lastUsedAt', 'selfServiceCompletedAt']));
  });

  it('the REST customer schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['emitter_id', 'document_number', 'address.municipality', 'self_service_completed_at']));
  });

  it('every customer route answers with the one schema', () => {
    const refs = JSON.stringify(openapi.paths).match(/#\/components\/schemas\/Customer"/g) ?? [];
    expect(refs.length).toBeGreaterThanOrEqual(4);
  });

  it('the serializer writes exactly the schema’s properties, dates as ISO text', () => {
    const view: CustomerView = {
      id: 'cus_1', emitterId: 'emt_1', externalId: null, name: 'Ana', documentType: '13', documentNumber: '00016297-5', nrc: null, economicActivity: null,
      tradeName: null, address: { department: '06', municipality: '23', district: '14', line: 'Calle 1' }, email: null, phone: null, country: null,
      personType: null, fiscalDomicile: null, establishmentType: null, activityDescription: null, foreignAddress: null,
      createdAt: new Date('2026-12-01T10:00:00Z'), updatedAt: new Date('2026-12-01T10:00:00Z'), lastUsedAt: null, selfServiceCompletedAt: new Date('2026-12-02T08:30:00Z'),
    };
    const out = serializeCustomer(view);
    expect(Object.keys(out)).toEqual(Object.keys(openapi.components.schemas.Customer.properties as Json));
    expect(out).toMatchObject({ object: 'customer', address: { department: '06', line: 'Calle 1' }, created_at: '2026-12-01T10:00:00.000Z', self_service_completed_at: '2026-12-02T08:30:00.000Z' });
  });
});
