import { ccfBody, feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor as waitUntil } from '../support/mh-control';

let t: TestApp;
let issuer: Issuer;
let period: string;
const waitFor = <T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 30_000) => waitUntil(fn, timeoutMs);

const get = (path: string, key = t.account.testKey) => request(t.url, 'GET', path, { key });
const post = (path: string, body?: unknown, key = t.account.testKey) => request(t.url, 'POST', path, { key, body });
const gql = (query: string, variables: Record<string, unknown> = {}, key = t.account.testKey) => graphql(t.url, key, query, variables);

const REPORT = `query($e: ID!, $id: ID!) { fiscalReport(emitterId: $e, id: $id) {
  id status type period periodStatus inputHash rulesVersion totals drift rowCount formats warnings { code message documentId } } }`;

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  issuer = await createIssuer(t.url, t.account.testKey);
  let first: string | null = null;
  for (const body of [ccfBody(issuer), ccfBody(issuer), feBody(issuer)]) {
    const d = await post('/v1/documents', body);
    expect(d.body.status).toBe('processed');
    first ??= d.body.id;
  }
  const json = await get(`/v1/documents/${first}/json`);
  period = String(json.body.identificacion.fecEmi).slice(0, 7);
}, 60_000);
afterAll(async () => {
  await t.stop();
});

describe('fiscal reports over GraphQL', () => {
  it('lists report types and periods', async () => {
    const r = await gql('query($e: ID!) { fiscalReportTypes(emitterId: $e) { type kind formats paramsSchema } fiscalPeriods(emitterId: $e) { period status version drift } }', { e: issuer.emitterId });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.fiscalReportTypes).toHaveLength(15);
    expect(r.body.data.fiscalReportTypes.find((x: { type: string }) => x.type === 'libro_compras')).toMatchObject({ kind: 'BOOK', formats: ['CSV', 'XLSX', 'PDF'] });
    expect(r.body.data.fiscalPeriods).toEqual([{ period, status: 'OPEN', version: 1, drift: false }]);
  });

  it('requestFiscalReport → ready (polling fiscalReport) with the REST totals; rows; downloadUrl fetches the CSV', async () => {
    const m = await gql(
      'mutation($i: RequestFiscalReportInput!) { requestFiscalReport(input: $i) { created report { id status } errors { field code message } } }',
      { i: { emitterId: issuer.emitterId, type: 'f07_anexo1', period, params: {} } },
    );
    expect(m.body.errors).toBeUndefined();
    expect(m.body.data.requestFiscalReport).toMatchObject({ created: true, errors: [], report: { status: 'QUEUED' } });
    const id = m.body.data.requestFiscalReport.report.id as string;
    expect(id).toMatch(/^frp_/);

    const ready = await waitFor(async () => {
      const r = await gql(REPORT, { e: issuer.emitterId, id });
      const s = r.body.data?.fiscalReport?.status;
      return s === 'READY' || s === 'FAILED' ? r.body.data.fiscalReport : null;
    });
    expect(ready).toMatchObject({ status: 'READY', type: 'f07_anexo1', period, periodStatus: 'OPEN', drift: false, rowCount: 2, formats: ['CSV'] });
    const rest = await get(`/v1/emitters/${issuer.emitterId}/fiscal/reports/${id}`);
    expect(ready.totals).toEqual(rest.body.totals);
    expect(Object.values(ready.totals)).toEqual(expect.arrayContaining(['4000.00', '520.00']));
    expect(ready.inputHash).toBe(rest.body.input_hash);
    expect(ready.rulesVersion).toBe(rest.body.rules_version);
    expect(ready.warnings).toEqual(rest.body.warnings.map((w: { code: string; message: string; document_id: string | null }) => ({ code: w.code, message: w.message, documentId: w.document_id })));

    const again = await gql('mutation($i: RequestFiscalReportInput!) { requestFiscalReport(input: $i) { created report { id } errors { code } } }', {
      i: { emitterId: issuer.emitterId, type: 'f07_anexo1', period },
    });
    expect(again.body.data.requestFiscalReport).toEqual({ created: false, report: { id }, errors: [] });

    const rows = await gql('query($e: ID!, $id: ID!) { fiscalReportRows(emitterId: $e, id: $id, first: 1) { columns { key label } rows { n cells } pageInfo { hasNextPage endCursor } } }', { e: issuer.emitterId, id });
    expect(rows.body.data.fiscalReportRows.columns).toHaveLength(20);
    expect(rows.body.data.fiscalReportRows.rows).toHaveLength(1);
    expect(rows.body.data.fiscalReportRows.pageInfo.hasNextPage).toBe(true);
    const next = await gql('query($e: ID!, $id: ID!, $a: String) { fiscalReportRows(emitterId: $e, id: $id, first: 10, after: $a) { rows { cells } pageInfo { hasNextPage } } }', {
      e: issuer.emitterId, id, a: rows.body.data.fiscalReportRows.pageInfo.endCursor,
    });
    expect(next.body.data.fiscalReportRows.rows).toHaveLength(1);
    expect(next.body.data.fiscalReportRows.pageInfo.hasNextPage).toBe(false);

    const dl = await gql('query($e: ID!, $id: ID!) { fiscalReport(emitterId: $e, id: $id) { downloadUrl(format: CSV) } }', { e: issuer.emitterId, id });
    const url = dl.body.data.fiscalReport.downloadUrl as string;
    expect(url).toMatch(/\/v1\/files\//);
    const file = await fetch(url); // no API key
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await file.text()).split('\r\n').filter(Boolean)).toHaveLength(2);

    const pdf = await gql('query($e: ID!, $id: ID!) { fiscalReport(emitterId: $e, id: $id) { downloadUrl(format: PDF) } }', { e: issuer.emitterId, id });
    expect(pdf.body.errors[0].extensions.code).toBe('INVALID_VALUE');

    const embed = await gql('mutation($i: CreateEmbedSessionInput!) { createEmbedSession(input: $i) { embedSession { url expiresAt } errors { code } } }', { i: { emitterId: issuer.emitterId, reportId: id } });
    expect(embed.body.data.createEmbedSession.errors).toEqual([]);
    expect(embed.body.data.createEmbedSession.embedSession.url).toMatch(new RegExp(`^${t.url}/panel/embed/ems_[^#/]+#[A-Za-z0-9_-]{43}$`));
  });

  it('close → CLOSED; reopen without fiscal:close → typed INSUFFICIENT_SCOPE error; with it → version 2', async () => {
    const c = await gql('mutation($e: ID!, $p: String!) { closeFiscalPeriod(emitterId: $e, period: $p) { period { status } errors { code } } }', { e: issuer.emitterId, p: period });
    expect(c.body.data.closeFiscalPeriod).toMatchObject({ errors: [], period: { status: 'CLOSING' } });
    await waitFor(async () => {
      const r = await gql('query($e: ID!) { fiscalPeriods(emitterId: $e) { period status } }', { e: issuer.emitterId });
      return r.body.data.fiscalPeriods[0].status === 'CLOSED';
    }, 60_000);

    const REOPEN = 'mutation($e: ID!, $p: String!, $r: String!) { reopenFiscalPeriod(emitterId: $e, period: $p, reason: $r) { period { status version } errors { field code } } }';
    const denied = await gql(REOPEN, { e: issuer.emitterId, p: period, r: 'Corrección de compras' });
    expect(denied.body.data).toBeNull();
    expect(denied.body.errors[0].extensions).toMatchObject({ code: 'INSUFFICIENT_SCOPE', requiredScope: 'fiscal:close' });
    const key = await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['fiscal:read', 'fiscal:write', 'fiscal:close'] });
    const blank = await gql(REOPEN, { e: issuer.emitterId, p: period, r: ' ' }, key.key);
    expect(blank.body.data.reopenFiscalPeriod).toMatchObject({ period: null, errors: [{ field: 'reason', code: 'REQUIRED' }] });
    const ok = await gql(REOPEN, { e: issuer.emitterId, p: period, r: 'Corrección de compras' }, key.key);
    expect(ok.body.data.reopenFiscalPeriod).toEqual({ period: { status: 'OPEN', version: 2 }, errors: [] });
  }, 90_000);

  it('requestFiscalReport and createEmbedSession parse their input with the REST body’s schema: the same refusals on both doors', async () => {
    const REQUEST = 'mutation($i: RequestFiscalReportInput!) { requestFiscalReport(input: $i) { report { id } errors { field code } } }';
    const EMBED = 'mutation($i: CreateEmbedSessionInput!) { createEmbedSession(input: $i) { embedSession { url } errors { field code } } }';
    const cases: [label: string, gqlQuery: string, input: Record<string, unknown>, restPath: string, restBody: Record<string, unknown>, field: string][] = [
      ['a report type over 64 characters', REQUEST, { emitterId: issuer.emitterId, type: 'x'.repeat(65), period }, `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { type: 'x'.repeat(65), period }, 'type'],
      ['a period over 7 characters', REQUEST, { emitterId: issuer.emitterId, type: 'f07_anexo1', period: '2026-03-01' }, `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { type: 'f07_anexo1', period: '2026-03-01' }, 'period'],
      ['an unknown environment', REQUEST, { emitterId: issuer.emitterId, type: 'f07_anexo1', period, environment: '02' }, `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { type: 'f07_anexo1', period, environment: '02' }, 'environment'],
      ['an emitter id over 64 characters', EMBED, { emitterId: 'e'.repeat(65) }, '/v1/fiscal/embed-sessions', { emitter_id: 'e'.repeat(65) }, 'emitterId'],
      ['a report type over 64 characters in a link', EMBED, { emitterId: issuer.emitterId, reportType: 'x'.repeat(65), period }, '/v1/fiscal/embed-sessions', { emitter_id: issuer.emitterId, report_type: 'x'.repeat(65), period }, 'reportType'],
    ];
    for (const [n, [label, query, input, path, body, field]] of cases.entries()) {
      const g = await gql(query, { i: input });
      const payload = Object.values(g.body.data as Record<string, { errors: { field: string; code: string }[] }>)[0];
      const rest = await request(t.url, 'POST', path, { key: t.account.testKey, body, idempotencyKey: `parity-${n}` });
      expect([label, rest.status]).toEqual([label, 422]);
      const restError = (rest.body.errors as { path: string; code: string }[]).find((e) => e.path === field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
      expect([label, payload.errors]).toEqual([label, [{ field, code: restError!.code.toUpperCase() }]]);
    }
    // A null the GraphQL door sends for an absent field is absent, as REST leaves it out.
    const nulls = await gql(REQUEST, { i: { emitterId: issuer.emitterId, type: 'f07_anexo1', period, params: null, environment: null } });
    expect(nulls.body.data.requestFiscalReport.errors).toEqual([]);
  });
});
