/**
 * Sends a pending return or special-operations event to MH (ADR 0019: MH's reception endpoint by
 * default, `MH_RETURN_EVENT_PATH` / `MH_SPECIAL_OPERATION_EVENT_PATH`): one transmitter at a time per
 * event (a lease), MH queried before any resend so it is never sealed twice, at most MH_RESEND_LIMIT
 * resends. Sealed → `sealed` and its webhook; refused → `rejected` with MH's answer; no answer → still
 * `pending`, sent again by the reconciler after CONTINGENCY_RECHECK_MS (these events are never signed
 * as contingency documents).
 */
import { DTE_EVENT_TYPE_CODE, DTE_EVENT_VERSION, DTE_EVENT_WEBHOOK, type DteEventKind } from '../../domain/events/dte-event.types';
import type { MhCredentials, MhReception } from '../../integrations/mh-client';
import { mhCredentialsFrom } from '../documents/mh-credentials-for';
import { insertOutboxEvent } from '../shared/outbox';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { DTE_EVENT_COLUMNS, dteEventViewFromRow, dteEventWebhookData, type DteEventRow } from './dte-event-view';

export type DteEventOutcome = 'sealed' | 'rejected' | 'pending' | 'skipped';

interface Claimed {
  id: string;
  account_id: string;
  kind: DteEventKind;
  environment: '00' | '01';
  emitter_id: string;
  generation_code: string;
  jws: string;
  transmission_attempts: number;
  nit: string;
  mh_user: string | null;
  sealed_mh_password: string | null;
}

export class TransmitDteEventService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(eventId: string): Promise<DteEventOutcome> {
    const now = this.deps.clock.now();
    const mh = this.deps.config.mh;
    const leaseMs = mh.timeoutMs * (2 * (mh.resendLimit + 1) + 2) + 2_000;
    const [doc] = await sql<Claimed>(
      this.deps.orm.em.fork(),
      `with c as (
         update dte_events set transmit_lease_until = ?, transmission_attempts = transmission_attempts + 1, updated_at = ?
          where id = ? and status = 'pending' and (transmit_lease_until is null or transmit_lease_until < ?)
          returning id, account_id, kind, environment, emitter_id, generation_code, jws, transmission_attempts - 1 as transmission_attempts)
       select c.*, e.nit, cr.mh_user, cr.sealed_mh_password from c join emitters e on e.id = c.emitter_id
         left join emitter_credentials cr on cr.emitter_id = c.emitter_id and cr.environment = c.environment`,
      [new Date(now.getTime() + leaseMs), now, eventId, now],
    );
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
      const [row] = await sql<DteEventRow>(
        tx,
        `update dte_events set status = ?, seal = ?, processed_at = ?, mh_response = ?, transmit_lease_until = null, updated_at = ?
          where id = ? and status = 'pending' returning ${DTE_EVENT_COLUMNS}`,
        [sealed ? 'sealed' : 'rejected', sealed ? r.seal : null, sealed ? r.processedAt : null, JSON.stringify(answer), now, doc.id],
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
    await sql(this.deps.orm.em.fork(), `update dte_events set transmit_lease_until = ?, mh_response = ?, updated_at = ? where id = ? and status = 'pending'`, [
      new Date(now.getTime() + this.deps.config.mh.contingencyRecheckMs), JSON.stringify({ code: null, message: `Sin respuesta del MH: ${why}`, observations: [] }), now, doc.id,
    ]);
    return 'pending';
  }
}
