/**
 * The directory search answers the same alphabetical pages whichever way it reads them (ADR 0094):
 * in list order when the first rows hold the page, through the trigram index when the matches sit
 * past them (a first name that sorts late), with a cursor, and for text the index cannot serve.
 * Each answer is compared with the same filter and order computed here over every customer.
 */
import { Client } from 'pg';
import { ORDERED_PROBE_ROWS } from '../../src/services/directory/directory-search';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let issuer: Issuer;
const names: { id: string; name: string; document_number: string }[] = [];
const COUNT = ORDERED_PROBE_ROWS * 2 + 400;
const FIRST = ['Ana', 'Carlos', 'Elena', 'José', 'María', 'Sofía'];
const LAST = ['López', 'Martínez', 'Pérez', 'Rivera'];

beforeAll(async () => {
  t = await startTestApp();
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06145050505050', credentials: false });
  const pg = new Client({ connectionString: t.db.url });
  await pg.connect();
  try {
    // One customer in 6 per first name: «María» starts at about two thirds of the list, past the probe.
    const r = await pg.query<{ id: string; name: string; document_number: string }>(
      `insert into customers (id, account_id, emitter_id, name, document_type, document_number, receiver, created_at, updated_at)
       select 'cus_order' || lpad(g::text, 6, '0'), $1, $2, n.name, '13', lpad(g::text, 8, '0') || '-' || (g % 10), jsonb_build_object('name', n.name), now(), now()
         from generate_series(1, $3::int) g,
              lateral (select ($4::text[])[1 + g % 6] || ' ' || ($5::text[])[1 + (g / 6) % 4] || ' ' || g as name) n
       returning id, name, document_number`,
      [t.account.id, issuer.emitterId, COUNT, FIRST, LAST],
    );
    names.push(...r.rows);
    await pg.query('analyze customers');
  } finally {
    await pg.end();
  }
});
afterAll(async () => {
  await t.stop();
});

/** As dte_search_text folds: lower case, accents and dashes off. */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/-/g, '').toLowerCase();
const byOrder = (a: { id: string; name: string }, b: { id: string; name: string }) =>
  Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function expected(q: string): string[] {
  return names.filter((c) => fold(`${c.name}  ${c.document_number}  `).includes(fold(q))).sort(byOrder).map((c) => c.id);
}

async function pages(q: string, limit: number, max: number): Promise<string[]> {
  const ids: string[] = [];
  let after = '';
  for (let i = 0; i < max; i++) {
    const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers?q=${encodeURIComponent(q)}&limit=${limit}${after}`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    ids.push(...r.body.data.map((c: { id: string }) => c.id));
    if (!r.body.has_more) break;
    after = `&starting_after=${r.body.data.at(-1).id}`;
  }
  return ids;
}

describe('directory search order', () => {
  it.each([
    ['a surname every part of the list holds', 'rivera'],
    ['a first name sorting past the first rows', 'MARIA'],
    ['a first name and surname', 'maría pérez'],
    ['a text of two letters the trigram index cannot serve', 'ía'],
    ['a number found in few names', '177'],
  ])('%s: the same pages as the whole list filtered and sorted', async (_label, q) => {
    const want = expected(q).slice(0, 60);
    const got = await pages(q, 20, 3);
    expect(got).toEqual(want);
  });

  it('a text nobody holds answers an empty page', async () => {
    const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers?q=zzqx`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ data: [], has_more: false });
  });

  it('a cursor near the end reads the last matches in order', async () => {
    const all = expected('maria');
    const cursor = all[all.length - 5];
    const r = await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/customers?q=maria&limit=10&starting_after=${cursor}`, { key: t.account.testKey });
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { id: string }) => c.id)).toEqual(all.slice(-4));
    expect(r.body.has_more).toBe(false);
  });
});
