/**
 * One declaration per resource (ADR 0062, ADR 0063): the events' views (src/domain/events/dte-event-view.ts)
 * are what GraphQL's `DteEvent`, `DocumentReturn` and `SpecialOperation` and REST's `document_return`
 * and `special_operation` (their OpenAPI schemas) show. Each door is compared with its view field by
 * field, nested objects included; a field removed from one door, or shown without being declared, fails here.
 */
import { GraphQLInterfaceType } from 'graphql';
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeDocumentReturn, serializeSpecialOperation } from '../../../rest-adapter/resources/dte-event.resource';
import { documentReturnView, dteEventView, specialOperationView, type DocumentReturnView, type SpecialOperationView } from '../../../src/domain/events/dte-event-view';
import { viewShape } from '../../../src/domain/shared/view-schema';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const schema = buildGraphQLSchema();
const schemas = openapi.components.schemas as Json;

const base = {
  id: 'ret_1', emitterId: 'emt_1', environment: '00', type: '18', status: 'voided', externalId: null, generationCode: 'G', receptionStamp: 'S',
  processedAt: new Date('2026-12-01T10:00:00Z'), eventDate: '2026-12-01', totals: { subtotal: '1.00', iva: '0.00', total: '1.00', totalInWords: 'UNO' },
  mhResponse: { code: '001', message: 'ok', observations: [] }, createdAt: new Date('2026-12-01T09:59:00Z'), voidedAt: new Date('2026-12-02T10:00:00Z'),
  void: { reasonType: '2', reason: null, receptionStamp: 'SI', status: 'sealed', mhResponse: null },
} as const;

describe.each([
  ['DocumentReturn', documentReturnView, 'document_return'],
  ['SpecialOperation', specialOperationView, 'special_operation'],
])('the %s view and its doors', (name, view, object) => {
  const doors = viewDoors({ view, schema, graphqlType: name, openapi, restSchema: schemas[name] });

  it(`GraphQL ${name} has exactly the view’s fields`, () => {
    expect(doors.graphql).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['id', 'status', 'totals.totalInWords', 'void.status', 'void.mhResponse.code', 'voidedAt', 'lines.description']));
  });

  it(`the REST ${object} schema (OpenAPI) has exactly the view’s fields in snake_case, and says its object`, () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['emitter_id', 'totals.total_in_words', 'void.reason_type', 'voided_at']));
    expect(schemas[name].properties.object).toMatchObject({ enum: [object] });
  });
});

describe('the events’ shared fields', () => {
  it('GraphQL’s DteEvent interface has exactly the shared view’s fields, and both types implement it', () => {
    const iface = schema.getType('DteEvent');
    expect(iface).toBeInstanceOf(GraphQLInterfaceType);
    expect(Object.keys((iface as GraphQLInterfaceType).getFields()).sort()).toEqual(Object.keys(viewShape(dteEventView)).sort());
    for (const name of ['DocumentReturn', 'SpecialOperation']) {
      expect((schema.getType(name) as Json).getInterfaces().map((i: Json) => i.name)).toEqual(['DteEvent']);
    }
    expect((schema.getType('DteEventStatus') as Json).getValues().map((v: Json) => v.value)).toEqual(['pending', 'sealed', 'rejected', 'voided']);
  });

  it('every route answering an event uses its one schema', () => {
    const paths = JSON.stringify(openapi.paths);
    expect((paths.match(/#\/components\/schemas\/DocumentReturn"/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect((paths.match(/#\/components\/schemas\/SpecialOperation"/g) ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it('the serializers write exactly the schemas’ properties, dates as ISO text', () => {
    const ret = { ...base, kind: 'return', documentId: 'doc_1', lines: [{ numItem: 1, quantity: '2', description: null }] } as unknown as DocumentReturnView;
    const out = serializeDocumentReturn(ret) as Json;
    expect(Object.keys(out)).toEqual(Object.keys(schemas.DocumentReturn.properties));
    expect(out).toMatchObject({ id: 'ret_1', object: 'document_return', voided_at: '2026-12-02T10:00:00.000Z', void: { reason_type: '2', mh_response: null }, lines: [{ num_item: 1 }] });
    expect(out).not.toHaveProperty('kind');
    const op = { ...base, id: 'sop_1', type: '17', kind: 'special_operation', documentId: null, lines: [] } as unknown as SpecialOperationView;
    expect(Object.keys(serializeSpecialOperation(op))).toEqual(Object.keys(schemas.SpecialOperation.properties));
  });
});
