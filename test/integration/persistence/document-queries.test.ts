/**
 * The named reads other use cases make of documents (DocumentQueries): plain typed rows, never
 * managed entities; each limited to its owner; the return's original locked for its transaction.
 */
import { Client } from 'pg';
import { parseDocumentCreate } from '../../../src/domain/dte';
import { snakeKeysToCamel } from '../../../rest-adapter/case-convert';
import { ccfBody } from '../../fixtures/document-bodies';
import { dbRows } from '../../support/db-rows';
import { signedCcfRow } from '../../support/stored-document';
import { createIssuer, type Issuer } from '../../support/issuer';
import { startTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let issuer: Issuer;
let seq = 0;

beforeAll(async () => {
  t = await startTestApp({ ROLE: 'api' });
  issuer = await createIssuer(t.url, t.account.testKey);
});
afterAll(async () => {
  await t.stop();
});

const store = () => t.app.services.deps.documents;
const em = () => t.app.services.deps.orm.em.fork();
const rows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => dbRows<T>(t.db.url, text, params);
const owner = () => ({ accountId: t.account.id, environment: '00' });

/** A stored CCF of the test issuer, with `set` applied to its row afterwards (status, seal time …). */
async function stored(set: Record<string, unknown> = {}): Promise<string> {
  const parsed = parseDocumentCreate(snakeKeysToCamel(ccfBody(issuer)).value);
  if (!parsed.ok) throw new Error('cuerpo de prueba inválido');
  const at = new Date('2026-01-15T16:00:00Z');
  const n = ++seq;
  const id = `doc_query_${String(n).padStart(4, '0')}`;
  const request = { ...parsed.value, withholding: { renta: '0.10' } } as typeof parsed.value;
  const row = signedCcfRow({ id, accountId: t.account.id, emitterId: issuer.emitterId, request, series: '9100', n, at }, { receiver_email: 'r@example.com', dte_json: '{"a":1}' });
  await store().transaction((tx) => store().insertBorn(tx, [{ row, pointOfSaleId: 'pos_none' }]));
  for (const [column, value] of Object.entries(set)) await rows(`update documents set ${column} = $1 where id = $2`, [value, id]);
  return id;
}

describe('a document as its own use cases read it', () => {
  it('findOwn answers a plain row with its issuer, without the lazy texts', async () => {
    const id = await stored();
    const doc = (await store().findOwn(em(), owner(), id))!;
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(doc.emitter)).toBe(Object.prototype);
    expect(doc).toMatchObject({ id, status: 'signed', type: '03', total: '1.13', receiver_email: 'r@example.com', issued_at: new Date('2026-01-15T16:00:00Z') });
    expect(doc.emitter).toMatchObject({ id: issuer.emitterId, numbering: expect.any(String), is_large_taxpayer: expect.any(Boolean) });
    expect(doc).not.toHaveProperty('dte_json');
    expect(doc).not.toHaveProperty('jws');
    expect(doc).not.toHaveProperty('request');
  });

  it.each([
    ['another environment', { environment: '01' }],
    ['another account', { accountId: 'acc_other' }],
    ['an embed view of another issuer', { onlyEmitterIds: ['emt_other'] }],
    ['a key limited to other issuers', { onlyEmitterIds: ['emt_other', 'emt_otro'] }],
  ])('findOwn and findSigned see nothing of %s', async (_label, other) => {
    const id = await stored();
    expect(await store().findOwn(em(), { ...owner(), ...other }, id)).toBeNull();
    expect(await store().findSigned(em(), id, { ...owner(), ...other })).toBeNull();
    expect(await store().ownId({ ...owner(), ...other }, id)).toBeNull();
  });

  it('findSigned adds the signed JSON and JWS exactly as stored; without an owner it reads any document', async () => {
    const id = await stored();
    expect(await store().findSigned(em(), id, owner())).toMatchObject({ id, dte_json: '{"a":1}', jws: 'a.b.c', emitter: { id: issuer.emitterId } });
    expect((await store().findSigned(em(), id))?.id).toBe(id);
    expect(await store().findSigned(em(), 'doc_missing')).toBeNull();
  });

  it('ownId answers the id of the owner’s document only', async () => {
    const id = await stored();
    expect(await store().ownId(owner(), id)).toBe(id);
    expect(await store().ownId({ ...owner(), onlyEmitterIds: [issuer.emitterId] }, id)).toBe(id);
    expect(await store().ownId({ ...owner(), onlyEmitterIds: ['emt_otro'] }, id)).toBeNull();
    expect(await store().ownId(owner(), 'x'.repeat(65))).toBeNull();
  });
});

describe('the original of a return', () => {
  it('carries its signed JSON, the rate withheld and its issuer, and stays locked until the transaction ends', async () => {
    const id = await stored({ status: 'processed', processed_at: new Date('2026-01-15T17:00:00Z') });
    const other = new Client({ connectionString: t.db.url });
    await other.connect();
    try {
      await em().transactional(async (tx) => {
        const doc = await store().lockForReturn(tx, owner(), id);
        expect(doc).toMatchObject({ id, status: 'processed', dte_json: '{"a":1}', renta: '0.10', emitter_nit: expect.any(String), emitter_name: expect.any(String) });
        expect(doc!.processed_at).toEqual(new Date('2026-01-15T17:00:00Z'));
        // Another transaction cannot take the row meanwhile.
        await expect(other.query('select id from documents where id = $1 for update nowait', [id])).rejects.toMatchObject({ code: '55P03' });
      });
      expect((await other.query('select id from documents where id = $1 for update nowait', [id])).rows).toEqual([{ id }]);
    } finally {
      await other.end();
    }
    expect(await em().transactional((tx) => store().lockForReturn(tx, { ...owner(), environment: '01' }, id))).toBeNull();
  });
});

describe('reads for other use cases', () => {
  it('controlNumbers labels the account’s documents only', async () => {
    const id = await stored();
    const [row] = await rows<{ control_number: string }>('select control_number from documents where id = $1', [id]);
    expect(await store().controlNumbers(em(), t.account.id, [id, 'doc_missing'])).toEqual([{ id, control_number: row.control_number }]);
    expect(await store().controlNumbers(em(), 'acc_other', [id])).toEqual([]);
    expect(await store().controlNumbers(em(), t.account.id, [])).toEqual([]);
  });

  it('processedCounts counts the documents processed in [from, to) per issuer and type, voided later or not', async () => {
    const from = new Date('2031-05-01T06:00:00Z');
    const to = new Date('2031-06-01T06:00:00Z');
    await stored({ status: 'processed', processed_at: from });
    await stored({ status: 'voided', processed_at: new Date('2031-05-31T23:00:00Z') });
    await stored({ status: 'processed', processed_at: to });
    await stored({ status: 'processed', processed_at: new Date('2031-05-01T05:59:59Z') });
    expect(await store().processedCounts(owner(), from, to)).toEqual([{ emitter_id: issuer.emitterId, type: '03', processed: 2 }]);
    expect(await store().processedCounts({ ...owner(), environment: '01' }, from, to)).toEqual([]);
  });
});

describe('the receiver search index', () => {
  it('keeps no pending list: each write adds its own entries, none merges everyone’s (fastupdate off)', async () => {
    const [index] = await rows<{ reloptions: string[] | null }>(`select reloptions from pg_class where relname = 'documents_receiver_search_idx'`);
    expect(index.reloptions).toEqual(['fastupdate=off']);
  });
});
