/**
 * The documents list's `q` finds what a person types (ADR 0040): names regardless of case and
 * accents («Maria» → «María», «lopez» → «López», «munoz» → «Muñoz»), a NIT or DUI with or without its
 * dashes and spaces, and control numbers and generation codes with or without theirs — the same
 * answer over REST `q` and GraphQL `documents(filter: {q})`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMhSimulator } from '../../src/mh-simulator/mh-simulator.server';
import type { MhSimulator } from '../../src/mh-simulator/mh-simulator.types';
import { ccfBody, feBody } from '../fixtures/document-bodies';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { startTestApp, type TestApp } from '../support/test-app';

let sim: MhSimulator;
let t: TestApp;
let issuer: Issuer;
const docs: Record<string, any>[] = [];

beforeAll(async () => {
  sim = await createMhSimulator({ dataDir: mkdtempSync(join(tmpdir(), 'dte-sim-')) });
  t = await startTestApp({ MH_SIMULATOR_URL: await sim.listen(0) });
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06143030303030' });
  const bodies = [
    feBody(issuer, { external_id: 'S-MARIA', receiver: { name: 'María José López', document_type: '13', document_number: '04567890-1' } }),
    ccfBody(issuer, { external_id: 'S-NIT', receiver: { ...(ccfBody(issuer).receiver as object), name: 'Ferretería Muñoz, S.A. de C.V.', document_number: '06140101901019' } }),
    feBody(issuer, { external_id: 'S-OTHER', receiver: { name: 'Ana Mercedes Pérez', document_type: '13', document_number: '01234567-8' } }),
  ];
  for (const body of bodies) {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body });
    expect(r.status).toBe(201);
    docs.push(r.body);
  }
});
afterAll(async () => {
  await t.stop();
  await sim.close();
});

async function restIds(q: string): Promise<string[]> {
  const r = await request(t.url, 'GET', `/v1/documents?q=${encodeURIComponent(q)}`, { key: t.account.testKey });
  expect(r.status).toBe(200);
  return r.body.data.map((d: { external_id: string }) => d.external_id);
}

async function graphqlIds(q: string): Promise<string[]> {
  const r = await graphql(t.url, t.account.testKey, 'query($f: DocumentFilter) { documents(filter: $f, first: 20) { nodes { externalId } } }', { f: { q } });
  expect(r.body.errors).toBeUndefined();
  return r.body.data.documents.nodes.map((n: { externalId: string }) => n.externalId);
}

describe('q over REST and GraphQL', () => {
  const cases: [label: string, q: () => string, found: string[]][] = [
    ['a name without its accent', () => 'Maria', ['S-MARIA']],
    ['a name in lower case without its accent', () => 'lopez', ['S-MARIA']],
    ['a name as stored', () => 'María José', ['S-MARIA']],
    ['two words without accents, in capitals', () => 'MARIA JOSE LOPEZ', ['S-MARIA']],
    ['ñ typed as n', () => 'munoz', ['S-NIT']],
    ['a trade name with ñ and accents as stored', () => 'Ferretería Muñoz', ['S-NIT']],
    ['a NIT with its dashes', () => '0614-010190-101-9', ['S-NIT']],
    ['a NIT without dashes', () => '06140101901019', ['S-NIT']],
    ['a NIT in groups with spaces', () => '0614 010190 101 9', ['S-NIT']],
    ['a DUI without its dash', () => '045678901', ['S-MARIA']],
    ['a DUI with its dash', () => '04567890-1', ['S-MARIA']],
    ['a control number as stored', () => docs[1].control_number, ['S-NIT']],
    ['a control number without dashes, in lower case', () => docs[1].control_number.replace(/-/g, '').toLowerCase(), ['S-NIT']],
    ['a generation code without dashes', () => docs[0].generation_code.replace(/-/g, ''), ['S-MARIA']],
    ['a generation code in lower case with dashes', () => docs[0].generation_code.toLowerCase(), ['S-MARIA']],
    ['a surname without its accent', () => 'perez', ['S-OTHER']],
    ['a short word inside a name', () => 'jos', ['S-MARIA']],
    ['words in another order', () => 'Lopez Maria', []],
    ['a name nobody has', () => 'Quintanilla', []],
  ];
  it.each(cases)('%s', async (_label, q, found) => {
    expect(await restIds(q())).toEqual(found);
    expect(await graphqlIds(q())).toEqual(found);
  });
});
