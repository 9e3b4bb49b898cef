import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { mhCertificate } from '../support/certificates';
import { dbRows } from '../support/db-rows';
import { graphql, request } from '../support/http-client';
import { CERT_PASSWORD, createIssuer, MH_PASSWORD, uploadCredentials, type Issuer } from '../support/issuer';
import { logIn, withSession } from '../support/panel-session';
import { startTestApp, type TestApp } from '../support/test-app';
import { usagePeriodOf } from '../../src/domain/billing/usage-period';

/**
 * Public plans and the usage of a period: documents that reached `processed` in the El Salvador
 * month, per emitter and type, against the account's plan; the test environment is never billed.
 */
let t: TestApp;
let builtIn: TestApp;
let a: Issuer;
let b: Issuer;
const PLANS = {
  default_plan: 'mini',
  plans: [
    { code: 'mini', name: 'Mini', currency: 'USD', price_excl_iva: '5.00', interval: 'month', included_documents: 1, overage: [{ up_to: 2, unit_price_excl_iva: '0.50' }, { up_to: null, unit_price_excl_iva: '0.25' }], features: ['Prueba'] },
    { code: 'grande', name: 'Grande', currency: 'USD', price_excl_iva: '50.00', interval: 'month', included_documents: 1000, overage: [{ up_to: null, unit_price_excl_iva: '0.01' }], features: [] },
  ],
};
const people = { responsible: { name: 'Ana López', document_type: '13', document_number: '01234567-8' }, requester: { name: 'Luis Díaz', document_type: '13', document_number: '07654321-0' } };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'plans-'));
  writeFileSync(join(dir, 'planes.json'), JSON.stringify(PLANS));
  [t, builtIn] = await Promise.all([startTestApp({ PLANS_FILE: join(dir, 'planes.json'), MH_SIMULATOR_ALLOW_PRODUCTION: 'true' }), startTestApp()]);
  [a, b] = await Promise.all([createIssuer(t.url, t.account.testKey), createIssuer(t.url, t.account.testKey)]);
  for (const issuer of [a, b]) {
    const up = await uploadCredentials(t.url, t.account.liveKey, issuer.emitterId, { environment: '01', certificate: mhCertificate(issuer.nit, CERT_PASSWORD), private_key_password: CERT_PASSWORD, mh_user: issuer.nit, mh_password: MH_PASSWORD });
    expect(up.status).toBe(200);
  }
});
afterAll(async () => {
  await Promise.all([t.stop(), builtIn.stop()]);
});

const issue = async (key: string, body: Record<string, unknown>) => {
  const r = await request(t.url, 'POST', '/v1/documents', { key, body });
  expect([r.status, r.body.status]).toEqual([201, 'processed']);
  return r.body.id as string;
};

describe('GET /v1/plans', () => {
  it('is public and lists the built-in SV price list', async () => {
    const r = await request(builtIn.url, 'GET', '/v1/plans');
    expect(r.status).toBe(200);
    expect(r.body.object).toBe('list');
    expect(r.body.has_more).toBe(false);
    expect(r.body.data.map((p: { code: string }) => p.code)).toEqual(['basico', 'emprendedor', 'pyme', 'empresa']);
    expect(r.body.data[1]).toEqual({
      id: 'plan_emprendedor',
      object: 'plan',
      code: 'emprendedor',
      name: 'Emprendedor',
      currency: 'USD',
      price_excl_iva: '25.00',
      interval: 'month',
      included_documents: 500,
      overage: [
        { up_to: 2000, unit_price_excl_iva: '0.05' },
        { up_to: null, unit_price_excl_iva: '0.04' },
      ],
      features: expect.arrayContaining(['Los 11 tipos de DTE']),
    });
  });

  it('comes from PLANS_FILE when set, the same over GraphQL without credentials', async () => {
    const r = await request(t.url, 'GET', '/v1/plans');
    expect(r.body.data.map((p: { code: string; price_excl_iva: string }) => [p.code, p.price_excl_iva])).toEqual([
      ['mini', '5.00'],
      ['grande', '50.00'],
    ]);
    const g = await graphql(t.url, null, '{ plans { id code includedDocuments overage { upTo unitPriceExclIva } } }');
    expect(g.body.data.plans[0]).toEqual({ id: 'plan_mini', code: 'mini', includedDocuments: 1, overage: [{ upTo: 2, unitPriceExclIva: '0.50' }, { upTo: null, unitPriceExclIva: '0.25' }] });
  });
});

describe('GET /v1/usage', () => {
  it('counts processed documents per emitter and type in the test environment, never billed; dry runs do not count', async () => {
    const period = usagePeriodOf(new Date());
    const ids = [await issue(t.account.testKey, feBody(a)), await issue(t.account.testKey, feBody(a)), await issue(t.account.testKey, ccfBody(a)), await issue(t.account.testKey, feBody(b))];
    const dry = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: feBody(a) });
    expect(dry.status).toBe(200);
    // A voided document still counts: it was processed in the period.
    const voided = await request(t.url, 'POST', `/v1/documents/${ids[3]}/invalidate`, { key: t.account.testKey, body: { reason_type: '2', reason: 'Operación rescindida', ...people } });
    expect(voided.body.status).toBe('voided');
    // Another account's documents never count.
    const other = await t.newAccount('Otra');
    await issue(other.testKey, feBody(await createIssuer(t.url, other.testKey)));

    const r = await request(t.url, 'GET', '/v1/usage', { key: t.account.testKey });
    expect(r.status).toBe(200);
    const byEmitter = [
      { emitter_id: a.emitterId, by_type: [{ type: '01', processed: 2 }, { type: '03', processed: 1 }] },
      { emitter_id: b.emitterId, by_type: [{ type: '01', processed: 1 }] },
    ].sort((x, y) => x.emitter_id.localeCompare(y.emitter_id));
    expect(r.body).toEqual({
      object: 'usage',
      period,
      environment: '00',
      plan_code: 'mini',
      included: 1,
      used: 4,
      remaining: 0,
      overage_documents: 3,
      overage_amount_excl_iva: '0.00',
      by_emitter: byEmitter,
      data_refreshed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const explicit = await request(t.url, 'GET', `/v1/usage?period=${period}`, { key: t.account.testKey });
    expect({ ...explicit.body, data_refreshed_at: null }).toEqual({ ...r.body, data_refreshed_at: null });
    const g = await graphql(t.url, t.account.testKey, 'query($p: String) { usage(period: $p) { period used overageAmountExclIva byEmitter { emitterId byType { type processed } } } }', { p: period });
    expect(g.body.data.usage.used).toBe(4);
    expect(g.body.data.usage.byEmitter).toHaveLength(2);
  });

  it('bills the production environment by the graduated tiers of the plan', async () => {
    for (let i = 0; i < 4; i++) await issue(t.account.liveKey, feBody(i % 2 ? a : b));
    const r = await request(t.url, 'GET', '/v1/usage', { key: t.account.liveKey });
    // 4 used, 1 included: 1 at 0.50 (up to 2 documents), 2 at 0.25.
    expect([r.body.environment, r.body.used, r.body.overage_documents, r.body.overage_amount_excl_iva]).toEqual(['01', 4, 3, '1.00']);
    await t.app.services.setAccountPlan.execute({ accountId: t.account.id, planCode: 'grande' });
    const after = await request(t.url, 'GET', '/v1/usage', { key: t.account.liveKey });
    expect([after.body.plan_code, after.body.included, after.body.remaining, after.body.overage_amount_excl_iva]).toEqual(['grande', 1000, 996, '0.00']);
    await expect(t.app.services.setAccountPlan.execute({ accountId: t.account.id, planCode: 'oro' })).rejects.toThrow(/mini, grande/);
  });

  it('a month counts what reached processed within its El Salvador dates', async () => {
    const id = await issue(t.account.testKey, feBody(b));
    // Processed at 23:30 of the last day of the previous month, El Salvador time.
    const now = new Date();
    const firstOfMonth = new Date(Date.UTC(Number(usagePeriodOf(now).slice(0, 4)), Number(usagePeriodOf(now).slice(5)) - 1, 1, 6));
    const previous = usagePeriodOf(new Date(firstOfMonth.getTime() - 1));
    await dbRows(t.db.url, 'update documents set processed_at = $1 where id = $2', [new Date(firstOfMonth.getTime() - 30 * 60_000), id]);
    const last = await request(t.url, 'GET', `/v1/usage?period=${previous}`, { key: t.account.testKey });
    expect([last.body.period, last.body.used, last.body.by_emitter]).toEqual([previous, 1, [{ emitter_id: b.emitterId, by_type: [{ type: '01', processed: 1 }] }]]);
    const empty = await request(t.url, 'GET', '/v1/usage?period=2001-01', { key: t.account.testKey });
    expect([empty.body.used, empty.body.by_emitter, empty.body.remaining]).toEqual([0, [], 1000]);
  });

  it('needs a credential (a session works, in its environment) and a valid period', async () => {
    expect((await request(t.url, 'GET', '/v1/usage')).status).toBe(401);
    const bad = await request(t.url, 'GET', '/v1/usage?period=2026-13', { key: t.account.testKey });
    expect([bad.status, bad.body.type]).toEqual([400, expect.stringMatching(/invalid_request$/)]);
    await t.app.services.createUser.execute({ accountId: t.account.id, email: 'conta@example.com', password: 'Clave-del-panel-1', role: 'viewer' });
    const s = await logIn(t.url, 'conta@example.com', 'Clave-del-panel-1');
    const viaSession = await withSession(t.url, s, 'GET', '/v1/usage');
    const viaKey = await request(t.url, 'GET', '/v1/usage', { key: t.account.testKey });
    expect({ ...viaSession.body, data_refreshed_at: null }).toEqual({ ...viaKey.body, data_refreshed_at: null });
    await withSession(t.url, s, 'PATCH', '/v1/auth/session', { body: { environment: '01' } });
    expect((await withSession(t.url, s, 'GET', '/v1/usage')).body.environment).toBe('01');
  });
});
