/**
 * Sends a pending return or special-operations event to MH (ADR 0019: MH's reception endpoint by
 * default, `MH_RETURN_EVENT_PATH` / `MH_SPECIAL_OPERATION_EVENT_PATH`): one transmitter at a time per
 * event (a lease), MH queried before any resend so it is never sealed twice, at most MH_RESEND_LIMIT
 * resends. Sealed → `sealed` and its webhook; refused → `rejected` with MH's answer; no answer → still
 * `pending`, sent again by the reconciler after CONTINGENCY_RECHECK_MS (these events are never signed
 * as contingency documents).
 */
import { DTE_EVENT_TYPE_CODE, DTE_EVENT_VERSION, DTE_EVENT_WEBHOOK } from '../../domain/events/dte-event.types';
import type { MhCredentials, MhReception } from '../../integrations/mh-client';
import { mhCredentialsFrom } from '../documents/mh-credentials-for';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import type { ClaimedDteEvent } from '../../persistence/events/dte-event-store';
import { dteEventViewFromRow, dteEventWebhookData } from './dte-event-view';

export type DteEventOutcome = 'sealed' | 'rejected' | 'pending' | 'skipped';

type Claimed = ClaimedDteEvent;

export class TransmitDteEventService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(eventId: string): Promise<DteEventOutcome> {
    const now = this.deps.clock.now();
    const mh = this.deps.config.mh;
    const leaseMs = mh.timeoutMs * (2 * (mh.resendLimit + 1) + 2) + 2_000;
    const doc = await this.deps.dteEvents.claim(eventId, new Date(now.getTime() + leaseMs), now);
    if (!doc) return 'skipped';
    const creds = mhCredentialsFrom(this.deps, doc.emitter_id, doc.environment, doc);
    if (!creds) return this.wait(doc, 'el emisor no tiene usuario de la API del MH para este ambiente');
    try {
      return await this.run(doc, creds);
    } catch (err) {
      this.deps.logger.error({ err, event_id: doc.id }, 'error al transmitir el evento');
      return this.wait(doc, (err as Error).message);
    }
  }

  private async run(doc: Claimed, creds: MhCredentials): Promise<DteEventOutcome> {
    const tipoDte = DTE_EVENT_TYPE_CODE[doc.kind];
    const path = doc.kind === 'return' ? this.deps.config.mh.eventPaths.return : this.deps.config.mh.eventPaths.specialOperation;
    const limit = this.deps.config.mh.resendLimit;
    if (doc.transmission_attempts > 0) {
      const q = await this.deps.mhClient.query(doc.environment, creds, { tipoDte, codigoGeneracion: doc.generation_code });
      if (q.kind === 'processed' || q.kind === 'rejected') return this.final(doc, q);
    }
    let last = '';
    for (let resend = 0; resend <= limit; resend++) {
      const r = await this.deps.mhClient.transmit(doc.environment, creds, { tipoDte, version: DTE_EVENT_VERSION, codigoGeneracion: doc.generation_code, jws: doc.jws, path });
      if (r.kind === 'processed' || r.kind === 'rejected') return this.final(doc, r);
      last = r.kind === 'duplicate' ? 'el MH ya tiene el código de generación' : r.message;
      const q = await this.deps.mhClient.query(doc.environment, creds, { tipoDte, codigoGeneracion: doc.generation_code });
      if (q.kind === 'processed' || q.kind === 'rejected') return this.final(doc, q);
    }
    return this.wait(doc, last);
  }

  private async final(doc: Claimed, r: Extract<MhReception, { kind: 'processed' } | { kind: 'rejected' }>): Promise<DteEventOutcome> {
    const now = this.deps.clock.now();
    const sealed = r.kind === 'processed';
    const answer = { code: r.code, message: r.message, observations: r.observations };
    await this.deps.orm.em.fork().transactional(async (tx) => {
      const row = await this.deps.dteEvents.move(
        sealed ? 'seal' : 'reject',
        doc.id,
        { set: { seal: sealed ? r.seal : null, processed_at: sealed ? r.processedAt : null, mh_response: answer, transmit_lease_until: null }, at: now },
        tx,
      );
      if (row && sealed) {
        await insertOutboxEvent(tx, {
          accountId: doc.account_id, environment: doc.environment, type: DTE_EVENT_WEBHOOK[doc.kind], subjectId: doc.id,
          data: dteEventWebhookData(dteEventViewFromRow(row)), at: now,
        });
      }
    });
    if (sealed) this.deps.outbox.kick();
    return sealed ? 'sealed' : 'rejected';
  }

  private async wait(doc: Claimed, why: string): Promise<DteEventOutcome> {
    const now = this.deps.clock.now();
    await this.deps.dteEvents.waitForMh(doc.id, new Date(now.getTime() + this.deps.config.mh.contingencyRecheckMs), { code: null, message: `Sin respuesta del MH: ${why}`, observations: [] }, now);
    return 'pending';
  }
}
