import { generateReport, periodOf } from '../../src/domain/fiscal';
import { loadLedger, periodBounds } from '../../src/services/fiscal/load-ledger';
import { markPeriodDrift, periodStatus } from '../../src/services/fiscal/fiscal-periods';
import { sql } from '../../src/services/shared/sql';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140303035555' });
});
afterAll(async () => {
  await t.stop();
});

describe('loadLedger', () => {
  it('period bounds are El Salvador months', () => {
    expect(periodBounds('2026-12')).toEqual({
      from: '2026-12-01', to: '2027-01-01',
      fromInstant: new Date('2026-12-01T06:00:00.000Z'), toInstant: new Date('2027-01-01T06:00:00.000Z'),
    });
  });

  it('reads the issued documents of the period with seal, tags and JSON, and feeds the report generators', async () => {
    const ccf = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    const fe = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect([ccf.status, fe.status]).toEqual([201, 201]);
    const period = periodOf(ccf.body.issued_at);
    expect(period).toMatch(/^\d{4}-\d{2}$/);
    const em = t.app.services.deps.orm.em.fork();
    await sql(em, `update documents set fiscal_tags = '{"freeZone": true}'::jsonb where id = ?`, [fe.body.id]);
    const ledger = await loadLedger(em, t.app.services.deps.documents, { emitterId: issuer.emitterId, environment: '00', period });
    expect(ledger.records).toEqual([]);
    const byId = new Map(ledger.documents.map((d) => [d.id, d]));
    expect(byId.size).toBe(2);
    expect(byId.get(ccf.body.id)).toMatchObject({ type: '03', environment: '00', status: 'processed', seal: ccf.body.reception_stamp, voidInfo: null });
    expect(byId.get(fe.body.id)!.fiscalTags).toEqual({ incomeCodes: null, freeZone: true, exemptNonProportional: false, excludeFromBooks: false, externalRef: null });
    expect((byId.get(ccf.body.id)!.json.identificacion as Record<string, unknown>).codigoGeneracion).toBe(ccf.body.generation_code);
    const r = generateReport('f07_anexo1', { period, documents: ledger.documents, records: ledger.records });
    expect(r.ok).toBe(true);
    expect(await loadLedger(em, t.app.services.deps.documents, { emitterId: issuer.emitterId, environment: '01', period })).toEqual({ documents: [], records: [] });
  });

  it('periodStatus defaults to open v1; markPeriodDrift marks only closed periods and queues the event', async () => {
    const em = t.app.services.deps.orm.em.fork();
    expect(await periodStatus(em, issuer.emitterId, '00', '2026-01')).toEqual({ status: 'open', version: 1, drift: false });
    const change = { kind: 'document.fiscal_tags', subjectId: 'doc_x' };
    expect(await markPeriodDrift(em, { accountId: t.account.id, emitterId: issuer.emitterId, environment: '00', period: '2026-01', change })).toBe(false);
    await sql(em, `insert into fiscal_periods (emitter_id, environment, period, status, version, closed_at, updated_at) values (?, '00', '2026-01', 'closed', 2, now(), now())`, [issuer.emitterId]);
    expect(await markPeriodDrift(em, { accountId: t.account.id, emitterId: issuer.emitterId, environment: '00', period: '2026-01', change })).toBe(true);
    expect(await periodStatus(em, issuer.emitterId, '00', '2026-01')).toEqual({ status: 'closed', version: 2, drift: true });
    const [row] = await sql<{ drift_details: unknown[] }>(em, `select drift_details from fiscal_periods where emitter_id = ?`, [issuer.emitterId]);
    expect(row.drift_details).toEqual([expect.objectContaining({ kind: 'document.fiscal_tags', subjectId: 'doc_x' })]);
    const events = await sql<{ type: string; data: Record<string, unknown> }>(em, `select type, data from outbox_events where type = 'fiscal.period.drift_detected'`);
    expect(events).toEqual([{ type: 'fiscal.period.drift_detected', data: expect.objectContaining({ emitter_id: issuer.emitterId, period: '2026-01', drift: true }) }]);
  });
});
