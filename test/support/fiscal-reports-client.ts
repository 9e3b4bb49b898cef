/**
 * What the fiscal API tests do over and over against a running test app: issue a document of a type
 * from its documented example (asserting it was processed), request a report over REST and wait for
 * it, download a file through its signed link, and read a report's rows and warnings over GraphQL.
 */
import { exampleFor } from '../fixtures/document-type-examples';
import { graphql, request } from './http-client';
import { waitFor } from './mh-control';
import type { TestApp } from './test-app';

/** A JSON body as the tests read it. */
export type Json = Record<string, any>;

/** A generation code as the annexes write it: no hyphens, upper case. */
export const compactCode = (code: string): string => code.replace(/-/g, '').toUpperCase();
/** A control number as the annexes write it: no hyphens. */
export const controlDigits = (d: Json): string => String(d.control_number).replace(/-/g, '');

export function fiscalReportsClient(t: TestApp, emitterId: () => string, period: string) {
  const key = t.account.testKey;
  const post = (path: string, body?: unknown) => request(t.url, 'POST', path, { key, body });
  const gql = (query: string, variables: Json) => graphql(t.url, key, query, variables);
  const reportsPath = () => `/v1/emitters/${emitterId()}/fiscal/reports`;

  return {
    post,
    gql,

    /** Issues the documented example of `type` (with overrides) and expects 201 processed. */
    async issue(name: string, type: string, overrides: Json = {}): Promise<Json> {
      const r = await post('/v1/documents', exampleFor(type, emitterId(), overrides));
      expect({ name, status: r.status, doc: r.body.status }).toEqual({ name, status: 201, doc: 'processed' });
      return r.body;
    },

    /** Requests a report of the period over REST and waits until it is ready; answers its resource. */
    async readyRest(type: string, expected: Json = {}): Promise<Json> {
      const q = await post(reportsPath(), { type, period });
      expect(q.status).toBe(202);
      const ready = await waitFor(async () => {
        const r = await request(t.url, 'GET', `${reportsPath()}/${q.body.id}`, { key });
        return r.body.status === 'ready' || r.body.status === 'failed' ? r.body : null;
      }, 30_000);
      expect(ready).toMatchObject({ status: 'ready', ...expected });
      return ready;
    },

    /** A report's file in one format, through the signed link the download answers with. */
    async download(id: string, format: string): Promise<Buffer> {
      const dl = await fetch(`${t.url}${reportsPath()}/${id}/download?format=${format}`, { headers: { Authorization: `Bearer ${key}` }, redirect: 'manual' });
      expect(dl.status).toBe(302);
      const file = await fetch(dl.headers.get('location')!);
      expect(file.status).toBe(200);
      return Buffer.from(await file.arrayBuffer());
    },

    /** The report's CSV as lines (CRLF-terminated, the last one included). */
    async csvLines(id: string): Promise<string[]> {
      const text = (await this.download(id, 'csv')).toString('utf8');
      expect(text.endsWith('\r\n')).toBe(true);
      return text.split('\r\n').filter(Boolean);
    },

    /** Requests a report over GraphQL, waits for it, and reads its rows' cells and its warnings. */
    async gqlRows(type: string): Promise<{ rows: string[][]; warnings: { code: string; documentId: string | null }[] }> {
      const m = await gql('mutation($i: RequestFiscalReportInput!) { requestFiscalReport(input: $i) { report { id } errors { code } } }', { i: { emitterId: emitterId(), type, period } });
      expect(m.body.data.requestFiscalReport.errors).toEqual([]);
      const id = m.body.data.requestFiscalReport.report.id;
      const report = await waitFor(async () => {
        const r = await gql('query($e: ID!, $id: ID!) { fiscalReport(emitterId: $e, id: $id) { status warnings { code documentId } } }', { e: emitterId(), id });
        const s = r.body.data?.fiscalReport?.status;
        return s === 'READY' || s === 'FAILED' ? r.body.data.fiscalReport : null;
      }, 30_000);
      expect(report.status).toBe('READY');
      const rows = await gql('query($e: ID!, $id: ID!) { fiscalReportRows(emitterId: $e, id: $id, first: 100) { rows { cells } } }', { e: emitterId(), id });
      return { rows: rows.body.data.fiscalReportRows.rows.map((r: { cells: string[] }) => r.cells), warnings: report.warnings };
    },
  };
}
