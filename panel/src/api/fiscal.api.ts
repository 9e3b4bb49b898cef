/** GraphQL operations of the fiscal books screen: periods, reports and record imports. */
import { gqlMutate, gqlQuery, type UserError } from '../lib/graphql';

export interface FiscalPeriod {
  period: string;
  status: 'OPEN' | 'CLOSING' | 'CLOSED';
  version: number;
  closedAt: string | null;
  drift: boolean;
}

export interface ReportType {
  type: string;
  name: string;
  kind: 'ANNEX' | 'BOOK';
  formats: string[];
}

export interface FiscalReport {
  id: string;
  type: string;
  period: string;
  status: 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED';
  rowCount: number;
  error: string | null;
  drift: boolean;
  generatedAt: string | null;
  formats: string[];
  warnings: { code: string; message: string }[];
}

export interface RecordResult {
  status: string;
  externalId: string | null;
  error: { code: string; message: string; errors: UserError[] } | null;
}

const PERIOD_FIELDS = 'period status version closedAt drift';
const REPORT_FIELDS = 'id type period status rowCount error drift generatedAt formats warnings { code message }';

export async function listPeriods(emitterId: string): Promise<FiscalPeriod[]> {
  const r = await gqlQuery<{ fiscalPeriods: FiscalPeriod[] }>(`query PanelPeriods($id: ID!) { fiscalPeriods(emitterId: $id) { ${PERIOD_FIELDS} } }`, { id: emitterId });
  return r.fiscalPeriods;
}

export async function closePeriod(emitterId: string, period: string, key: string): Promise<FiscalPeriod> {
  const p = await gqlMutate<{ period: FiscalPeriod; errors: UserError[] }>(
    `mutation PanelClosePeriod($id: ID!, $period: String!) { closeFiscalPeriod(emitterId: $id, period: $period) { period { ${PERIOD_FIELDS} } errors { field code message } } }`,
    { id: emitterId, period },
    key,
  );
  return p.period;
}

export async function reopenPeriod(emitterId: string, period: string, reason: string, key: string): Promise<FiscalPeriod> {
  const p = await gqlMutate<{ period: FiscalPeriod; errors: UserError[] }>(
    `mutation PanelReopenPeriod($id: ID!, $period: String!, $reason: String!) { reopenFiscalPeriod(emitterId: $id, period: $period, reason: $reason) { period { ${PERIOD_FIELDS} } errors { field code message } } }`,
    { id: emitterId, period, reason },
    key,
  );
  return p.period;
}

export async function listReportTypes(emitterId: string): Promise<ReportType[]> {
  const r = await gqlQuery<{ fiscalReportTypes: ReportType[] }>('query PanelReportTypes($id: ID!) { fiscalReportTypes(emitterId: $id) { type name kind formats } }', { id: emitterId });
  return r.fiscalReportTypes;
}

export async function requestReport(emitterId: string, type: string, period: string, key: string): Promise<FiscalReport> {
  const p = await gqlMutate<{ report: FiscalReport; errors: UserError[] }>(
    `mutation PanelRequestReport($input: RequestFiscalReportInput!) { requestFiscalReport(input: $input) { created report { ${REPORT_FIELDS} } errors { field code message } } }`,
    { input: { emitterId, type, period } },
    key,
  );
  return p.report;
}

/** The reports the period already has, newest first (what anyone who reads the books can open and download). */
export async function listReports(emitterId: string, period: string): Promise<FiscalReport[]> {
  const r = await gqlQuery<{ fiscalReports: { nodes: FiscalReport[] } }>(
    `query PanelReports($emitterId: ID!, $period: String!) { fiscalReports(emitterId: $emitterId, period: $period, first: 100) { nodes { ${REPORT_FIELDS} } } }`,
    { emitterId, period },
  );
  return r.fiscalReports.nodes;
}

export async function getReport(emitterId: string, id: string): Promise<FiscalReport | null> {
  const r = await gqlQuery<{ fiscalReport: FiscalReport | null }>(`query PanelReport($emitterId: ID!, $id: ID!) { fiscalReport(emitterId: $emitterId, id: $id) { ${REPORT_FIELDS} } }`, { emitterId, id });
  return r.fiscalReport;
}

/** A fresh short-lived signed link to the report's file (no credentials needed to follow it). */
export async function reportDownloadUrl(emitterId: string, id: string, format: string): Promise<string> {
  const r = await gqlQuery<{ fiscalReport: { downloadUrl: string } | null }>(
    'query PanelReportDownload($emitterId: ID!, $id: ID!, $format: FiscalReportFormat!) { fiscalReport(emitterId: $emitterId, id: $id) { downloadUrl(format: $format) } }',
    { emitterId, id, format },
  );
  return r.fiscalReport?.downloadUrl ?? '';
}

export async function upsertRecords(emitterId: string, resource: string, items: Record<string, unknown>[], key: string): Promise<RecordResult[]> {
  const p = await gqlMutate<{ results: RecordResult[]; errors: UserError[] }>(
    'mutation PanelUpsertRecords($id: ID!, $resource: String!, $items: [JSONObject!]!) { upsertFiscalRecords(emitterId: $id, resource: $resource, items: $items) { results { status externalId error { code message errors { field code message } } } errors { field code message } } }',
    { id: emitterId, resource, items },
    key,
  );
  return p.results;
}
