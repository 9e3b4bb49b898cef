import { spawn } from 'node:child_process';
import { snakeKeysToCamel } from '../../rest-adapter/case-convert';
import { thisProcess } from '../../src/services/processes/process-identity';
import { ALL_SCOPES } from '../../src/domain/identity/scopes';
import { ccfBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { crashIdempotentRequest, idempotencyRecord } from '../support/idempotency-crash';
import { graphql, request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * What a process that dies mid-request leaves behind, and how the client's retry with the same
 * Idempotency-Key resolves it. A "crash" is reproduced exactly as the database sees one: the
 * record stays `in_progress` with the resources its run committed, owned by a lease that is gone,
 * expired, or held by a dead pid.
 */
let t: TestApp;
let issuer: Issuer;
let mh: MhControl;

beforeAll(async () => {
  t = await startTestApp();
  mh = new MhControl(t.app.mhSimulatorUrl!);
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06140101010101' });
});
afterAll(async () => {
  await t.stop();
});

// An issuance answers before its replay copy is stored: read the record once this process has stored it.
const settled = () => t.app.services.runIdempotentRequest.settled();
const record = async (key: string) => (await settled(), idempotencyRecord(t.db.url, key));
/** The state a kill -9 after the commit (or before it) leaves: no stored response, owned by `owner`. */
const crash = async (key: string, owner: string | null, opts: { forgetResources?: boolean } = {}) => (await settled(), crashIdempotentRequest(t.db.url, key, owner, opts));

async function documentCount(): Promise<number> {
  return (await dbRows<{ n: number }>(t.db.url, 'select count(*)::int as n from documents'))[0].n;
}

async function counterValue(): Promise<string> {
  const rows = await dbRows<{ v: string }>(t.db.url, 'select coalesce(sum(last_value::bigint), 0)::text as v from control_number_counters');
  return rows[0].v;
}

/** A pid that existed and is gone: a child that already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

async function insertLease(id: string, fields: { pid: number; pidNamespace: string | null; token?: string; expired?: boolean }): Promise<void> {
  await dbRows(
    t.db.url,
    `insert into process_leases (id, host, pid, pid_namespace, process_token, role, started_at, heartbeat_at, expires_at)
     values ($1, 'otra-maquina', $2, $3, $4, 'api', now(), now(), now() + ($5 || ' seconds')::interval)`,
    [id, fields.pid, fields.pidNamespace, fields.token ?? 'otro-proceso', fields.expired ? '-1' : '600'],
  );
}

describe('Idempotency-Key across a crash of the issuing process', () => {
  it('links the document to its record inside the issuance commit', async () => {
    const r = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: ccfBody(issuer), idempotencyKey: 'link-1' });
    expect(r.status).toBe(202);
    expect(await record('link-1')).toEqual({ state: 'completed', owner_lease_id: t.app.services.deps.processLease.id, resources: [{ type: 'document', id: r.body.id }] });
  });

  it('a retry after the process died with the document committed answers that document as it is now (201 once processed), never a second one', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'crash-after-commit' });
    expect(first.status).toBe(202);
    await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${first.body.id}`, { key: t.account.testKey })).body.status === 'processed');
    const docs = await documentCount();
    const counter = await counterValue();
    await crash('crash-after-commit', 'prc_gone'); // its lease row does not exist
    const retry = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'crash-after-commit' });
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.body.status).toBe('processed');
    expect(retry.body.control_number).toBe(first.body.control_number);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    const get = await request(t.url, 'GET', `/v1/documents/${first.body.id}`, { key: t.account.testKey });
    expect(retry.body).toEqual(get.body);
    expect(await documentCount()).toBe(docs);
    expect(await counterValue()).toBe(counter);
    expect(await mh.reception(first.body.generation_code)).toMatchObject({ sealed: 1 });
    // From then on the answer is stored and replayed.
    expect(await record('crash-after-commit')).toMatchObject({ state: 'completed', owner_lease_id: t.app.services.deps.processLease.id });
    const again = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'crash-after-commit' });
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.text).toBe(retry.text);
  });

  it('a retry after the process died before its commit issues the document once', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'crash-before-commit' });
    expect(first.status).toBe(202);
    // Pretend the first run died before committing: remove what it created, keep the record in progress.
    await dbRows(t.db.url, 'delete from document_events where document_id = $1', [first.body.id]);
    await dbRows(t.db.url, 'delete from documents where id = $1', [first.body.id]);
    await crash('crash-before-commit', 'prc_gone', { forgetResources: true });
    const docs = await documentCount();
    const retry = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'crash-before-commit' });
    expect(retry.status).toBe(202);
    expect(retry.body.id).not.toBe(first.body.id);
    expect(await documentCount()).toBe(docs + 1);
    expect(await record('crash-before-commit')).toMatchObject({ state: 'completed', resources: [{ type: 'document', id: retry.body.id }] });
  });

  it('while the owning process lives a repeat is 409 with Retry-After; once its lease expires the repeat resolves at once', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'owner-lives' });
    await insertLease('prc_elsewhere', { pid: 1, pidNamespace: 'otra-maquina/pid:[1]' });
    await crash('owner-lives', 'prc_elsewhere');
    const busy = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'owner-lives' });
    expect(busy.status).toBe(409);
    expect(busy.body.type).toMatch(/\/problems\/idempotency_request_in_progress$/);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await record('owner-lives')).toMatchObject({ state: 'in_progress', owner_lease_id: 'prc_elsewhere' });
    await dbRows(t.db.url, `update process_leases set expires_at = now() - interval '1 second' where id = 'prc_elsewhere'`);
    const docs = await documentCount();
    const resolved = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'owner-lives' });
    expect([201, 202]).toContain(resolved.status);
    expect(resolved.body.id).toBe(first.body.id);
    expect(await documentCount()).toBe(docs);
  });

  it('a lease of a dead pid on this machine resolves at once, without waiting for it to expire', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'dead-pid' });
    await insertLease('prc_dead_pid', { pid: await deadPid(), pidNamespace: thisProcess().pidNamespace });
    await crash('dead-pid', 'prc_dead_pid');
    const resolved = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'dead-pid' });
    expect(resolved.body.id).toBe(first.body.id);
    // The same pid with another process token is an earlier process that had this pid: dead too.
    const body2 = ccfBody(issuer);
    const second = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: body2, idempotencyKey: 'reused-pid' });
    await insertLease('prc_reused_pid', { pid: process.pid, pidNamespace: thisProcess().pidNamespace, token: 'un-proceso-anterior' });
    await crash('reused-pid', 'prc_reused_pid');
    const again = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: body2, idempotencyKey: 'reused-pid' });
    expect(again.body.id).toBe(second.body.id);
    // The same pid and token is this very process (another app in it): alive.
    const body3 = ccfBody(issuer);
    await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: body3, idempotencyKey: 'same-process' });
    await insertLease('prc_same_process', { pid: process.pid, pidNamespace: thisProcess().pidNamespace, token: thisProcess().processToken });
    await crash('same-process', 'prc_same_process');
    const busy = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: body3, idempotencyKey: 'same-process' });
    expect(busy.status).toBe(409);
  });

  it('a record this process owns but no longer runs (its release failed with the database down) resolves at once: the retry answers the document, never 409', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'orphan-of-live-process' });
    expect(first.status).toBe(202);
    // What a failed seal write and a failed release leave: in_progress, owned by this live process, not running here.
    await crash('orphan-of-live-process', t.app.services.deps.processLease.id);
    const docs = await documentCount();
    const retry = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'orphan-of-live-process' });
    expect([201, 202]).toContain(retry.status);
    expect(retry.body.id).toBe(first.body.id);
    expect(await documentCount()).toBe(docs);
    expect(await record('orphan-of-live-process')).toMatchObject({ state: 'completed', owner_lease_id: t.app.services.deps.processLease.id });
  });

  it('a request this process really runs is 409 in progress to a repeat in the same process, and resolves once it is no longer running', async () => {
    const scope = { accountId: t.account.id, environment: '00', key: 'running-here' };
    const begun = await t.app.services.beginIdempotentRequest.execute(scope, 'h-running');
    expect(begun.kind).toBe('proceed');
    expect(await t.app.services.beginIdempotentRequest.execute(scope, 'h-running')).toEqual({ kind: 'in_progress', retryAfterS: 1 });
    // Its run ends without storing or releasing anything (the database failed both): an orphan, taken over at once.
    t.app.services.runningRequests.delete((begun as { recordId: string }).recordId);
    expect(await t.app.services.beginIdempotentRequest.execute(scope, 'h-running')).toMatchObject({ kind: 'proceed', recordId: (begun as { recordId: string }).recordId });
  });

  it('a live process\'s record whose claim it stopped renewing (its run ended without a trace) is taken over by any process after one lease TTL', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'claim-not-renewed' });
    await insertLease('prc_alive_not_running', { pid: 1, pidNamespace: 'otra-maquina/pid:[1]' });
    await crash('claim-not-renewed', 'prc_alive_not_running');
    const busy = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'claim-not-renewed' });
    expect(busy.status).toBe(409);
    // Its owner would have renewed locked_at every third of the TTL while running it.
    await dbRows(t.db.url, `update idempotency_records set locked_at = now() - interval '31 seconds' where key = 'claim-not-renewed'`);
    const resolved = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'claim-not-renewed' });
    expect([201, 202]).toContain(resolved.status);
    expect(resolved.body.id).toBe(first.body.id);
  });

  it('the records this process runs have their claim renewed with its lease', async () => {
    const scope = { accountId: t.account.id, environment: '00', key: 'claim-renewed' };
    const begun = (await t.app.services.beginIdempotentRequest.execute(scope, 'h-renewed')) as { recordId: string };
    await dbRows(t.db.url, `update idempotency_records set locked_at = now() - interval '1 hour' where id = $1`, [begun.recordId]);
    expect(await t.app.services.renewRunningRequests.execute()).toBeGreaterThanOrEqual(1);
    const [row] = await dbRows<{ age_s: number }>(t.db.url, `select extract(epoch from now() - locked_at)::float8 as age_s from idempotency_records where id = $1`, [begun.recordId]);
    expect(row.age_s).toBeLessThan(60);
    t.app.services.runningRequests.delete(begun.recordId);
  });

  it('every lease renewal sweeps the leases of processes dead for more than one TTL (kill -9 leaves them), never a live or just-expired one', async () => {
    await dbRows(
      t.db.url,
      `insert into process_leases (id, host, pid, pid_namespace, process_token, role, started_at, heartbeat_at, expires_at) values
         ('prc_killed_long_ago', 'h', 1, null, 't', 'api', now() - interval '2 hours', now() - interval '2 hours', now() - interval '1 hour'),
         ('prc_just_expired', 'h', 1, null, 't', 'api', now(), now(), now() - interval '1 second'),
         ('prc_alive_elsewhere', 'h', 1, null, 't', 'worker', now(), now(), now() + interval '1 minute')`,
    );
    await (t.app.services.deps.processLease as unknown as { heartbeat(): Promise<void> }).heartbeat();
    const ids = (await dbRows<{ id: string }>(t.db.url, `select id from process_leases where id like 'prc_%' order by id`)).map((r) => r.id);
    expect(ids).not.toContain('prc_killed_long_ago');
    expect(ids).toEqual(expect.arrayContaining(['prc_just_expired', 'prc_alive_elsewhere', t.app.services.deps.processLease.id]));
  });

  it('a run whose record was taken over cannot commit its document (nothing is created, no number spent)', async () => {
    const hash = 'h-taken-over';
    const begun = await t.app.services.beginIdempotentRequest.execute({ accountId: t.account.id, environment: '00', key: 'taken-over' }, hash);
    expect(begun.kind).toBe('proceed');
    const recordId = (begun as { recordId: string }).recordId;
    // Another process judged this one dead and took the record over.
    await dbRows(t.db.url, `update idempotency_records set owner_lease_id = 'prc_new_owner' where id = $1`, [recordId]);
    const actor = (await t.app.services.authenticateApiKey.execute(t.account.testKey))!;
    const docs = await documentCount();
    const counter = await counterValue();
    const keyed = { ...actor, idempotency: { recordId, ownerLeaseId: t.app.services.deps.processLease.id, resumed: [], cursor: 0, pending: null } };
    const input = snakeKeysToCamel(ccfBody(issuer)).value;
    await expect(t.app.services.issueDocument.execute(keyed, input, { dryRun: false, mode: 'async' })).rejects.toMatchObject({ code: 'idempotency_request_in_progress' });
    expect(await documentCount()).toBe(docs);
    expect(await counterValue()).toBe(counter);
    expect(await record('taken-over')).toMatchObject({ state: 'in_progress', owner_lease_id: 'prc_new_owner', resources: [] });
  });

  it('a server error after the document was committed releases the record; the retry answers the document', async () => {
    const body = ccfBody(issuer);
    const first = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'error-after-commit' });
    await crash('error-after-commit', t.app.services.deps.processLease.id);
    const [{ id }] = await dbRows<{ id: string }>(t.db.url, `select id from idempotency_records where key = 'error-after-commit'`);
    expect(await t.app.services.completeIdempotentRequest.execute(id, { status: 500, body: '', headers: {} })).toBe(true);
    expect(await record('error-after-commit')).toMatchObject({ state: 'in_progress', owner_lease_id: null, resources: [{ type: 'document', id: first.body.id }] });
    const retry = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body, idempotencyKey: 'error-after-commit' });
    expect(retry.body.id).toBe(first.body.id);
  });

  it('an e-mail send whose process died after queuing it: the retry answers that e-mail as it is now, never a second one', async () => {
    const doc = await request(t.url, 'POST', '/v1/documents?mode=async', { key: t.account.testKey, body: ccfBody(issuer), idempotencyKey: 'send-doc' });
    await waitFor(async () => (await request(t.url, 'GET', `/v1/documents/${doc.body.id}`, { key: t.account.testKey })).body.status === 'processed');
    const body = { to: ['compras@example.com'] };
    const first = await request(t.url, 'POST', `/v1/documents/${doc.body.id}/send`, { key: t.account.testKey, body, idempotencyKey: 'send-crash' });
    expect(first.status).toBe(202);
    expect(await record('send-crash')).toMatchObject({ state: 'completed', resources: [{ type: 'document_email', id: first.body.id }] });
    const emails = async () => (await dbRows<{ id: string }>(t.db.url, 'select id from document_emails where document_id = $1', [doc.body.id])).map((r) => r.id);
    expect(await emails()).toEqual([first.body.id]);
    await crash('send-crash', 'prc_gone');
    const retry = await request(t.url, 'POST', `/v1/documents/${doc.body.id}/send`, { key: t.account.testKey, body, idempotencyKey: 'send-crash' });
    expect(retry.status).toBe(202);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(await emails()).toEqual([first.body.id]);
  });

  it('a period close and reopen whose process died after the change: the retry answers the period as it is now, not 409', async () => {
    const closer = (await t.app.services.createApiKey.execute({ accountId: t.account.id, environment: '00', scopes: [...ALL_SCOPES] })).key;
    const path = `/v1/emitters/${issuer.emitterId}/fiscal/periods/2026-01`;
    const close = await request(t.url, 'POST', `${path}/close`, { key: closer, idempotencyKey: 'close-crash' });
    expect(close.status).toBe(202);
    expect(await record('close-crash')).toMatchObject({ state: 'completed', resources: [{ type: 'fiscal_period_close' }] });
    await waitFor(async () => (await request(t.url, 'GET', `/v1/emitters/${issuer.emitterId}/fiscal/periods`, { key: closer })).body.data.find((p: { period: string; status: string }) => p.period === '2026-01' && p.status === 'closed'), 60_000);
    await crash('close-crash', 'prc_gone');
    const closeAgain = await request(t.url, 'POST', `${path}/close`, { key: closer, idempotencyKey: 'close-crash' });
    expect([closeAgain.status, closeAgain.body]).toEqual([202, expect.objectContaining({ period: '2026-01', status: 'closed', version: 1 })]);

    const body = { reason: 'Corrección de compras' };
    const reopen = await request(t.url, 'POST', `${path}/reopen`, { key: closer, body, idempotencyKey: 'reopen-crash' });
    expect([reopen.status, reopen.body.status, reopen.body.version]).toEqual([200, 'open', 2]);
    await crash('reopen-crash', 'prc_gone');
    const reopenAgain = await request(t.url, 'POST', `${path}/reopen`, { key: closer, body, idempotencyKey: 'reopen-crash' });
    expect([reopenAgain.status, reopenAgain.body]).toEqual([200, expect.objectContaining({ status: 'open', version: 2 })]);
  });

  it('GraphQL issueDocument with an Idempotency-Key resolves the same way', async () => {
    const mutation = `mutation($input: DocumentCreateInput!) { issueDocument(input: $input, mode: ASYNC) { document { id controlNumber } errors { code } } }`;
    const input = snakeKeysToCamel(ccfBody(issuer)).value;
    const first = await graphql(t.url, t.account.testKey, mutation, { input }, { 'Idempotency-Key': 'gql-crash' });
    const doc = first.body.data.issueDocument.document;
    expect(doc.id).toMatch(/^doc_/);
    await crash('gql-crash', 'prc_gone');
    const docs = await documentCount();
    const retry = await graphql(t.url, t.account.testKey, mutation, { input }, { 'Idempotency-Key': 'gql-crash' });
    expect(retry.body.data.issueDocument.document).toEqual(doc);
    expect(await documentCount()).toBe(docs);
  });
});
