import { Client } from 'pg';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * `POST /v1/documents` writes its Idempotency-Key record in the group commit that stores the
 * document (ADR 0020, "the record in the creating commit"): no statement of its own before the
 * request runs, and still one document per key whatever races, replays or refusals come.
 */
let t: TestApp;
let issuer: Issuer;
let mh: MhControl;
const key = () => t.account.testKey;

beforeAll(async () => {
  t = await startTestApp({ SYNC_WAIT_MS: '8000' });
  mh = new MhControl(t.app.mhSimulatorUrl!);
  issuer = await createIssuer(t.url, key());
});
afterAll(async () => {
  await t.stop();
});

// An issuance answers before its replay copy is stored: the record is read once this process has stored it.
async function record(k: string) {
  await t.app.services.runIdempotentRequest.settled();
  const [row] = await dbRows<{ id: string; state: string; response_status: number | null; resources: { type: string; id: string }[] }>(
    t.db.url, 'select id, state, response_status, resources from idempotency_records where key = $1', [k],
  );
  return row;
}
const documentsOf = (externalId: string) => dbRows<{ id: string; control_number: string }>(t.db.url, 'select id, control_number from documents where external_id = $1', [externalId]);

/** The text of every statement this process sends while `fn` runs, in order. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function recorded(this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string };
    texts.push(typeof q === 'string' ? q : (q?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return texts;
}

describe('the Idempotency-Key record of an issuance is written by the commit that stores the document', () => {
  it('no statement touches the record before the document is stored, and the stored record lists the document', async () => {
    const k = `rec-${Math.random()}`;
    let id = '';
    const texts = await statementsDuring(async () => {
      const r = await request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body: feBody(issuer) });
      expect(r.status).toBe(201);
      id = r.body.id;
    });
    const first = texts.findIndex((s) => /idempotency_records/.test(s));
    expect(texts[first]).toMatch(/insert into documents/);
    expect(await record(k)).toMatchObject({ state: 'completed', response_status: 201, resources: [{ type: 'document', id }] });
  });

  it('the same key again answers the stored document (Idempotency-Replayed), and another body gets 409, both without a second document', async () => {
    const k = `rec-${Math.random()}`;
    const body = ccfBody(issuer, { external_id: `ext-${k}` });
    const first = await request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body });
    expect(first.status).toBe(201);
    const again = await request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body });
    expect([again.status, again.headers.get('idempotency-replayed'), again.text]).toEqual([201, 'true', first.text]);
    const other = await request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body: { ...body, external_id: 'otro' } });
    expect([other.status, other.body.code ?? other.body.type]).toEqual([409, expect.stringMatching(/idempotency_key_reused/)]);
    expect(await documentsOf(`ext-${k}`)).toHaveLength(1);
  });

  it('a refusal and a dry run store their answer under the key; the key then replays it and issues nothing', async () => {
    for (const [path, body, status] of [
      ['/v1/documents', feBody(issuer, { items: [] }), 422],
      ['/v1/documents?dry_run=true', feBody(issuer), 200],
    ] as const) {
      const k = `rec-${Math.random()}`;
      const first = await request(t.url, 'POST', path, { key: key(), idempotencyKey: k, body });
      expect(first.status).toBe(status);
      expect(await record(k)).toMatchObject({ state: 'completed', response_status: status, resources: [] });
      const again = await request(t.url, 'POST', path, { key: key(), idempotencyKey: k, body });
      expect([again.status, again.headers.get('idempotency-replayed'), again.text]).toEqual([status, 'true', first.text]);
    }
  });

  it('twenty identical requests racing with one key issue one document: the others answer it or 409 while it runs', async () => {
    const k = `race-${Math.random()}`;
    const body = feBody(issuer, { external_id: `ext-${k}` });
    // MH answers slowly so that the requests overlap the first one's whole run.
    await mh.fault({ mode: 'latency', ms: 300, count: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body })));
    await mh.clear();
    const docs = await documentsOf(`ext-${k}`);
    expect(docs).toHaveLength(1);
    for (const a of answers) {
      if (a.status === 409) expect(a.headers.get('retry-after')).toBe('1');
      else expect([a.status, a.body.id]).toEqual([201, docs[0].id]);
    }
    expect(answers.filter((a) => a.status === 201 && a.headers.get('idempotency-replayed') !== 'true')).toHaveLength(1);
    // The numbers the losing commits drew were given back: the sequence has no gap.
    const [last] = await dbRows<{ control_number: string }>(t.db.url, "select control_number from documents where emitter_id = $1 and type = '01' order by control_number desc limit 1", [issuer.emitterId]);
    const [count] = await dbRows<{ n: number }>(t.db.url, "select count(*)::int as n from documents where emitter_id = $1 and type = '01' and environment = '00'", [issuer.emitterId]);
    expect(Number(last.control_number.slice(-15))).toBe(count.n);
  });

  it('answers before its replay copy is stored; a retry of the key in this process waits for the copy instead of 409', async () => {
    const hold = new Client({ connectionString: t.db.url });
    await hold.connect();
    try {
      // The copy's write waits on an advisory lock this test holds.
      await hold.query(`create function test_hold_copy() returns trigger language plpgsql as $$ begin perform pg_advisory_xact_lock_shared(7171); return new; end $$`);
      await hold.query(`create trigger test_hold_copy before update on idempotency_records for each row when (old.state = 'in_progress' and new.state = 'completed') execute function test_hold_copy()`);
      await hold.query('select pg_advisory_lock(7171)');
      const k = `copy-${Math.random()}`;
      const body = feBody(issuer, { external_id: `ext-${k}` });
      const first = await request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body });
      expect(first.status).toBe(201);
      // Answered while the copy's write is still blocked: the record lists the document, in progress.
      await waitFor(async () => (await dbRows(t.db.url, `select pid from pg_locks where locktype = 'advisory' and objid = 7171 and not granted`)).length > 0);
      const [pending] = await dbRows<{ state: string; resources: unknown }>(t.db.url, 'select state, resources from idempotency_records where key = $1', [k]);
      expect(pending).toEqual({ state: 'in_progress', resources: [{ type: 'document', id: first.body.id }] });
      const again = request(t.url, 'POST', '/v1/documents', { key: key(), idempotencyKey: k, body });
      await hold.query('select pg_advisory_unlock(7171)');
      const replay = await again;
      expect([replay.status, replay.headers.get('idempotency-replayed'), replay.text]).toEqual([201, 'true', first.text]);
      expect(await record(k)).toMatchObject({ state: 'completed', response_status: 201 });
      expect(await documentsOf(`ext-${k}`)).toHaveLength(1);
    } finally {
      await hold.query('drop trigger if exists test_hold_copy on idempotency_records; drop function if exists test_hold_copy()');
      await hold.end();
    }
  });
});
