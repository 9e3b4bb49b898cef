import { DTE_EVENT_VOID_WEBHOOK } from '../../domain/events/dte-event.types';
import type { DocumentMhResponse as MhAnswer } from '../../domain/documents';
import { mhAnswer } from '../documents/mh-answer';
import { mhCredentialsFor } from '../documents/mh-credentials-for';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { dteEventViewFromRow, dteEventWebhookData } from './dte-event-view';

/** What MH did with the event's invalidation; `rejected` carries MH's answer (the REST problem's `mh`). */
export type SendDteEventInvalidationOutcome = { kind: 'sealed' | 'pending' | 'skipped' } | { kind: 'rejected'; mh: MhAnswer };

/**
 * Sends the pending invalidation of a sealed return or special-operations event to MH (`anulardte`).
 * Sealed → the event moves `void` (voided, `voided_at`) and its webhook (`document.return_voided`,
 * `special_operation.voided`) is written in the same transaction; refused → it stays sealed with
 * `void.status` rejected; no answer → still pending, sent again by the events' reconciler (ADR 0063).
 */
export class SendDteEventInvalidationService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(eventId: string): Promise<SendDteEventInvalidationOutcome> {
    const events = this.deps.dteEvents;
    const ev = await events.countVoidAttempt(eventId, this.deps.clock.now());
    if (!ev) return { kind: 'skipped' };
    const em = this.deps.orm.em.fork();
    const creds = await mhCredentialsFor(this.deps, em, ev.emitter_id, ev.environment);
    if (!creds) return { kind: 'pending' };
    const r = await this.deps.mhClient.invalidate(ev.environment, creds, { version: 3, jws: ev.void_jws });
    const at = this.deps.clock.now();
    if (r.kind === 'processed') {
      const answer = mhAnswer(r.code, r.message, r.observations);
      const sealed = await em.transactional(async (tx) => {
        const row = await events.sealVoid(ev.id, { seal: r.seal, mh: answer, processedAt: r.processedAt }, at, tx);
        if (!row) return false;
        await insertOutboxEvent(tx, {
          accountId: ev.account_id, environment: ev.environment, type: DTE_EVENT_VOID_WEBHOOK[ev.kind], subjectId: ev.id,
          data: dteEventWebhookData(dteEventViewFromRow(row)), at,
        });
        return true;
      });
      if (sealed) this.deps.outbox.kick();
      return { kind: sealed ? 'sealed' : 'skipped' };
    }
    if (r.kind === 'rejected' || r.kind === 'duplicate') {
      const answer = mhAnswer(r.code, r.message, r.kind === 'rejected' ? r.observations : []);
      return (await events.rejectVoid(ev.id, answer, at)) ? { kind: 'rejected', mh: answer } : { kind: 'skipped' };
    }
    return { kind: 'pending' };
  }
}
