import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PLAN_FILE } from '../../../src/domain/billing/default-plans';
import { overageOf, parsePlanCatalog, planOf, type Plan } from '../../../src/domain/billing/plan';
import { usagePeriodBounds, usagePeriodOf } from '../../../src/domain/billing/usage-period';
import { ConfigError, loadConfig } from '../../../src/config/config';

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  code: 'p',
  name: 'P',
  currency: 'USD',
  priceExclIva: '10.00',
  interval: 'month',
  includedDocuments: 100,
  overage: [
    { upTo: 200, unitPriceExclIva: '0.05' },
    { upTo: null, unitPriceExclIva: '0.03' },
  ],
  features: [],
  ...overrides,
});

describe('overage', () => {
  it.each([
    ['nothing used', 0, true, 0, '0.00'],
    ['within the plan', 100, true, 0, '0.00'],
    ['one over, first tier', 101, true, 1, '0.05'],
    ['up to the first tier', 200, true, 100, '5.00'],
    ['into the last tier', 250, true, 150, '6.50'],
    ['test environment: counted, not billed', 250, false, 150, '0.00'],
  ])('%s', (_label, used, billed, docs, amount) => {
    expect(overageOf(plan(), used, billed)).toEqual({ overageDocuments: docs, amountExclIva: amount });
  });

  it('rounds the total half up to cents, in decimal', () => {
    expect(overageOf(plan({ includedDocuments: 0, overage: [{ upTo: null, unitPriceExclIva: '0.0125' }] }), 3, true).amountExclIva).toBe('0.04');
    expect(overageOf(plan({ includedDocuments: 0, overage: [{ upTo: null, unitPriceExclIva: '0.1' }] }), 3, true).amountExclIva).toBe('0.30');
  });
});

describe('price list', () => {
  it('the built-in list is valid, its default plan is listed and every amount has 2 decimals', () => {
    const r = parsePlanCatalog(DEFAULT_PLAN_FILE);
    if (!r.ok) throw new Error(r.problems.join('; '));
    expect(r.catalog.plans.map((p) => p.code)).toEqual(['basico', 'emprendedor', 'pyme', 'empresa']);
    expect(r.catalog.plans.map((p) => p.priceExclIva)).toEqual(['9.00', '25.00', '69.00', '199.00']);
    expect(planOf(r.catalog, null).code).toBe('basico');
    expect(planOf(r.catalog, 'pyme').code).toBe('pyme');
    expect(planOf(r.catalog, 'retirado').code).toBe('basico');
  });

  it.each([
    ['not an object', 7, 'debe ser un objeto con "plans"'],
    ['no plans', { plans: [] }, 'debe ser un objeto con "plans"'],
    ['bad code', { plans: [{ ...DEFAULT_PLAN_FILE.plans[0], code: 'Con Espacios' }] }, 'plans[0].code'],
    ['price as a number', { plans: [{ ...DEFAULT_PLAN_FILE.plans[0], price_excl_iva: 9 }] }, 'plans[0].price_excl_iva'],
    ['last tier with a limit', { plans: [{ ...DEFAULT_PLAN_FILE.plans[0], overage: [{ up_to: 500, unit_price_excl_iva: '0.1' }] }] }, 'plans[0].overage[0].up_to: el último tramo'],
    ['tiers not increasing', { plans: [{ ...DEFAULT_PLAN_FILE.plans[0], overage: [{ up_to: 50, unit_price_excl_iva: '0.1' }, { up_to: null, unit_price_excl_iva: '0.1' }] }] }, 'plans[0].overage[0].up_to: entero mayor que el límite anterior (100)'],
    ['repeated code', { plans: [DEFAULT_PLAN_FILE.plans[0], DEFAULT_PLAN_FILE.plans[0]] }, 'plans[1].code: "basico" está repetido'],
    ['unknown default', { default_plan: 'oro', plans: [DEFAULT_PLAN_FILE.plans[0]] }, 'default_plan'],
  ])('refuses %s', (_label, json, problem) => {
    const r = parsePlanCatalog(json);
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems.join('\n')).toContain(problem);
  });

  it('PLANS_FILE replaces the list; a bad file stops the start naming PLANS_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plans-'));
    const good = join(dir, 'planes.json');
    writeFileSync(good, JSON.stringify({ plans: [{ code: 'unico', name: 'Único', price_excl_iva: '5', included_documents: 10, overage: [{ up_to: null, unit_price_excl_iva: '0.10' }] }] }));
    expect(loadConfig({ PLANS_FILE: good }).plans.plans.map((p) => [p.code, p.priceExclIva])).toEqual([['unico', '5.00']]);
    const bad = join(dir, 'malo.json');
    writeFileSync(bad, '{"plans": [');
    expect(() => loadConfig({ PLANS_FILE: bad })).toThrow(ConfigError);
    expect(() => loadConfig({ PLANS_FILE: bad })).toThrow(/PLANS_FILE=/);
    expect(() => loadConfig({ PLANS_FILE: join(dir, 'no-existe.json') })).toThrow(/PLANS_FILE=/);
  });
});

describe('usage periods (El Salvador months)', () => {
  it.each([
    ['a June afternoon', '2026-06-15T20:00:00Z', '2026-06'],
    ['01:00 UTC on July 1st is still June 30th in El Salvador', '2026-07-01T01:00:00Z', '2026-06'],
    ['06:00 UTC on July 1st is July', '2026-07-01T06:00:00Z', '2026-07'],
  ])('%s', (_label, at, period) => {
    expect(usagePeriodOf(new Date(at))).toBe(period);
  });
  it('bounds run from local midnight to local midnight', () => {
    const b = usagePeriodBounds('2026-12');
    expect([b.start.toISOString(), b.end.toISOString()]).toEqual(['2026-12-01T06:00:00.000Z', '2027-01-01T06:00:00.000Z']);
  });
});
