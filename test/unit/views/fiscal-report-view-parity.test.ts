/**
 * One declaration per resource (ADR 0062): the fiscal report's view (src/domain/fiscal/fiscal-report-view.ts)
 * is what GraphQL's `FiscalReport`, REST's `fiscal_report` (its OpenAPI schema) and the data of the
 * `fiscal.report.ready` / `fiscal.report.failed` webhook events show. Each door is compared with the
 * view field by field, nested objects included; a field removed from one door, or shown by a door
 * without being declared, fails here by name.
 */
import { buildOpenApiDocument } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import { serializeFiscalReport } from '../../../rest-adapter/resources/fiscal-report.resource';
import { FISCAL_REPORT_FAILED_FIELDS, FISCAL_REPORT_READY_FIELDS, fiscalReportView } from '../../../src/domain/fiscal';
import { fiscalReportFailedEventData, fiscalReportReadyEventData } from '../../../src/domain/webhooks/fiscal-report-event';
import { summaryKey } from '../../../src/domain/webhooks/webhook-event';
import { buildGraphQLSchema } from '../../../src/graphql/schema';
import { toFiscalReportView } from '../../../src/services/fiscal/fiscal-report-view';
import type { FiscalReportRecord } from '../../../src/services/fiscal/get-fiscal-report.service';
import { viewDoors } from '../../support/view-parity';

type Json = Record<string, any>;

const openapi = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const schema = openapi.components.schemas.FiscalReport as Json;
const doors = viewDoors({
  view: fiscalReportView,
  schema: buildGraphQLSchema(),
  graphqlType: 'FiscalReport',
  openapi,
  restSchema: schema,
  // REST lists a type's formats in the report types (GET …/fiscal/report-types), not on each report.
  omitted: { rest: ['formats'] },
});

const record = {
  report: {
    id: 'frp_1', emitterId: 'emt_1', type: 'f07_anexo1', period: '2026-11', params: {}, status: 'ready', inputHash: 'h', rulesVersion: '2026.4',
    totals: { total: '1.00' }, warnings: [{ code: 'w', message: 'm', documentId: null }], rowCount: 1, drift: false, periodVersion: 1, error: null,
    createdAt: new Date('2026-12-01T10:00:00Z'), completedAt: new Date('2026-12-01T10:01:00Z'),
  },
  periodStatus: 'closing',
} as unknown as FiscalReportRecord;

describe('the FiscalReport view and its doors', () => {
  it('GraphQL FiscalReport has exactly the view’s fields (downloadUrl resolved apart)', () => {
    expect(doors.graphql.filter((p) => p !== 'downloadUrl')).toEqual(doors.view.graphql);
    expect(doors.graphql).toEqual(expect.arrayContaining(['downloadUrl', 'formats', 'periodStatus', 'warnings.documentId']));
  });

  it('the REST fiscal_report schema (OpenAPI) has exactly the view’s fields in snake_case, formats left out', () => {
    expect(doors.rest).toEqual(doors.view.rest);
    expect(doors.rest).toEqual(expect.arrayContaining(['period_status', 'warnings.document_id', 'row_count']));
    expect(doors.rest).not.toContain('formats');
  });

  it('the serializer writes exactly the schema’s properties, from the one mapping both doors use', () => {
    const body = serializeFiscalReport(record);
    expect(Object.keys(body)).toEqual(Object.keys(schema.properties as Json));
    expect(body).toMatchObject({ period_status: 'open', generated_at: '2026-12-01T10:01:00.000Z', warnings: [{ code: 'w', message: 'm', document_id: null }] });
    expect(toFiscalReportView(record)).toMatchObject({ periodStatus: 'open', formats: ['csv'] });
  });

  it('the fiscal.report.* events carry the view’s fields (and the ready one the count of warnings)', () => {
    const v = toFiscalReportView(record);
    expect(Object.keys(fiscalReportReadyEventData(v, 1))).toEqual(['id', 'object', ...FISCAL_REPORT_READY_FIELDS.filter((f) => f !== 'id').map(summaryKey), 'warnings']);
    expect(Object.keys(fiscalReportFailedEventData(v))).toEqual(['id', 'object', ...FISCAL_REPORT_FAILED_FIELDS.filter((f) => f !== 'id').map(summaryKey)]);
    for (const f of [...FISCAL_REPORT_READY_FIELDS, ...FISCAL_REPORT_FAILED_FIELDS]) expect(doors.view.rest).toContain(summaryKey(f));
    expect(fiscalReportReadyEventData(v, 1)).toEqual({
      id: 'frp_1', object: 'fiscal_report', emitter_id: 'emt_1', type: 'f07_anexo1', period: '2026-11', status: 'ready', input_hash: 'h', rules_version: '2026.4', row_count: 1, warnings: 1,
    });
  });
});
