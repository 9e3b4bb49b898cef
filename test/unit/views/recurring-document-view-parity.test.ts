/**
 * One declaration per resource (ADR 0062): the recurring document's and its occurrence's views
 * (src/domain/recurring/recurring-document-view.ts) are what GraphQL's `RecurringDocument` /
 * `RecurringOccurrence`, REST's `recurring_document` / `recurring_occurrence` (their OpenAPI schemas)
 * and the data of `recurring_document.failed` show. Each door is compared with the view field by
 * field, nested objects included; a field removed from one door, or shown by a door without being
 * declared, fails here by name.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeRecurringDocument, serializeRecurringOccurrence } from '../../../rest-adapter/resources/recurring-document.resource';
import { RECURRING_DOCUMENT_FAILED_FIELDS, recurringDocumentView, recurringOccurrenceView, type RecurringDocumentView, type RecurringOccurrenceView } from '../../../src/domain/recurring/recurring-document-view';
import { recurringDocumentFailedEventData } from '../../../src/domain/webhooks/recurring-document-event';
import { summaryKey } from '../../../src/domain/webhooks/webhook-event';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const gqlSchema = buildGraphQLSchema();
const docSchema = openapi.components.schemas.RecurringDocument as Json;
const occSchema = openapi.components.schemas.RecurringOccurrence as Json;
const doc = viewDoors({ view: recurringDocumentView, schema: gqlSchema, graphqlType: 'RecurringDocument', openapi, restSchema: docSchema });
const occ = viewDoors({ view: recurringOccurrenceView, schema: gqlSchema, graphqlType: 'RecurringOccurrence', openapi, restSchema: occSchema });

const at = new Date('2026-12-01T10:00:00Z');
const recurring: RecurringDocumentView = {
  id: 'rec_1', emitterId: 'emt_1', environment: '00', template: { emitterId: 'emt_1', pointOfSale: { establishmentCode: 'M001' } },
  schedule: { frequency: 'monthly', dayOfMonth: 31, weekday: null }, startsOn: '2026-12-01', endsOn: null, count: null, sendEmail: false, status: 'active',
  nextRunOn: '2026-12-31', occurrencesCount: 0, lastOccurrenceOn: null, createdAt: at, updatedAt: at,
};
const failed: RecurringOccurrenceView = {
  id: 'reo_1', recurringDocumentId: 'rec_1', occurrenceOn: '2026-12-31', status: 'failed', documentId: null, documentStatus: null, controlNumber: null,
  error: { code: 'validation_failed', message: 'No', errors: [{ path: 'items[0].unitPrice', code: 'invalid', message: 'No' }] }, createdAt: at, updatedAt: at,
};

describe('the RecurringDocument and RecurringOccurrence views and their doors', () => {
  it('GraphQL RecurringDocument and RecurringOccurrence have exactly the views’ fields', () => {
    expect(doc.graphql).toEqual(doc.view.graphql);
    expect(doc.graphql).toEqual(expect.arrayContaining(['template', 'schedule.dayOfMonth', 'nextRunOn']));
    expect(occ.graphql).toEqual(occ.view.graphql);
    expect(occ.graphql).toEqual(expect.arrayContaining(['documentStatus', 'error.errors.path']));
  });

  it('the REST schemas (OpenAPI) have exactly the views’ fields in snake_case', () => {
    expect(doc.rest).toEqual(doc.view.rest);
    expect(doc.rest).toEqual(expect.arrayContaining(['schedule.day_of_month', 'occurrences_count']));
    expect(occ.rest).toEqual(occ.view.rest);
    expect(occ.rest).toEqual(expect.arrayContaining(['recurring_document_id', 'error.errors.path']));
  });

  it('every route answering one uses the one schema', () => {
    const paths = JSON.stringify(openapi.paths);
    expect((paths.match(/#\/components\/schemas\/RecurringDocument"/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect((paths.match(/#\/components\/schemas\/RecurringOccurrence"/g) ?? []).length).toBeGreaterThanOrEqual(1);
  });

  it('the serializers write exactly the schemas’ properties; the template’s keys and the error’s paths in snake_case', () => {
    const body = serializeRecurringDocument(recurring);
    expect(Object.keys(body)).toEqual(Object.keys(docSchema.properties as Json));
    expect(body).toMatchObject({ object: 'recurring_document', template: { emitter_id: 'emt_1', point_of_sale: { establishment_code: 'M001' } }, schedule: { day_of_month: 31 }, created_at: '2026-12-01T10:00:00.000Z' });
    const o = serializeRecurringOccurrence(failed);
    expect(Object.keys(o)).toEqual(Object.keys(occSchema.properties as Json));
    expect(o.error).toEqual({ code: 'validation_failed', message: 'No', errors: [{ path: 'items[0].unit_price', code: 'invalid', message: 'No' }] });
    expect(serializeRecurringOccurrence({ ...failed, error: null }).error).toBeNull();
  });

  it('recurring_document.failed carries the occurrence view’s fields and the emitter, the error as refused', () => {
    const data = recurringDocumentFailedEventData(failed, 'emt_1');
    expect(Object.keys(data)).toEqual(['object', 'id', 'recurring_document_id', 'emitter_id', 'occurrence_on', 'error']);
    expect(data).toEqual({ object: 'recurring_document_occurrence', id: 'reo_1', recurring_document_id: 'rec_1', emitter_id: 'emt_1', occurrence_on: '2026-12-31', error: failed.error });
    for (const f of RECURRING_DOCUMENT_FAILED_FIELDS) expect(occ.view.rest).toContain(summaryKey(f));
  });
});
