import { purchaseBody } from '../fixtures/fiscal-record-bodies';
import { feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { sql } from '../../src/services/shared/sql';
import { waitFor } from '../support/mh-control';

let t: TestApp;
let issuer: Issuer;
let key: string;

beforeAll(async () => {
  t = await startTestApp();
  key = t.account.testKey;
  issuer = await createIssuer(t.url, key, { nit: '06140303036666', credentials: false });
});
afterAll(async () => {
  await t.stop();
});

const batch = (items: unknown[], emitterId = issuer.emitterId, k = key, resource = 'purchases') =>
  request(t.url, 'POST', `/v1/emitters/${emitterId}/fiscal/${resource}/batch`, { key: k, body: { items } });

async function stored(externalId: string) {
  const em = t.app.services.deps.orm.em.fork();
  return sql<{ version: number; body: Record<string, unknown>; deleted_at: Date | null; environment: string }>(em, 'select version, body, deleted_at, environment from fiscal_records where emitter_id = ? and external_id = ?', [issuer.emitterId, externalId]);
}

describe('POST /v1/emitters/{id}/fiscal/{resource}/batch', () => {
  it('creates, then answers unchanged for the same batch, updated for a higher version and a conflict for same version + other content', async () => {
    const first = await batch([purchaseBody(1), purchaseBody(2)]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ results: [{ external_id: 'P-1', status: 'created' }, { external_id: 'P-2', status: 'created' }] });
    const again = await batch([purchaseBody(1), purchaseBody(2)]);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual(['unchanged', 'unchanged']);
    const next = await batch([
      purchaseBody(1, { version: 2, amounts: { taxed_internal: '200.00', vat_credit: '26.00' } }),
      purchaseBody(2, { amounts: { taxed_internal: '1.00', vat_credit: '0.13' } }),
      purchaseBody(3),
    ]);
    expect(next.body.results.map((r: { status: string }) => r.status)).toEqual(['updated', 'error', 'created']);
    expect(next.body.results[1].error).toMatchObject({ status: 409, type: expect.stringMatching(/problems\/record_version_conflict$/) });
    const [p1] = await stored('P-1');
    expect(p1).toMatchObject({ version: 2, environment: '00', body: expect.objectContaining({ amounts: { taxed_internal: '200.00', vat_credit: '26.00' } }) });
    expect((p1.body.counterpart as Record<string, string>).nit).toBe('06140101901234');
    const lower = await batch([purchaseBody(1, { version: 1 })]);
    expect(lower.body.results[0]).toMatchObject({ status: 'error', error: { status: 409 } });
  });

  it('a validation error is an error on that item only; others are written', async () => {
    const r = await batch([purchaseBody(10, { amounts: { taxed_internal: '-1.00' }, accounting_date: '2026-02-30' }), purchaseBody(11), { version: 1 }]);
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ external_id: 'P-10', status: 'error', error: { status: 422, errors: expect.arrayContaining([expect.objectContaining({ path: 'accounting_date' })]) } });
    expect(r.body.results[1]).toEqual({ external_id: 'P-11', status: 'created' });
    expect(r.body.results[2]).toMatchObject({ external_id: null, status: 'error', error: { status: 422 } });
    expect(await stored('P-10')).toEqual([]);
  });

  it('more than 500 items → 422 and nothing written', async () => {
    const items = Array.from({ length: 501 }, (_, i) => purchaseBody(1000 + i));
    const r = await batch(items);
    expect(r.status).toBe(422);
    expect(await stored('P-1000')).toEqual([]);
  });

  it('a closed period yields an error on its items and writes nothing for them', async () => {
    const em = t.app.services.deps.orm.em.fork();
    await sql(em, `insert into fiscal_periods (emitter_id, environment, period, status, closed_at, updated_at) values (?, '00', '2026-01', 'closed', now(), now())`, [issuer.emitterId]);
    const r = await batch([purchaseBody(20, { accounting_date: '2026-01-15', issue_date: '2026-01-10' }), purchaseBody(21)]);
    expect(r.body.results[0]).toMatchObject({ external_id: 'P-20', status: 'error', error: { status: 409, type: expect.stringMatching(/period_closed$/) } });
    expect(r.body.results[1].status).toBe('created');
    expect(await stored('P-20')).toEqual([]);
    // moving a record into a closed period is refused too, and so is deleting one there
    const move = await batch([purchaseBody(21, { version: 2, accounting_date: '2026-01-20', issue_date: '2026-01-10' })]);
    expect(move.body.results[0].status).toBe('error');
  });

  it("another account's emitter → 404; a key without fiscal:write → 403; unknown resource → 404", async () => {
    const other = await t.newAccount('Otra');
    expect((await batch([purchaseBody(30)], issuer.emitterId, other.testKey)).status).toBe(404);
    const roKey = (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['fiscal:read'] })).key;
    expect((await batch([purchaseBody(31)], issuer.emitterId, roKey)).status).toBe(403);
    expect((await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases`, { key: roKey })).status).toBe(200);
    const noScope = (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: ['documents:read'] })).key;
    expect((await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases`, { key: noScope })).status).toBe(403);
    expect((await batch([purchaseBody(32)], issuer.emitterId, key, 'ventas')).status).toBe(404);
  });
});

describe('PUT, DELETE and GET list', () => {
  it('PUT creates (201) then updates (200); DELETE is logical; the list paginates by period', async () => {
    const put = await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/Q-1`, { key, body: { ...purchaseBody(40), external_id: undefined, accounting_date: '2026-04-02', issue_date: '2026-04-01' } });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({ object: 'fiscal_record', external_id: 'Q-1', period: '2026-04', version: 1, deleted: false, counterpart: { nit: '06140101901234', nrc: '123456' }, amounts: { taxed_internal: '100.00' } });
    expect(put.body.id).toMatch(/^frc_/);
    const same = await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/Q-1`, { key, body: { ...purchaseBody(40), external_id: undefined, accounting_date: '2026-04-02', issue_date: '2026-04-01' } });
    expect(same.status).toBe(200);
    const mismatch = await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/Q-1`, { key, body: purchaseBody(40) });
    expect(mismatch.status).toBe(422);
    for (let i = 2; i <= 5; i++) {
      const r = await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/Q-${i}`, { key, body: { ...purchaseBody(40 + i), external_id: undefined, accounting_date: '2026-04-02', issue_date: '2026-04-01' } });
      expect(r.status).toBe(201);
    }
    const del = await request(t.url, 'DELETE', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/Q-5`, { key });
    expect(del.status).toBe(200);
    expect(del.body.deleted).toBe(true);
    expect((await request(t.url, 'DELETE', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/Q-5`, { key })).status).toBe(404);
    const p1 = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases?period=2026-04&limit=3`, { key });
    expect(p1.status).toBe(200);
    expect(p1.body.data.map((r: { external_id: string }) => r.external_id)).toEqual(['Q-4', 'Q-3', 'Q-2']);
    expect(p1.body.has_more).toBe(true);
    const p2 = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases?period=2026-04&limit=3&starting_after=${p1.body.data[2].id}`, { key });
    expect(p2.body).toMatchObject({ has_more: false, data: [expect.objectContaining({ external_id: 'Q-1' })] });
    // the live key sees another ledger
    const live = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases?period=2026-04`, { key: t.account.liveKey });
    expect(live.body.data).toEqual([]);
    expect((await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/purchases?period=2026-4`, { key })).status).toBe(400);
  });

  it('DELETE in a closed period → 409 period_closed', async () => {
    const em = t.app.services.deps.orm.em.fork();
    await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/C-1`, { key, body: { ...purchaseBody(60), external_id: undefined, accounting_date: '2026-05-02', issue_date: '2026-05-01' } });
    await sql(em, `insert into fiscal_periods (emitter_id, environment, period, status, closed_at, updated_at) values (?, '00', '2026-05', 'closed', now(), now())`, [issuer.emitterId]);
    const r = await request(t.url, 'DELETE', `/v1/emitters/${issuer.emitterId}/fiscal/purchases/C-1`, { key });
    expect(r.status).toBe(409);
    expect(r.body.type).toMatch(/period_closed$/);
  });

  it('GraphQL upsertFiscalRecords and fiscalRecords', async () => {
    const item = { externalId: 'G-1', version: 1, accountingDate: '2026-06-02', issueDate: '2026-06-01', docClass: '4', docType: '03', generationCode: 'b0000000-0000-4000-8000-000000000777', controlNumber: 'DTE-03-M001P001-000000000000777', seal: '2026' + '7'.padStart(36, '0'), counterpart: { name: 'Proveedor', nit: '06140101901234' }, amounts: { taxed_internal: '10.00', vat_credit: '1.30' } };
    const m = await graphql(t.url, key, `mutation($e: ID!, $items: [JSONObject!]!) { upsertFiscalRecords(emitterId: $e, resource: "purchases", items: $items) { results { externalId status error { code } } errors { code } } }`, { e: issuer.emitterId, items: [item] });
    expect(m.body.data.upsertFiscalRecords).toEqual({ results: [{ externalId: 'G-1', status: 'CREATED', error: null }], errors: [] });
    const q = await graphql(t.url, key, `query($e: ID!) { fiscalRecords(emitterId: $e, resource: "purchases", period: "2026-06") { nodes { externalId period record } pageInfo { hasNextPage } } }`, { e: issuer.emitterId });
    expect(q.body.data.fiscalRecords.nodes).toEqual([{ externalId: 'G-1', period: '2026-06', record: expect.objectContaining({ amounts: { taxed_internal: '10.00', vat_credit: '1.30' } }) }]);
  });
});

describe('records without issue_date, doc_class or doc_type', () => {
  it('are accepted as given (REST and GraphQL) and the reports derive or warn naming them', async () => {
    const purchase = { external_id: 'OPT-P1', version: 1, accounting_date: '2025-11-20', generation_code: 'd0000000-0000-4000-8000-000000000001', seal: 'D'.repeat(40),
      counterpart: { name: 'Proveedor', nrc: '123456' }, amounts: { taxed_internal: '50.00', vat_credit: '6.50' }, attributes: { operation_type: '1', classification: '2', sector: '2', cost_type: '2' } };
    const sale = { external_id: 'OPT-V1', version: 1, accounting_date: '2025-11-21', amounts: { taxed: '113.00' } };
    const p = await batch([purchase]);
    expect(p.body).toEqual({ results: [{ external_id: 'OPT-P1', status: 'created' }] });
    const v = await request(t.url, 'PUT', `/v1/emitters/${issuer.emitterId}/fiscal/external-sales/OPT-V1`, { key, body: sale });
    expect(v.status).toBe(201);
    expect([v.body.issue_date, v.body.doc_class, v.body.doc_type]).toEqual([undefined, undefined, undefined]);
    const g = await graphql(t.url, key, `mutation($e: ID!, $items: [JSONObject!]!) { upsertFiscalRecords(emitterId: $e, resource: "withholdings-received", items: $items) { results { externalId status } } }`, {
      e: issuer.emitterId, items: [{ externalId: 'OPT-R1', version: 1, accountingDate: '2025-11-22', counterpart: { nit: '06140101901234' }, amounts: { subject_amount: '100.00', withheld_amount: '1.00' }, attributes: { kind: 'retention_1' } }],
    });
    expect(g.body.data.upsertFiscalRecords.results).toEqual([{ externalId: 'OPT-R1', status: 'CREATED' }]);
    const [p1] = await stored('OPT-P1');
    expect(p1.body).not.toHaveProperty('issueDate');
    expect(p1.body).not.toHaveProperty('docClass');

    const report = async (type: string) => {
      const q = await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/fiscal/reports`, { key, body: { type, period: '2025-11' } });
      return waitFor(async () => {
        const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/reports/${q.body.id}`, { key });
        return r.body.status === 'ready' ? r.body : null;
      }, 30_000);
    };
    const anexo3 = await report('f07_anexo3');
    expect(anexo3.row_count).toBe(1);
    expect(anexo3.warnings).toEqual([{ code: 'missing_doc_type', message: 'El registro OPT-P1 no indica el tipo de documento (doc_type); la columna de tipo queda vacía.', document_id: expect.stringMatching(/^frc_/) }]);
    const rows = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/reports/${anexo3.id}/rows`, { key });
    // Date from the accounting date, class 4 from the generation code, type empty.
    expect(rows.body.data[0].cells.slice(0, 4)).toEqual(['20/11/2025', '4', '', 'D0000000000040008000000000000001']);
    const anexo2 = await report('f07_anexo2');
    expect(anexo2.warnings).toEqual([{ code: 'missing_doc_type', message: 'La venta OPT-V1 no indica el tipo de documento (doc_type): no se incluye en este reporte.', document_id: expect.stringMatching(/^frc_/) }]);
  }, 60_000);
});

describe('PATCH /v1/documents/{id}/fiscal', () => {
  it('stores valid tags, refuses invalid ones with 422, and marks drift when the period is closed', async () => {
    const withCreds = await createIssuer(t.url, key, { nit: '06140303037777' });
    const fe = await request(t.url, 'POST', '/v1/documents', { key, body: feBody(withCreds) });
    expect(fe.status).toBe(201);
    const ok = await request(t.url, 'PATCH', `/v1/documents/${fe.body.id}/fiscal`, { key, body: { free_zone: true, income_codes: { operation_type: '1', income_type: '3' } } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ object: 'document_fiscal_tags', document_id: fe.body.id, income_codes: { operation_type: '1', income_type: '3' }, free_zone: true, exempt_non_proportional: false, exclude_from_books: false, external_ref: null });
    const bad = await request(t.url, 'PATCH', `/v1/documents/${fe.body.id}/fiscal`, { key, body: { free_zone: 'si', colour: 'red' } });
    expect(bad.status).toBe(422);
    const badCodes = await request(t.url, 'PATCH', `/v1/documents/${fe.body.id}/fiscal`, { key, body: { income_codes: { operation_type: '99', income_type: '3' } } });
    expect(badCodes.status).toBe(422);
    const em = t.app.services.deps.orm.em.fork();
    const [doc] = await sql<{ issue_date: string; emitter_id: string }>(em, 'select issue_date, emitter_id from documents where id = ?', [fe.body.id]);
    const period = doc.issue_date.slice(0, 7);
    await sql(em, `insert into fiscal_periods (emitter_id, environment, period, status, closed_at, updated_at) values (?, '00', ?, 'closed', now(), now())`, [doc.emitter_id, period]);
    const after = await request(t.url, 'PATCH', `/v1/documents/${fe.body.id}/fiscal`, { key, body: { exclude_from_books: true } });
    expect(after.status).toBe(200);
    const [p] = await sql<{ drift: boolean }>(em, 'select drift from fiscal_periods where emitter_id = ? and period = ?', [doc.emitter_id, period]);
    expect(p.drift).toBe(true);
    const other = await t.newAccount('Ajena');
    expect((await request(t.url, 'PATCH', `/v1/documents/${fe.body.id}/fiscal`, { key: other.testKey, body: { free_zone: false } })).status).toBe(404);
  });
});
