/**
 * One declaration per resource (ADR 0062): the document's view (src/domain/documents/document-view.ts)
 * is what GraphQL's `Document`, REST's `document` (its OpenAPI schema) and the webhook summary show.
 * Each door is compared with the view field by field, nested objects included; a field removed from
 * one door, or shown by a door without being declared, fails here by name.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { DOCUMENT_SUMMARY_FIELDS, documentView, type DocumentView } from '../../../src/domain/documents';
import { documentEventData, summaryKey, testDocumentEventData } from '../../../src/domain/webhooks/webhook-event';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { SUMMARY_COLUMNS, documentSummary, summaryJsonSql } from '../../../src/persistence/documents/document-summary';
import { serializeDocument } from '../../../rest-adapter/resources/document.resource';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;  

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const doors = viewDoors({
  view: documentView,
  schema: buildGraphQLSchema(),
  graphqlType: 'Document',
  openapi,
  restSchema: openapi.components.schemas.Document,
});

describe('the Document view and its doors', () => {
  it('GraphQL Document has exactly the view’s fields (items and payment resolved apart)', () => {
    // GraphQL-only fields computed by their own resolvers (not part of the stored document's view).
    const computed = doors.graphql.filter((p) => p.startsWith('invalidationWindow'));
    expect(doors.graphql.filter((p) => !computed.includes(p))).toEqual(doors.view.graphql);
    expect(computed).toEqual(['invalidationWindow', 'invalidationWindow.endsAt', 'invalidationWindow.lastDay', 'invalidationWindow.open', 'invalidationWindow.rule']);
    expect(doors.graphql).toEqual(expect.arrayContaining(['id', 'status', 'totals.totalInWords', 'void.mhResponse.code', 'items.unitPrice', 'payment.methods.term']));
  });

  it('the REST document schema (OpenAPI) has exactly the view’s fields in snake_case', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['emitter_id', 'totals.total_in_words', 'items.unit_price', 'payment.methods.term']));
  });

  it('every route answering a document uses the one schema', () => {
    const refs = JSON.stringify(openapi.paths).match(/#\/components\/schemas\/Document"/g) ?? [];
    expect(refs.length).toBeGreaterThanOrEqual(5);
  });

  it('the serializer writes exactly the schema’s properties', () => {
    const view: DocumentView = {
      id: 'doc_1', emitterId: 'emt_1', environment: '00', type: '01', status: 'processed', externalId: null, generationCode: 'G', controlNumber: 'C',
      receptionStamp: 'S', processedAt: new Date('2026-12-01T10:00:00Z'), issuedAt: new Date('2026-12-01T09:59:00Z'),
      totals: { subtotal: '1.00', iva: '0.00', total: '1.00', totalInWords: 'UNO' }, mhResponse: null, publicUrl: null, pdfUrl: null, jsonUrl: null,
      createdAt: null, emitterName: 'E', establishment: 'M001', pointOfSale: 'P001', receiver: null, relatedDocuments: [], voidedAt: null, void: null,
      warnings: [], events: [], replacesDocumentId: null, replacedByDocumentId: null, dryRun: false, json: null,
    } as unknown as DocumentView;
    const keys = Object.keys(serializeDocument(view));
    const declared = Object.keys(openapi.components.schemas.Document.properties as Json).filter((k) => !['json', 'items', 'payment'].includes(k));
    expect(keys).toEqual(declared);
    expect(serializeDocument({ ...view, items: [], payment: null })).toMatchObject({ items: [], payment: null });
  });

  it('the webhook summary carries the view’s summary fields, from the row (JS and SQL) and in the test event alike', () => {
    const expected = ['id', 'object', ...DOCUMENT_SUMMARY_FIELDS.filter((f) => f !== 'id').map(summaryKey), 'total'];
    const row = Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, null])) as Json;
    expect(Object.keys(documentSummary({ ...row, id: 'doc_1', total: '1.00' } as never))).toEqual(expected);
    expect(Object.keys(testDocumentEventData({ documentId: 'doc_t', generationCode: 'G', receptionStamp: 'S', processedAt: new Date(0) }))).toEqual(expected);
    expect(Object.keys(documentEventData({ id: 'd', type: '01', status: 'processed', environment: '00', emitterId: 'e', total: '1.00' }))).toEqual(expected);
    const sqlKeys = [...summaryJsonSql('d').matchAll(/'([a-z_]+)', /g)].map((m) => m[1]).filter((k) => k !== 'document');
    expect(sqlKeys).toEqual(expected);
    for (const f of DOCUMENT_SUMMARY_FIELDS) expect(doors.view.rest).toContain(summaryKey(f));
  });
});
