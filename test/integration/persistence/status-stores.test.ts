/**
 * The stores of contingency episodes, invalidations and DTE events apply their state machines in
 * the statement that changes the row (ADR 0083): from every status, every move — the allowed ones
 * reach their status, every other is refused and leaves the row exactly as it was. For
 * invalidations, the document's copy (`void.status`) always says what the invalidation says (ADR 0084).
 */
import { CONTINGENCY_EPISODE_MOVES, CONTINGENCY_EPISODE_STATUSES, type ContingencyEpisodeMoveName } from '../../../src/domain/contingency/contingency-episode-state-machine';
import { DTE_EVENT_MOVES, DTE_EVENT_STATUSES, type DteEventMoveName } from '../../../src/domain/events/dte-event-state-machine';
import { INVALIDATION_MOVES, INVALIDATION_STATUSES, type InvalidationMoveName } from '../../../src/domain/invalidations/invalidation-state-machine';
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

const deps = () => t.app.services.deps;
const rows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => dbRows<T>(t.db.url, text, params);
const rowOf = async (table: string, id: string) => (await rows<{ r: Record<string, unknown> }>(`select row_to_json(x) as r from ${table} x where id = $1`, [id]))[0].r;
const next = () => String(++seq).padStart(4, '0');

/** Every (from status, move) of a machine: [label, from, move, allowed]. */
function cases<S extends string, M extends string>(statuses: readonly S[], moves: Record<M, { from: readonly S[]; to: S }>) {
  return statuses.flatMap((from) => (Object.keys(moves) as M[]).map((name) => [`${from}, move ${name}`, from, name, (moves[name].from as readonly string[]).includes(from)] as const));
}

describe('contingency episodes', () => {
  async function episodeIn(status: string): Promise<string> {
    const id = `ctg_store_${next()}`;
    const at = new Date();
    await deps().contingencies.open(t.app.services.deps.orm.em.fork(), { id, accountId: t.account.id, emitterId: issuer.emitterId, environment: '00', contingencyType: 1, reason: 'prueba', nextCheckAt: at }, at);
    await rows('update contingency_episodes set status = $1 where id = $2', [status, id]);
    return id;
  }

  const apply = (name: ContingencyEpisodeMoveName, id: string, at: Date) => {
    const store = deps().contingencies;
    if (name === 'end') return store.end(id, at);
    if (name === 'complete') return store.complete(id, at);
    if (name === 'fail') return store.fail(deps().orm.em.fork(), id, { generationCode: 'EVENTO', response: { estado: 'RECHAZADO' }, lastError: 'rechazado' }, at);
    return store.move(name, id, { at });
  };

  test.each(cases(CONTINGENCY_EPISODE_STATUSES, CONTINGENCY_EPISODE_MOVES))('%s', async (_label, from, name, allowed) => {
    const id = await episodeIn(from);
    const before = await rowOf('contingency_episodes', id);
    expect(await apply(name, id, new Date(Date.now() + 1000))).toBe(allowed);
    const after = await rowOf('contingency_episodes', id);
    if (!allowed) return expect(after).toEqual(before);
    expect(after.status).toBe(CONTINGENCY_EPISODE_MOVES[name].to);
    if (name === 'fail') expect(after).toMatchObject({ event_status: 'rejected', failure_email_pending: true, last_error: 'rechazado' });
    if (name === 'end') expect(after.ended_at).not.toBeNull();
  });

  test.each([
    ['failed', 'recovering', 'failed'],
    ['open', 'open', 'open'],
    ['recovering', 'recovering', 'recovering'],
    ['completed', 'refused (unchanged)', null],
  ])("a held document's retry from %s: the episode is %s", async (from, to, previous) => {
    const id = await episodeIn(from);
    await rows(`update contingency_episodes set event_status = 'rejected' where id = $1`, [id]);
    const before = await rowOf('contingency_episodes', id);
    const at = new Date(Date.now() + 5000);
    const tx = deps().orm.em.fork();
    expect(await deps().contingencies.hurry(tx, id, at)).toBe(previous);
    const after = await rowOf('contingency_episodes', id);
    if (!previous) return expect(after).toEqual(before);
    expect(after.status).toBe(to);
    expect(new Date(after.next_check_at as string).getTime()).toBe(at.getTime());
    expect(after.event_status).toBe(from === 'failed' ? null : 'rejected');
  });
});

describe('invalidations and their copy on the document', () => {
  async function processedDocument(): Promise<string> {
    const parsed = parseDocumentCreate(snakeKeysToCamel(ccfBody(issuer)).value);
    if (!parsed.ok) throw new Error('cuerpo de prueba inválido');
    const n = ++seq;
    const id = `doc_inv_${String(n).padStart(4, '0')}`;
    const row = signedCcfRow({ id, accountId: t.account.id, emitterId: issuer.emitterId, request: parsed.value, series: '9100', n, at: new Date() });
    const store = deps().documents;
    await store.transaction((tx) => store.insertBorn(tx, [{ row, pointOfSaleId: 'pos_none' }]));
    await rows(`update documents set status = 'processed', reception_stamp = 'SELLO', processed_at = now() where id = $1`, [id]);
    return id;
  }

  async function invalidationIn(status: string): Promise<{ id: string; documentId: string }> {
    const documentId = await processedDocument();
    const id = `inv_store_${next()}`;
    const person = { name: 'Persona', documentType: '13', documentNumber: '012345678' };
    await deps().documents.transaction((tx) =>
      deps().invalidations.request(
        tx,
        { id, documentId, generationCode: `00000000-0000-4000-9200-${String(seq).padStart(12, '0')}`, reasonType: '2', reason: null, replacementDocumentId: null, responsible: person, requester: person, eventJson: '{}', jws: 'a.b.c' },
        'solicitada',
        new Date(),
      ),
    );
    await rows('update document_invalidations set status = $1 where id = $2', [status, id]);
    await rows(`update documents set void = jsonb_set(void, '{status}', to_jsonb($1::text)) where id = $2`, [status, documentId]);
    return { id, documentId };
  }

  const apply = (name: InvalidationMoveName, id: string) => {
    const mh = { code: '001', message: 'RECIBIDO', observations: [] };
    return name === 'seal'
      ? deps().invalidations.seal(id, { seal: 'SELLO-INV', mh, processedAt: new Date() }, () => 'invalidado', new Date())
      : deps().invalidations.reject(id, { ...mh, code: '002' }, 'rechazada', new Date());
  };

  it('a request is born pending, and the document carries the same status', async () => {
    const { id, documentId } = await invalidationIn('pending');
    const [doc] = await rows<{ status: string; void: { status: string } }>('select status, void from documents where id = $1', [documentId]);
    expect(doc).toMatchObject({ status: 'processed', void: { status: 'pending', receptionStamp: null } });
    expect((await rowOf('document_invalidations', id)).status).toBe('pending');
  });

  test.each(cases(INVALIDATION_STATUSES, INVALIDATION_MOVES))('%s', async (_label, from, name, allowed) => {
    const { id, documentId } = await invalidationIn(from);
    const before = { inv: await rowOf('document_invalidations', id), doc: await rowOf('documents', documentId) };
    expect(await apply(name, id)).toBe(allowed);
    const after = { inv: await rowOf('document_invalidations', id), doc: await rowOf('documents', documentId) };
    if (!allowed) return expect(after).toEqual(before);
    const to = INVALIDATION_MOVES[name].to;
    expect(after.inv.status).toBe(to);
    // One writer: the document's copy says what the invalidation says.
    expect((after.doc.void as { status: string }).status).toBe(to);
    expect(after.doc.status).toBe(name === 'seal' ? 'voided' : 'processed');
    if (name === 'seal') expect(after.doc.void).toMatchObject({ receptionStamp: 'SELLO-INV', mh: { code: '001' } });
  });
});

describe('DTE events', () => {
  async function eventIn(status: string): Promise<string> {
    const id = `ret_store_${next()}`;
    const tx = deps().orm.em.fork();
    await deps().dteEvents.insert(tx, {
      id, account_id: t.account.id, emitter_id: issuer.emitterId, environment: '00', kind: 'special_operation', document_id: null, external_id: null,
      generation_code: `00000000-0000-4000-9300-${String(seq).padStart(12, '0')}`, event_date: '2026-03-10', lines: [], totals: { subtotal: '0.00', iva: '0.00', total: '0.00', totalInWords: 'CERO' },
      event_json: '{}', jws: 'a.b.c', at: new Date(),
    });
    await rows('update dte_events set status = $1 where id = $2', [status, id]);
    return id;
  }

  const apply = async (name: DteEventMoveName, id: string) => {
    if (name !== 'void') return deps().dteEvents.move(name, id, { set: name === 'seal' ? { seal: 'SELLO-EV', processed_at: new Date(), transmit_lease_until: null } : {}, at: new Date() });
    // The move `void` is the seal of the event's pending invalidation (ADR 0063).
    return deps().dteEvents.sealVoid(id, { seal: 'SELLO-INV', mh: { code: '001', message: 'ok', observations: [] }, processedAt: new Date() }, new Date());
  };

  it('an event is born pending', async () => {
    expect((await rowOf('dte_events', await eventIn('pending'))).status).toBe('pending');
  });

  test.each(cases(DTE_EVENT_STATUSES, DTE_EVENT_MOVES))('%s', async (_label, from, name, allowed) => {
    const id = await eventIn(from);
    if (name === 'void') await rows(`update dte_events set void = '{"reasonType":"2","reason":null,"receptionStamp":null,"status":"pending"}'::jsonb where id = $1`, [id]);
    const before = await rowOf('dte_events', id);
    const moved = await apply(name, id);
    expect(moved !== null).toBe(allowed);
    const after = await rowOf('dte_events', id);
    if (!allowed) return expect(after).toEqual(before);
    expect(after.status).toBe(DTE_EVENT_MOVES[name].to);
    expect(moved!.status).toBe(DTE_EVENT_MOVES[name].to);
  });

  it('a move sets only the columns it may', async () => {
    const id = await eventIn('pending');
    await expect(deps().dteEvents.move('seal', id, { set: { status: 'voided' } as never, at: new Date() })).rejects.toThrow(/BUG: dte_events.status/);
    expect((await rowOf('dte_events', id)).status).toBe('pending');
  });
});
