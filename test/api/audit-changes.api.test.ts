/**
 * The changes an owner may be asked about are in the audit log (ADR 0043): an issuer created and
 * changed, an establishment created and changed, a webhook endpoint created, changed, its secret
 * rolled and deleted, a period closed and reopened — who, when, from where and what — and the log
 * filters by user, action and El Salvador dates over REST and GraphQL. A refused change writes none.
 */
import { addDays, localDateOf } from '../../src/domain/mh-rules/el-salvador-time';
import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { waitFor } from '../support/mh-control';
import { graphqlWithSession, logIn, withSession, type PanelSession } from '../support/panel-session';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let owner: PanelSession;
let member: PanelSession;
const PASSWORD = 'Clave-del-panel-2026';
const UA = { 'User-Agent': 'Auditoria/2.0' };

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@cambios.com.sv', password: PASSWORD, role: 'owner' });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'miembro@cambios.com.sv', password: PASSWORD, role: 'member' });
  owner = await logIn(t.url, 'duena@cambios.com.sv', PASSWORD, UA);
  member = await logIn(t.url, 'miembro@cambios.com.sv', PASSWORD, UA);
});
afterAll(async () => {
  await t.stop();
});

const log = async (qs = '') => {
  const r = await withSession(t.url, owner, 'GET', `/v1/audit-log?limit=100${qs}`);
  expect(r.status).toBe(200);
  return r.body.data as Record<string, any>[];
};

describe('changes in the audit log', () => {
  let emitterId: string;

  it('an issuer and its establishment, created and changed: who, from where, and which fields', async () => {
    const e = await withSession(t.url, owner, 'POST', '/v1/emitters', { body: emitterBody({ nit: '06145555550001' }), headers: UA });
    expect(e.status).toBe(201);
    emitterId = e.body.id;
    const est = await withSession(t.url, member, 'POST', `/v1/emitters/${emitterId}/establishments`, { body: establishmentBody(), headers: UA });
    expect(est.status).toBe(201);
    expect((await withSession(t.url, owner, 'PATCH', `/v1/emitters/${emitterId}`, { body: { name: 'Las Brisas Dos, S.A. de C.V.', phone: '22224444' }, headers: UA })).status).toBe(200);
    expect((await withSession(t.url, member, 'PATCH', `/v1/emitters/${emitterId}/establishments/${est.body.id}`, { body: { name: 'Sucursal centro', points_of_sale: [{ code: 'P001' }] }, headers: UA })).status).toBe(200);
    // Nothing changed: no entry.
    expect((await withSession(t.url, owner, 'PATCH', `/v1/emitters/${emitterId}`, { body: { phone: '22224444' }, headers: UA })).status).toBe(200);

    const entries = (await log()).filter((x) => x.action.startsWith('emitter.') || x.action.startsWith('establishment.'));
    expect(entries.map((x) => [x.action, x.actor.email, x.ip, x.user_agent, x.target])).toEqual([
      ['establishment.updated', 'miembro@cambios.com.sv', '127.0.0.1', 'Auditoria/2.0', { type: 'emitter', id: emitterId, label: 'Las Brisas Dos, S.A. de C.V.' }],
      ['emitter.updated', 'duena@cambios.com.sv', '127.0.0.1', 'Auditoria/2.0', { type: 'emitter', id: emitterId, label: 'Las Brisas Dos, S.A. de C.V.' }],
      ['establishment.created', 'miembro@cambios.com.sv', '127.0.0.1', 'Auditoria/2.0', { type: 'emitter', id: emitterId, label: 'Las Brisas Dos, S.A. de C.V.' }],
      ['emitter.created', 'duena@cambios.com.sv', '127.0.0.1', 'Auditoria/2.0', { type: 'emitter', id: emitterId, label: 'Las Brisas Dos, S.A. de C.V.' }],
    ]);
    expect(entries.map((x) => x.details)).toEqual([
      { establishment_id: est.body.id, code: 'M001', changed: ['name', 'pointsOfSale'], points_of_sale: ['P001'] },
      { changed: ['name', 'phone'], name: 'Las Brisas Dos, S.A. de C.V.', nit: '06145555550001' },
      { establishment_id: est.body.id, code: 'M001', points_of_sale: ['P001', 'P002'] },
      { name: 'Comercial Las Brisas, S.A. de C.V.', nit: '06145555550001' },
    ]);
  });

  it('a refused change writes no entry', async () => {
    const before = (await log()).length;
    const r = await withSession(t.url, owner, 'PATCH', `/v1/emitters/${emitterId}`, { body: { nrc: 'no-es-un-nrc' } });
    expect(r.status).toBe(422);
    const dup = await withSession(t.url, owner, 'POST', `/v1/emitters/${emitterId}/establishments`, { body: establishmentBody() });
    expect(dup.status).toBe(409);
    expect((await log()).length).toBe(before);
  });

  it('a webhook endpoint created, changed, its secret rolled and deleted, never with the secret', async () => {
    const w = await withSession(t.url, owner, 'POST', '/v1/webhook-endpoints', { body: { url: 'http://127.0.0.1:9/hook', events: ['document.processed'] } });
    expect(w.status).toBe(201);
    expect((await withSession(t.url, owner, 'PATCH', `/v1/webhook-endpoints/${w.body.id}`, { body: { disabled: true } })).status).toBe(200);
    const rolled = await withSession(t.url, owner, 'POST', `/v1/webhook-endpoints/${w.body.id}/roll-secret`, { body: { overlap_s: 60 } });
    expect(rolled.status).toBe(200);
    expect((await withSession(t.url, owner, 'DELETE', `/v1/webhook-endpoints/${w.body.id}`)).status).toBe(204);
    const r = await withSession(t.url, owner, 'GET', '/v1/audit-log?limit=4');
    expect(r.body.data.map((x: Record<string, any>) => [x.action, x.target, x.details])).toEqual([
      ['webhook_endpoint.deleted', { type: 'webhook_endpoint', id: w.body.id, label: 'http://127.0.0.1:9/hook' }, { url: 'http://127.0.0.1:9/hook', environment: '00' }],
      ['webhook_endpoint.secret_rolled', { type: 'webhook_endpoint', id: w.body.id, label: 'http://127.0.0.1:9/hook' }, { url: 'http://127.0.0.1:9/hook', overlap_s: 60 }],
      ['webhook_endpoint.updated', { type: 'webhook_endpoint', id: w.body.id, label: 'http://127.0.0.1:9/hook' }, { changed: ['disabled'], url: 'http://127.0.0.1:9/hook', events: ['document.processed'], disabled: true }],
      ['webhook_endpoint.created', { type: 'webhook_endpoint', id: w.body.id, label: 'http://127.0.0.1:9/hook' }, { url: 'http://127.0.0.1:9/hook', events: ['document.processed'], environment: '00' }],
    ]);
    expect(r.text).not.toContain(w.body.secret);
    expect(r.text).not.toContain(rolled.body.secret);
  });

  it('a period closed and reopened: the close at the request, with who asked for it', async () => {
    const closed = await withSession(t.url, owner, 'POST', `/v1/emitters/${emitterId}/fiscal/periods/2026-01/close`, { headers: UA });
    expect(closed.status).toBe(202);
    // The close job finishes on its own; the reopen needs the period closed.
    await waitFor(async () => {
      const p = await withSession(t.url, owner, 'GET', `/v1/emitters/${emitterId}/fiscal/periods`);
      return p.body.data.find((x: { period: string }) => x.period === '2026-01')?.status === 'closed';
    }, 60_000);
    expect((await withSession(t.url, owner, 'POST', `/v1/emitters/${emitterId}/fiscal/periods/2026-01/reopen`, { body: { reason: 'Faltó una compra.' } })).status).toBe(200);
    const entries = (await log()).filter((x) => x.action.startsWith('fiscal.period.'));
    expect(entries.map((x) => [x.action, x.actor.email, x.target.id, x.details])).toEqual([
      ['fiscal.period.reopened', 'duena@cambios.com.sv', emitterId, { period: '2026-01', environment: '00', reason: 'Faltó una compra.' }],
      ['fiscal.period.closed', 'duena@cambios.com.sv', emitterId, { period: '2026-01', environment: '00' }],
    ]);
  });

  it('filters by user, action and dates over REST and GraphQL', async () => {
    const all = await log();
    const day = localDateOf(all[0].created_at);
    const byMember = await log(`&user_id=${member.body.user.id}`);
    expect(byMember.length).toBeGreaterThan(0);
    expect(new Set(byMember.map((x) => x.actor.email))).toEqual(new Set(['miembro@cambios.com.sv']));
    expect((await log('&action=emitter.updated')).map((x) => x.action)).toEqual(['emitter.updated']);
    expect((await log(`&action=establishment.created&user_id=${member.body.user.id}`)).map((x) => x.details.code)).toEqual(['M001']);
    expect((await log(`&created_from=${day}&created_to=${day}`)).length).toBe(all.filter((x) => localDateOf(x.created_at) === day).length);
    expect(await log(`&created_to=${addDays(day, -1)}`)).toEqual(all.filter((x) => localDateOf(x.created_at) < day));
    expect(await log(`&created_from=${addDays(day, 1)}`)).toEqual([]);

    const g = await graphqlWithSession(t.url, owner, 'query($f: AuditFilter) { auditLog(first: 50, filter: $f) { nodes { action actor { email } } } }', { f: { userId: member.body.user.id, action: 'establishment.updated' } });
    expect(g.body.data.auditLog.nodes).toEqual([{ action: 'establishment.updated', actor: { email: 'miembro@cambios.com.sv' } }]);
    const bad = await graphqlWithSession(t.url, owner, 'query($f: AuditFilter) { auditLog(first: 5, filter: $f) { nodes { id } } }', { f: { createdFrom: '2026-02-30' } });
    expect(bad.body.errors?.[0]?.message).toBe('"created_from" es una fecha AAAA-MM-DD.');
    const rest = await withSession(t.url, owner, 'GET', '/v1/audit-log?action=no.existe');
    expect(rest.status).toBe(400);
    expect(rest.body.errors).toEqual([expect.objectContaining({ path: 'action' })]);
  });
});
