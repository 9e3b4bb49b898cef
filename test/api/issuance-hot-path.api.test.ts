import { generateKeyPairSync } from 'node:crypto';
import { localDateTime } from '../../src/domain/mh-rules/el-salvador-time';
import { ccfBody } from '../fixtures/document-bodies';
import { request } from '../support/http-client';
import type { Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startIssuingApp } from '../support/issuing-app';
import type { TestApp } from '../support/test-app';
import { documentSummary, type DocumentSummaryRow } from '../../src/persistence/documents/document-summary';
import { parseDocumentCreate } from '../../src/domain/dte';
import { snakeKeysToCamel } from '../../rest-adapter/case-convert';
import { IssuanceCommitter, type PreparedIssuance } from '../../src/services/documents/issuance-committer';
import { dbRows as queryRows } from '../support/db-rows';

let t: TestApp;
let mh: MhControl;
let issuer: Issuer;

const dbRows = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => queryRows<T>(t.db.url, text, params);

beforeAll(async () => {
  // MH's own timeout: a shorter one under a loaded machine makes a slow first answer look lost, and the
  // protocol's query-then-resend (correct, but a second reception) would break the "received once" checks.
  ({ t, mh, issuer } = await startIssuingApp({ SYNC_WAIT_MS: '8000' }));
});
afterAll(async () => {
  await t.stop();
});
afterEach(async () => {
  await mh.clear();
});

const summaryOf = async (id: string) =>
  documentSummary(
    (await dbRows<DocumentSummaryRow>(
      'select id, type, status, environment, emitter_id, external_id, generation_code, control_number, reception_stamp, processed_at, total::text as total, mh_response from documents where id = $1',
      [id],
    ))[0],
  );

describe('status change written in one statement', () => {
  it('the outbox event PostgreSQL builds equals the JavaScript document summary (processed and rejected)', async () => {
    const ok = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(ok.status).toBe(201);
    await mh.fault({ mode: 'reject', code: '020', observations: ['Dato inválido'], count: 1 });
    const bad = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(bad.status).toBe(200);
    for (const [doc, type] of [[ok.body, 'document.processed'], [bad.body, 'document.rejected']] as const) {
      const [event] = await dbRows<{ data: Record<string, unknown> }>('select data from outbox_events where subject_id = $1 and type = $2', [doc.id, type]);
      expect(event.data).toEqual(await summaryOf(doc.id));
      expect(event.data).toMatchObject({ id: doc.id, status: doc.status, total: '2260.00', processed_at: doc.processed_at ?? null });
    }
  });
});

describe('sync issuance stored already claimed for its first send', () => {
  it('counts exactly one send and starts the 24-hour correction window at issuance', async () => {
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(201);
    const [row] = await dbRows<{ status: string; transmission_attempts: number; first_transmitted_at: Date | null; transmit_lease_until: Date | null; created_at: Date }>(
      'select status, transmission_attempts, first_transmitted_at, transmit_lease_until, created_at from documents where id = $1',
      [r.body.id],
    );
    expect(row).toMatchObject({ status: 'processed', transmission_attempts: 1, transmit_lease_until: null });
    expect(row.first_transmitted_at!.getTime()).toBe(row.created_at.getTime());
    expect(await mh.reception(r.body.generation_code)).toMatchObject({ received: 1, sealed: 1 });
  });

  it('answers the document its status change read back: equal to a GET right after (processed and rejected)', async () => {
    const ok = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(ok.status).toBe(201);
    await mh.fault({ mode: 'reject', code: '020', observations: ['Dato inválido'], count: 1 });
    const bad = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(bad.status).toBe(200);
    for (const posted of [ok.body, bad.body]) {
      const got = await request(t.url, 'GET', `/v1/documents/${posted.id}`, { key: t.account.testKey });
      expect(posted).toEqual(got.body);
    }
    expect(ok.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'sealed']);
    expect(bad.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'rejected']);
  });

  it('async issuance is stored signed and left to the workers\' transmission pump', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: ccfBody(issuer) });
    expect(r.status).toBe(202);
    expect(r.body.events.map((e: { type: string }) => e.type).slice(0, 2)).toEqual(['created', 'signed']);
    await waitFor(async () => ((await request(t.url, 'GET', `/v1/documents/${r.body.id}`, { key: t.account.testKey })).body.status === 'processed' ? true : null));
    const [row] = await dbRows<{ transmission_attempts: number }>('select transmission_attempts from documents where id = $1', [r.body.id]);
    expect(row.transmission_attempts).toBe(1);
  });
});

describe('group commit of issuance', () => {
  it('40 concurrent issuances of one sequence: numbers consecutive and unique, each sealed once, the point of sale counts all', async () => {
    const [before] = await dbRows<{ documents_count: number }>(
      `select p.documents_count from points_of_sale p join establishments e on e.id = p.establishment_id where e.emitter_id = $1 and e.code = $2 and p.code = $3`,
      [issuer.emitterId, issuer.establishment, issuer.pointOfSale],
    );
    const answers = await Promise.all(Array.from({ length: 40 }, () => request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: ccfBody(issuer) })));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    const correlatives = answers.map((a) => Number(String(a.body.control_number).slice(-15))).sort((a, b) => a - b);
    expect(new Set(correlatives).size).toBe(40);
    expect(correlatives[39] - correlatives[0]).toBe(39);
    for (const a of answers) expect(a.body.events.map((e: { type: string }) => e.type)).toEqual(['created', 'signed', 'transmitted', 'sealed']);
    for (const a of answers) expect(await mh.reception(a.body.generation_code)).toMatchObject({ received: 1, sealed: 1 });
    const [after] = await dbRows<{ documents_count: number }>(
      `select p.documents_count from points_of_sale p join establishments e on e.id = p.establishment_id where e.emitter_id = $1 and e.code = $2 and p.code = $3`,
      [issuer.emitterId, issuer.establishment, issuer.pointOfSale],
    );
    expect(after.documents_count - before.documents_count).toBe(40);
  });

  it('a batch that fails is retried document by document: only the faulty one fails and no number is lost', async () => {
    const deps = t.app.services.deps;
    const [pos] = await dbRows<{ id: string }>(
      `select p.id from points_of_sale p join establishments e on e.id = p.establishment_id where e.emitter_id = $1 and e.code = $2 and p.code = 'P002'`,
      [issuer.emitterId, issuer.establishment],
    );
    const [existing] = await dbRows<{ id: string }>('select id from documents where emitter_id = $1 limit 1', [issuer.emitterId]);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const issuedAt = new Date();
    const parsed = parseDocumentCreate(snakeKeysToCamel(ccfBody(issuer)).value);
    if (!parsed.ok) throw new Error('cuerpo de prueba inválido');
    const item = (id: string, code: string): PreparedIssuance => ({
      counter: { emitterId: issuer.emitterId, numbering: 'per_establishment', environment: '00', type: '01', issuedAt, establishment: issuer.establishment, pointOfSale: 'P002' },
      json: { identificacion: { codigoGeneracion: code } },
      key: privateKey,
      pointOfSaleId: pos.id,
      row: {
        id, account_id: t.account.id, emitter_id: issuer.emitterId, environment: '00', type: '01', status: 'signed', external_id: null, generation_code: code,
        establishment_code: issuer.establishment, point_of_sale_code: 'P002', issued_at: issuedAt, issue_date: localDateTime(issuedAt).date, model_type: 1,
        contingency_type: null, contingency_reason: null, subtotal: '1.00', iva: '0.00', total: '1.00', total_in_words: 'UNO 00/100 USD', receiver_name: null,
        receiver_document_type: null, receiver_document_number: null, receiver_nrc: null, receiver_email: null, related_documents: [], warnings: [], request: parsed.value,
        contingency_episode_id: null, transmit_lease_until: null, transmission_attempts: 0, first_transmitted_at: null, operation_type: 1, send_email: false, fiscal_tags: {}, created_at: issuedAt,
        reception_stamp: null, processed_at: null, mh_response: null, rejected_at: null, voided_at: null, void: null, replaces_document_id: null, replaced_by_document_id: null,
      },
    });
    const committer = new IssuanceCommitter(deps);
    const code = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    // The second one reuses an existing document's id: its batch fails, the others must still be stored.
    const results = await Promise.allSettled([item('doc_hot_a', code(1)), item(existing.id, code(2)), item('doc_hot_c', code(3)), item('doc_hot_d', code(4))].map((i) => committer.commit(i)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const stored = await dbRows<{ control_number: string }>("select control_number from documents where id in ('doc_hot_a', 'doc_hot_c', 'doc_hot_d') order by control_number");
    const numbers = stored.map((s) => Number(s.control_number.slice(-15)));
    expect(numbers[2] - numbers[0]).toBe(2);
    // Born signed with its two lines (a worker's pump may transmit it afterwards: its JSON is not a real DTE).
    const events = await dbRows<{ type: string }>("select type from document_events where document_id = 'doc_hot_c' order by at, id");
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['created', 'signed']);
  });
});
