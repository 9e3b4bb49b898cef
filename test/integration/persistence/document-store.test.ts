import { DOCUMENT_MOVES, DOCUMENT_MOVE_NAMES, STORED_STATUSES, type DocumentMoveName, type StoredDocumentStatus } from '../../../src/domain/documents';
import type { DocumentStatusChange } from '../../../src/persistence/documents/document-store';
import { parseDocumentCreate } from '../../../src/domain/dte';
import { snakeKeysToCamel } from '../../../rest-adapter/case-convert';
import { ccfBody } from '../../fixtures/document-bodies';
import { dbRows } from '../../support/db-rows';
import { signedCcfRow } from '../../support/stored-document';
import { createIssuer, type Issuer } from '../../support/issuer';
import { waitFor } from '../../support/mh-control';
import { startTestApp, type TestApp } from '../../support/test-app';

// The API role only: no worker transmits or reconciles the documents this test puts in each status.
let t: TestApp;
let issuer: Issuer;
const notified: DocumentStatusChange[] = [];
let seq = 0;

beforeAll(async () => {
  t = await startTestApp({ ROLE: 'api' });
  issuer = await createIssuer(t.url, t.account.testKey);
  t.app.services.deps.statusBus.subscribe((e) => notified.push(e));
});
afterAll(async () => {
  await t.stop();
});

const rows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => dbRows<T>(t.db.url, text, params);

/** A stored document of the test issuer put straight into `status` (the state under test). */
async function documentIn(status: StoredDocumentStatus): Promise<string> {
  const parsed = parseDocumentCreate(snakeKeysToCamel(ccfBody(issuer)).value);
  if (!parsed.ok) throw new Error('cuerpo de prueba inválido');
  const now = new Date();
  const n = ++seq;
  const id = `doc_store_${String(n).padStart(4, '0')}`;
  const row = signedCcfRow({ id, accountId: t.account.id, emitterId: issuer.emitterId, request: parsed.value, series: '9000', n, at: now });
  const store = t.app.services.deps.documents;
  await store.transaction((tx) => store.insertBorn(tx, [{ row, pointOfSaleId: 'pos_none' }]));
  await rows('update documents set status = $1 where id = $2', [status, id]);
  return id;
}

const state = async (id: string) => {
  const [doc] = await rows<{ status: string }>('select status from documents where id = $1', [id]);
  const events = await rows<{ type: string }>('select type from document_events where document_id = $1 order by at, id', [id]);
  const outbox = await rows<{ type: string; data: Record<string, unknown> }>('select type, data from outbox_events where subject_id = $1 order by id', [id]);
  return { status: doc.status, events: events.map((e) => e.type), outbox: outbox.map((o) => o.type) };
};

async function apply(id: string, name: DocumentMoveName, path: 'one statement' | 'transaction'): Promise<boolean> {
  const store = t.app.services.deps.documents;
  if (name === 'transmit') return (await store.claim(id, { leaseUntil: new Date(Date.now() + 60_000), includeContingency: true })) !== null;
  const change = { message: `prueba ${name}` };
  if (path === 'one statement') return (await store.transition(id, name, change)).done;
  return store.transaction(async (tx) => (await store.transition(id, name, change, { tx })).done);
}

const cases = (['one statement', 'transaction'] as const).flatMap((path) =>
  STORED_STATUSES.flatMap((from) => DOCUMENT_MOVE_NAMES.filter((name) => name !== 'transmit' || path === 'one statement').map((name) => [path, from, name] as const)),
);

describe('every status change goes through the state machine', () => {
  test.each(cases)('%s: %s, move %s', async (path, from, name) => {
    const move = DOCUMENT_MOVES[name];
    const id = await documentIn(from);
    const before = await state(id);
    const allowed = (move.from as readonly string[]).includes(from);
    expect(await apply(id, name, path)).toBe(allowed);
    const after = await state(id);
    if (!allowed) {
      expect(after).toEqual(before);
      return;
    }
    // The row, its events[] line, its outbox event (a summary showing the new status) and its notification.
    expect(after.status).toBe(move.to);
    expect(after.events).toEqual([...before.events, move.event]);
    expect(after.outbox).toEqual(move.outbox ? [...before.outbox, move.outbox] : before.outbox);
    if (move.outbox) {
      const [event] = await rows<{ data: { id: string; status: string } }>('select data from outbox_events where subject_id = $1 and type = $2', [id, move.outbox]);
      expect(event.data).toMatchObject({ id, status: move.to });
    }
    await waitFor(async () => notified.some((e) => e.documentId === id && e.status === move.to && e.emitterId === issuer.emitterId));
  });

  it('concurrent changes share statements and each still writes its own row, event, outbox event and notification', async () => {
    const ids = await Promise.all(Array.from({ length: 24 }, () => documentIn('sending')));
    const store = t.app.services.deps.documents;
    const seal = (id: string, mark: string) => store.transition(id, 'seal', { message: `sello ${mark}`, set: { reception_stamp: `SELLO ${mark}`, mh_response: { code: mark, message: null, observations: [] } } });
    // Each document sealed with its own values, all arriving together; half of them sealed twice at
    // once: whichever comes first wins, the other is refused (already processed).
    const results = await Promise.all([...ids.map((id, i) => seal(id, `${i}`)), ...ids.filter((_, i) => i % 2 === 0).map((id, i) => seal(id, `${i * 2} bis`))]);
    expect(results.filter((r) => r.done)).toHaveLength(ids.length);
    for (const [i, id] of ids.entries()) {
      const after = await state(id);
      expect(after.status).toBe('processed');
      expect(after.events.filter((e) => e === 'sealed')).toHaveLength(1);
      expect(after.outbox.filter((o) => o === 'document.processed')).toHaveLength(1);
      const [doc] = await rows<{ reception_stamp: string; mh_response: { code: string } }>('select reception_stamp, mh_response from documents where id = $1', [id]);
      const [event] = await rows<{ message: string }>(`select message from document_events where document_id = $1 and type = 'sealed'`, [id]);
      const mark = doc.mh_response.code;
      expect([`${i}`, `${i} bis`]).toContain(mark);
      expect(doc.reception_stamp).toBe(`SELLO ${mark}`);
      expect(event.message).toBe(`sello ${mark}`);
    }
    await waitFor(async () => ids.every((id) => notified.some((e) => e.documentId === id && e.status === 'processed')));
  });

  it('a move cannot be narrowed to a status it does not leave from', async () => {
    const id = await documentIn('processed');
    await expect(t.app.services.deps.documents.transition(id, 'void', { message: 'x', from: ['sending'] })).rejects.toThrow(/no sale de/);
    expect((await state(id)).status).toBe('processed');
  });
});
