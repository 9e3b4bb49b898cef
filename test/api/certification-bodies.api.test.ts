/**
 * The certification battery's generated bodies: 25 items of every type issued as dry runs through
 * REST — each accepted, and the built JSON valid against MH's official 2026 schema read from ../shared
 * — and the same item key always gives the same body.
 */
import { DOCUMENT_MINIMUMS, itemKey } from '../../src/domain/certification/battery-plan';
import { batteryBody, plainSaleBody, returnBody, specialOperationBody, type BodyContext } from '../../src/domain/certification/battery-bodies';
import { localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';
import { OFFICIAL_SCHEMA_FILES, officialValidators } from '../support/official-schemas';

const validators = officialValidators();

let t: TestApp;
let issuer: Issuer;
let ctx: BodyContext;

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06143131313131' });
  ctx = { emitterId: issuer.emitterId, establishment: 'M001', pointOfSale: 'P001', today: localDateOf(new Date()), externalPrefix: 'CERT-TEST' };
}, 120_000);
afterAll(async () => {
  await t.stop();
});

function amounts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => amounts(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'number' && k !== 'document_count' && k !== 'quantity' && k !== 'num_item') out.push(`${k}=${v}`);
      else amounts(v, out);
    }
  }
  return out;
}

it('the same key gives the same body; amounts are decimal strings, never numbers', () => {
  for (const type of Object.keys(DOCUMENT_MINIMUMS).filter((x) => x !== '05' && x !== '06')) {
    const a = batteryBody(type, itemKey(type as never, 7), ctx);
    expect(batteryBody(type, itemKey(type as never, 7), ctx)).toEqual(a);
    expect(batteryBody(type, itemKey(type as never, 8), ctx)).not.toEqual(a);
    expect(amounts(a)).toEqual([]);
  }
  expect(specialOperationBody('special_operation-001', ctx)).toEqual(specialOperationBody('special_operation-001', ctx));
  expect(returnBody('return-001', ctx)).toEqual({ external_id: 'CERT-TEST-return-001', lines: [{ num_item: 1, quantity: '1' }] });
});

it.each(Object.keys(OFFICIAL_SCHEMA_FILES))('tipo %s: 25 generated bodies accepted as dry runs, the built JSON valid against the official schema', async (type) => {
  let related: { generationCode: string; issuedOn: string } | undefined;
  if (type === '05' || type === '06') {
    const ccf = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: batteryBody('03', `ccf-for-${type}`, ctx) });
    expect(ccf.status).toBe(201);
    related = { generationCode: ccf.body.generation_code, issuedOn: localDateOf(ccf.body.issued_at) };
  }
  const failures: unknown[] = [];
  for (let o = 1; o <= 25; o++) {
    const body = type === '01' && o > 20 ? plainSaleBody(`plain-${o}`, ctx) : batteryBody(type, itemKey(type as never, o), ctx, related);
    const r = await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body });
    if (r.status !== 200) {
      failures.push({ o, status: r.status, errors: r.body.errors });
      continue;
    }
    const validate = validators[type];
    if (!validate(r.body.json)) failures.push({ o, schema: validate.errors });
  }
  expect(failures).toEqual([]);
});
