/**
 * A contingency declared on purpose and ended within the same second it began (as the certification
 * battery does on a fast machine): MH reads the period to the second and refuses an end that is not
 * after the start, so the end waits for the next second and the event is accepted; the held documents
 * then go in a lote and are sealed. On a clock moved by hand, so the second boundary is exact.
 * When MH refuses the event, the episode fails with the documents still held, a `contingency.failed`
 * event is written and the owners get an e-mail; a retry of one of them sends a new event and the lote.
 */
import { ManualClock } from '../../src/services/shared/clock';
import { feBody } from '../fixtures/document-bodies';
import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { MhControl, waitFor } from '../support/mh-control';
import { startTestSmtp, type TestSmtp } from '../support/smtp-server';
import { startTestApp, type TestApp } from '../support/test-app';

const clock = new ManualClock();
let t: TestApp;
let issuer: Issuer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ CONTINGENCY_RECHECK_MS: '300', LOTE_POLL_MS: '200', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, { clock });
  await t.app.services.createUser.execute({ accountId: t.account.id, email: 'duena@example.com', password: 'Clave-de-la-propietaria-2026', role: 'owner' });
  // The test certificate is valid from the real "now": the issuer is set up after it.
  clock.set(new Date(Date.now() + 5_000));
  issuer = await createIssuer(t.url, t.account.testKey, { nit: '06147070707070' });
});
afterAll(async () => {
  await t.stop();
  await smtp?.close();
});

const episodeOf = async (id: string) => {
  // Open, recovering and failed episodes are listed by default; completed ones on request.
  const r = await request(t.url, 'GET', '/v1/contingencies?limit=100', { key: t.account.testKey });
  const c = await request(t.url, 'GET', '/v1/contingencies?status=completed&limit=100', { key: t.account.testKey });
  return ([...r.body.data, ...c.body.data] as { id: string; status: string; event_status: string | null; ended_at: string | null; started_at: string; next_check_at: string | null; event_generation_code: string | null }[]).find((e) => e.id === id)!;
};

describe('declared contingency ended within the second it began', () => {
  it('waits for the next second to end it; the event is accepted and the held documents sealed', async () => {
    // Well inside a second: 100 ms after it began.
    clock.set(new Date(Math.ceil((Date.now() + 10_000) / 1000) * 1000 + 100));
    const { episodeId } = await t.app.services.declareContingency.execute({ emitterId: issuer.emitterId, environment: '00', reason: 'Prueba de contingencia declarada' });
    const held = [];
    for (let i = 0; i < 2; i++) {
      const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
      expect({ status: r.status, state: r.body.status }).toEqual({ status: 202, state: 'contingency' });
      held.push(r.body.id as string);
    }
    clock.advance(400);
    await t.app.services.endDeclaredContingency.execute({ episodeId });

    // The recovery job runs every second; on this clock the end is not due until the next second.
    const endsAt = new Date(clock.now().getTime() + 500).toISOString();
    await waitFor(async () => (await episodeOf(episodeId)).next_check_at === endsAt);
    expect(await episodeOf(episodeId)).toMatchObject({ status: 'open', event_status: null, ended_at: null });

    clock.advance(500);
    const done = await waitFor(async () => {
      const e = await episodeOf(episodeId);
      return e.status === 'completed' || e.status === 'failed' ? e : null;
    }, 30_000);
    expect({ status: done.status, event: done.event_status }).toEqual({ status: 'completed', event: 'accepted' });
    expect(Date.parse(done.ended_at!) - Date.parse(done.started_at)).toBe(1_000 - 100);
    for (const id of held) {
      const d = await request(t.url, 'GET', `/v1/documents/${id}`, { key: t.account.testKey });
      expect({ status: d.body.status, sealed: /^[A-Z0-9]{40}$/.test(d.body.reception_stamp ?? '') }).toEqual({ status: 'processed', sealed: true });
    }
  });

  it('an event MH refused: the episode fails and keeps its documents; a retry sends a new event, then the lote', async () => {
    const mh = new MhControl(t.app.mhSimulatorUrl!);
    clock.advance(5_000);
    const { episodeId } = await t.app.services.declareContingency.execute({ emitterId: issuer.emitterId, environment: '00', reason: 'Prueba de evento rechazado' });
    const r = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: feBody(issuer) });
    expect(r.body.status).toBe('contingency');
    await mh.fault({ mode: 'reject', code: '004', observations: ['[motivo] PRUEBA'], count: 1, paths: ['/fesv/contingencia'] });
    clock.advance(2_000);
    await t.app.services.endDeclaredContingency.execute({ episodeId });
    const failed = await waitFor(async () => {
      const e = await episodeOf(episodeId);
      return e.status === 'failed' ? e : null;
    }, 30_000);
    expect(failed.event_status).toBe('rejected');
    const held = await request(t.url, 'GET', `/v1/documents/${r.body.id}`, { key: t.account.testKey });
    expect(held.body.status).toBe('contingency');
    // One `contingency.failed` event, committed with the failure, names the episode, MH's answer and the held documents.
    expect(await dbRows(t.db.url, `select account_id, environment, subject_id, data from outbox_events where type = 'contingency.failed'`)).toEqual([
      {
        account_id: t.account.id,
        environment: '00',
        subject_id: episodeId,
        data: {
          object: 'contingency', id: episodeId, emitter_id: issuer.emitterId, environment: '00', status: 'failed', event_status: 'rejected',
          event_generation_code: failed.event_generation_code, mh_response: { code: null, message: expect.any(String), observations: ['[motivo] PRUEBA'] },
          last_error: expect.stringMatching(/^El MH rechazó el evento de contingencia: .*\[motivo\] PRUEBA$/), documents_held: [r.body.id],
        },
      },
    ]);

    // The owners get one e-mail about it (the recovery job sends it after the failure committed).
    const mail = await waitFor(async () => smtp.messages.find((m) => /rechazó el evento de contingencia/.test(m.mail.subject ?? '')), 30_000);
    const [{ name }] = await dbRows<{ name: string }>(t.db.url, 'select name from emitters where id = $1', [issuer.emitterId]);
    expect({ to: mail.envelope.to, subject: mail.mail.subject }).toEqual({ to: ['duena@example.com'], subject: `El MH rechazó el evento de contingencia de ${name} (pruebas)` });
    expect(mail.mail.text).toContain(`NIT ${issuer.nit}`);
    expect(mail.mail.text).toContain('1 documento sigue en contingencia');
    expect(mail.mail.text).toContain('[motivo] PRUEBA');
    expect(await dbRows(t.db.url, 'select failure_email_pending, failure_email_attempts from contingency_episodes where id = $1', [episodeId])).toEqual([{ failure_email_pending: false, failure_email_attempts: 1 }]);

    const retry = await request(t.url, 'POST', `/v1/documents/${r.body.id}/retry`, { key: t.account.testKey });
    expect(retry.status).toBeLessThan(300);
    expect(retry.body.events.at(-1)).toMatchObject({ type: 'retry', message: expect.stringMatching(/rechazó el evento de contingencia/) });
    const done = await waitFor(async () => {
      const e = await episodeOf(episodeId);
      return e.status === 'completed' ? e : null;
    }, 30_000);
    expect({ event: done.event_status, generation: done.event_generation_code === failed.event_generation_code }).toEqual({ event: 'accepted', generation: false });
    const sealed = await request(t.url, 'GET', `/v1/documents/${r.body.id}`, { key: t.account.testKey });
    expect(sealed.body.status).toBe('processed');
    // The accepted event sends no further e-mail.
    expect(smtp.messages.filter((m) => /contingencia/.test(m.mail.subject ?? ''))).toHaveLength(1);
  });
});
