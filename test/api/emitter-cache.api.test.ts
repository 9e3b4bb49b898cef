import { ManualClock } from '../../src/services/shared/clock';
import { Client } from 'pg';
import { feBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issuers are cached per process (ADR 0017): a sealed document and `GET /v1/emitters/{id}` read
 * nothing of the issuer once it is known. A change made through an instance is seen by that instance
 * at once (the service that made it forgets the emitter) and by another instance on the same
 * PostgreSQL as soon as the issuer tables' trigger notice reaches it; a change made by SQL outside
 * both, likewise. Each cross-instance check waits for the notice, not for time.
 */
let a: TestApp;
let b: TestApp;
let issuer: Issuer;
let key: string;

// Both instances read time from one clock the test holds still: a cached entry's safety-net TTL never
// lapses while the test runs, however slow the machine (the notices are what this file tests). It
// stands at the test's start: the issuer's test certificate is valid from the machine's time on, and
// a fixed date fell before that validity once the machine's clock had moved past it.
const clock = new ManualClock(new Date());

// API processes only: the statements counted are the requests', never a worker's periodic jobs.
beforeAll(async () => {
  a = await startTestApp({ ROLE: 'api' }, { clock });
  // The second instance sends to the first one's simulator, where the issuer's certificate is registered.
  b = await startTestApp({ ROLE: 'api', MH_SIMULATOR_URL: a.app.mhSimulatorUrl! }, { db: a.db, account: a.account, clock });
  key = a.account.testKey;
  issuer = await createIssuer(a.url, key);
});
afterAll(async () => {
  await b.stop();
  await a.stop();
});

/**
 * Resolves once both instances have received every notice committed before it was called: a marker
 * notice sent now arrives after them (PostgreSQL delivers notices in commit order), and each
 * instance's cache handles a notice before the marker's listener runs.
 */
async function noticesDelivered(): Promise<void> {
  const marker = `marker-${Math.random()}`;
  const seen = Promise.all(
    [a, b].map(
      (t) =>
        new Promise<void>((resolve) => {
          const off = t.app.emitterChanges!.subscribe((e) => {
            if (e.id !== marker) return;
            off();
            resolve();
          });
        }),
    ),
  );
  await dbRows(a.db.url, "select pg_notify('dte_emitter', json_build_object('id', $1::text)::text)", [marker]);
  await seen;
}

const ISSUER_TABLES = /\b(emitters|establishments|points_of_sale|emitter_credentials|contingency_episodes)\b/;
const DIRECTORY_TABLES = /\b(customers|products)\b/;

/** Statements reading or writing the issuer's tables sent to PostgreSQL by this process (both instances) while `fn` runs. */
const issuerStatementsDuring = (fn: () => Promise<unknown>) => statementsDuring(ISSUER_TABLES, fn);

/** Statements naming a table `tables` matches sent to PostgreSQL by this process (both instances) while `fn` runs. */
async function statementsDuring(tables: RegExp, fn: () => Promise<unknown>): Promise<number> {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  let count = 0;
  proto.query = function counted(this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    if (tables.test(typeof q === 'string' ? q : (q?.text ?? ''))) count++;
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return count;
}

const getEmitter = (t: TestApp) => request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}`, { key });
const dryRun = (t: TestApp, body = feBody(issuer)) => request(t.url, 'POST', '/v1/documents?dry_run=true', { key, body });

describe('the issuer cache', () => {
  it('a known emitter is read, and a document dry-run, without a statement about the issuer', async () => {
    for (const t of [a, b]) {
      expect((await getEmitter(t)).status).toBe(200);
      expect((await dryRun(t)).status).toBe(200);
    }
    // The key, the emitter, its credential statuses and the issuer are all known now: nothing is read.
    expect(await issuerStatementsDuring(async () => expect((await getEmitter(a)).status).toBe(200))).toBe(0);
    expect(await issuerStatementsDuring(async () => expect((await dryRun(a)).status).toBe(200))).toBe(0);
  });

  it('an emitter changed through one instance is answered changed by it at once and by the other once its notice arrives', async () => {
    await Promise.all([getEmitter(a), getEmitter(b), dryRun(a), dryRun(b)]);
    const patched = await request(a.url, 'PATCH', `/v1/emitters/${issuer.emitterId}`, { key, body: { trade_name: 'Brisas Centro' } });
    expect(patched.status).toBe(200);
    expect((await getEmitter(a)).body.trade_name).toBe('Brisas Centro');
    expect((await dryRun(a)).body.json.emisor.nombreComercial).toBe('Brisas Centro');
    await noticesDelivered();
    expect((await getEmitter(b)).body.trade_name).toBe('Brisas Centro');
    expect((await dryRun(b)).body.json.emisor.nombreComercial).toBe('Brisas Centro');
  });

  it('an emitter changed by SQL outside both instances is answered changed by both once its notice arrives', async () => {
    await Promise.all([getEmitter(a), getEmitter(b)]);
    await dbRows(a.db.url, 'update emitters set name = $1 where id = $2', ['Comercial Las Brisas Norte, S.A. de C.V.', issuer.emitterId]);
    await noticesDelivered();
    for (const t of [a, b]) {
      expect((await getEmitter(t)).body.name).toBe('Comercial Las Brisas Norte, S.A. de C.V.');
      expect((await dryRun(t)).body.json.emisor.nombre).toBe('Comercial Las Brisas Norte, S.A. de C.V.');
    }
  });

  it('a point of sale deactivated through one instance refuses issuance there at once and on the other once its notice arrives', async () => {
    const body = feBody({ ...issuer, pointOfSale: 'P002' });
    for (const t of [a, b]) expect((await dryRun(t, body)).status).toBe(200);
    const [est] = (await request(a.url, 'GET', `/v1/emitters/${issuer.emitterId}/establishments`, { key })).body.data;
    const patched = await request(a.url, 'PATCH', `/v1/emitters/${issuer.emitterId}/establishments/${est.id}`, {
      key,
      body: { points_of_sale: [{ code: 'P001' }, { code: 'P002', active: false }] },
    });
    expect(patched.status).toBe(200);
    const refusedHere = await dryRun(a, body);
    expect([refusedHere.status, refusedHere.body.errors?.[0]?.code]).toEqual([422, 'unknown_point_of_sale']);
    await noticesDelivered();
    const refusedThere = await dryRun(b, body);
    expect([refusedThere.status, refusedThere.body.errors?.[0]?.code]).toEqual([422, 'unknown_point_of_sale']);
  });

  it('credentials tested through one instance show their new check at once there and on the other once its notice arrives', async () => {
    const before = (await getEmitter(a)).body.credentials.find((c: { environment: string }) => c.environment === '00');
    await getEmitter(b);
    clock.advance(1_000); // the new check is a later one
    const tested = await request(a.url, 'POST', `/v1/emitters/${issuer.emitterId}/credentials/test`, { key, body: { environment: '00' } });
    expect(tested.status).toBe(200);
    const checkedAt = tested.body.checked_at;
    expect(checkedAt).not.toBe(before.checked_at);
    const now = (t: TestApp) => getEmitter(t).then((r) => r.body.credentials.find((c: { environment: string }) => c.environment === '00').checked_at);
    expect(await now(a)).toBe(checkedAt);
    await noticesDelivered();
    expect(await now(b)).toBe(checkedAt);
  });

  it('a contingency declared in one instance: its next document is born in contingency at once, and so is the other instance\'s once the notice arrives', async () => {
    const own = await createIssuer(a.url, key);
    const issue = (t: TestApp) => request(t.url, 'POST', '/v1/documents', { key, body: feBody(own) });
    for (const t of [a, b]) expect((await issue(t)).body.status).toBe('processed');
    await a.app.services.declareContingency.execute({ emitterId: own.emitterId, environment: '00', reason: 'Corte de energía en el local' });
    const here = await issue(a);
    expect([here.status, here.body.status]).toEqual([202, 'contingency']);
    await noticesDelivered();
    const there = await issue(b);
    expect([there.status, there.body.status]).toEqual([202, 'contingency']);
    const models = await dbRows<{ model_type: number }>(a.db.url, 'select model_type from documents where id = any($1::text[])', [[here.body.id, there.body.id]]);
    expect(models.map((m) => m.model_type)).toEqual([2, 2]);
  });
});

describe('the directory references cache', () => {
  let customerId: string;
  let productId: string;
  const byReference = () => ({ emitter_id: issuer.emitterId, type: '01', establishment: issuer.establishment, point_of_sale: issuer.pointOfSale, customer_id: customerId, items: [{ product_id: productId, quantity: '2' }] });
  const issued = async (t: TestApp) => {
    const r = await dryRun(t, byReference() as never);
    return r.status === 200 ? { name: r.body.json.receptor.nombre as string, price: r.body.json.cuerpoDocumento[0].precioUni as number } : { status: r.status as number };
  };

  beforeAll(async () => {
    const c = await request(a.url, 'POST', `/v1/emitters/${issuer.emitterId}/customers`, { key, body: { name: 'Ferretería El Clavo', document_type: '13', document_number: '01234567-8', email: 'clavo@example.com' } });
    const p = await request(a.url, 'POST', `/v1/emitters/${issuer.emitterId}/products`, { key, body: { code: 'MART-1', description: 'Martillo de uña', unit_code: '59', unit_price: '8.50', tax: 'gravada', type: '1' } });
    expect([c.status, p.status]).toEqual([201, 201]);
    customerId = c.body.id;
    productId = p.body.id;
  });

  it('a customer and product already read are issued by reference without a statement about the directory', async () => {
    for (const t of [a, b]) expect(await issued(t)).toEqual({ name: 'Ferretería El Clavo', price: 8.5 });
    expect(await statementsDuring(DIRECTORY_TABLES, async () => expect(await issued(a)).toEqual({ name: 'Ferretería El Clavo', price: 8.5 }))).toBe(0);
  });

  it('an issuance by reference that moves the customer\'s last use drops nothing: the next one still reads no directory statement', async () => {
    const sent = await request(a.url, 'POST', '/v1/documents', { key, body: byReference() });
    expect(sent.status).toBe(201);
    expect((await dbRows<{ last_used_at: Date | null }>(a.db.url, 'select last_used_at from customers where id = $1', [customerId]))[0].last_used_at).not.toBeNull();
    await noticesDelivered();
    expect(await statementsDuring(DIRECTORY_TABLES, async () => expect(await issued(a)).toEqual({ name: 'Ferretería El Clavo', price: 8.5 }))).toBe(0);
  });

  it('a customer and a product changed through one instance are issued changed by it at once and by the other once the notice arrives', async () => {
    await Promise.all([issued(a), issued(b)]);
    expect((await request(a.url, 'PATCH', `/v1/emitters/${issuer.emitterId}/customers/${customerId}`, { key, body: { name: 'Ferretería El Clavo Dorado' } })).status).toBe(200);
    expect((await request(a.url, 'PATCH', `/v1/emitters/${issuer.emitterId}/products/${productId}`, { key, body: { unit_price: '9.25' } })).status).toBe(200);
    expect(await issued(a)).toEqual({ name: 'Ferretería El Clavo Dorado', price: 9.25 });
    await noticesDelivered();
    expect(await issued(b)).toEqual({ name: 'Ferretería El Clavo Dorado', price: 9.25 });
  });

  it('a product repriced by SQL outside both instances is issued at its new price by both once the notice arrives', async () => {
    await Promise.all([issued(a), issued(b)]);
    await dbRows(a.db.url, "update products set unit_price = '10.00' where id = $1", [productId]);
    await noticesDelivered();
    for (const t of [a, b]) expect((await issued(t)).price).toBe(10);
  });

  it('a product deleted through one instance is not found there at once, and on the other once the notice arrives', async () => {
    await Promise.all([issued(a), issued(b)]);
    expect((await request(a.url, 'DELETE', `/v1/emitters/${issuer.emitterId}/products/${productId}`, { key })).status).toBe(204);
    expect(await issued(a)).toEqual({ status: 404 });
    await noticesDelivered();
    expect(await issued(b)).toEqual({ status: 404 });
  });
});
