/**
 * One declaration per resource (ADR 0062): the product's view (src/domain/directory/product-view.ts)
 * is what GraphQL's `Product` and REST's `product` (its OpenAPI schema) show.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { serializeProduct } from '../../../rest-adapter/resources/directory.resource';
import { ROUTES } from '../../../rest-adapter/route-table';
import { productView, type ProductView } from '../../../src/domain/directory/product-view';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const doors = viewDoors({ view: productView, schema: buildGraphQLSchema(), graphqlType: 'Product', openapi, restSchema: openapi.components.schemas.Product });

describe('the Product view and its doors', () => {
  it('GraphQL Product has exactly the view’s fields', () => {
    expect(doors.graphql).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['id', 'unitPrice', 'tax', 'taxes', 'lastUsedAt']));
  });

  it('the REST product schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(openapi.components.schemas.Product.properties.tax.enum).toEqual(['gravada', 'exenta', 'no_sujeta', null]);
  });

  it('every product route answers with the one schema', () => {
    const refs = JSON.stringify(openapi.paths).match(/#\/components\/schemas\/Product"/g) ?? [];
    expect(refs.length).toBeGreaterThanOrEqual(4);
  });

  it('the serializer writes exactly the schema’s properties', () => {
    const view: ProductView = {
      id: 'prd_1', emitterId: 'emt_1', code: 'CAF-1', description: 'Café', type: '1', unitCode: '59', unitPrice: '9.99000000', tax: 'gravada', taxes: null,
      createdAt: new Date('2026-12-01T10:00:00Z'), updatedAt: new Date('2026-12-01T10:00:00Z'), lastUsedAt: null,
    };
    const out = serializeProduct(view);
    expect(Object.keys(out)).toEqual(Object.keys(openapi.components.schemas.Product.properties as Json));
    expect(out).toMatchObject({ object: 'product', unit_price: '9.99000000', created_at: '2026-12-01T10:00:00.000Z', last_used_at: null });
  });
});
