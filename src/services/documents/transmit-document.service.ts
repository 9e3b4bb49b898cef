import type { MhCredentials, MhReception } from '../../integrations/mh-client';
import { allowsContingency } from '../../domain/dte/dte.types';
import { OFFICIAL_VERSION_BY_DTE_TYPE } from '../../domain/dte/schemas/official-schema-validator';
import type { ServiceDeps } from '../shared/service-deps';
import { preparedSql } from '../shared/sql';
import { OpenContingencyService } from './open-contingency.service';
import { addEvent, mhAnswer, transition, transitionWithView, type ViewRow } from './document-transitions';
import { mhCredentialsFrom } from './mh-credentials-for';
import { TRANSMITTED_MESSAGE } from './document-events';
import { IdPrefix, newSequentialId } from '../../domain/shared/ids';

export type TransmitOutcome =
  | { kind: 'processed'; view?: ViewRow | null }
  | { kind: 'rejected'; view?: ViewRow | null }
  | { kind: 'contingency' }
  /** A type that is never issued in contingency, left to be sent again when MH answers. */
  | { kind: 'waiting' }
  | { kind: 'skipped'; reason: 'not_found' | 'busy' | 'final' | 'held' | 'no_credentials' };

/** A document held by one transmitter; `transmission_attempts` counts the sends before this claim. */
export interface Claimed {
  id: string;
  account_id: string;
  environment: string;
  emitter_id: string;
  type: string;
  generation_code: string;
  jws: string;
  model_type: number;
  transmission_attempts: number;
  first_transmitted_at: Date | null;
  /** The claim already wrote the `transmitted` line of its first send (none when MH is asked first). */
  send_recorded: boolean;
}

/** How long a transmitter holds a document: every send and query of one run, with MH's timeout each. */
export function transmitLeaseMs(mh: { timeoutMs: number; resendLimit: number }): number {
  return mh.timeoutMs * (2 * (mh.resendLimit + 1) + 2) + 2_000;
}

/**
 * Sends a signed document to MH and records the outcome, following MH's rule: with no answer within
 * MH_TIMEOUT_MS, ask `consultadte` before any resend; resend at most MH_RESEND_LIMIT times; then the
 * document goes to contingency. A duplicate answer adopts MH's first result. The same signed bytes
 * are sent every time. The document is leased while one transmitter works on it, and the attempt
 * counter is written before each send, so a process killed mid-send is followed by a query, never
 * by a blind resend: MH seals the document once.
 */
export class TransmitDocumentService {
  /** `returnView`: a final outcome carries the document as the status change left it (see transitionWithView). */
  constructor(
    private readonly deps: ServiceDeps,
    private readonly opts: { returnView?: boolean } = {},
  ) {}

  private leaseMs(): number {
    return transmitLeaseMs(this.deps.config.mh);
  }

  /**
   * Transmits a document its caller already holds: the issuing request stores it `sending`, leased,
   * with this first send counted, so the claim's round trip is saved and a crash before or during the
   * send leaves what the reconciler needs (query MH first, then resend).
   */
  async executeClaimed(doc: Claimed, creds: MhCredentials): Promise<TransmitOutcome> {
    try {
      return await this.run(doc, creds);
    } catch (err) {
      this.deps.logger.error({ err, document_id: doc.id }, 'error al transmitir el documento');
      await this.release(doc.id, 'sending');
      throw err;
    }
  }

  async execute(documentId: string, opts: { force?: boolean } = {}): Promise<TransmitOutcome> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    // One round trip: take the lease, count the first send, and read the issuer's MH user with it.
    // A first send (nothing sent before, credentials at hand) goes at once: its `transmitted` line is written with the claim.
    const claimed = await preparedSql<Claimed & { nit: string; mh_user: string | null; sealed_mh_password: string | null }>(
      em,
      `with c as (
         update documents set status = 'sending', transmit_lease_until = ?, updated_at = ?,
                transmission_attempts = transmission_attempts + 1, first_transmitted_at = coalesce(first_transmitted_at, ?)
          where id = ? and status in ('signed', 'sending', 'error'${opts.force ? ", 'contingency'" : ''}) and model_type = 1
            and (transmit_lease_until is null or transmit_lease_until < ?)
          returning id, account_id, environment, emitter_id, type, generation_code, jws, model_type, transmission_attempts - 1 as transmission_attempts, first_transmitted_at),
       k as (select c.id, cr.mh_user, cr.sealed_mh_password, c.transmission_attempts = 0 and cr.mh_user is not null and cr.sealed_mh_password is not null as sends_now
               from c left join emitter_credentials cr on cr.emitter_id = c.emitter_id and cr.environment = c.environment),
       ev as (insert into document_events (id, document_id, type, at, message) select ?, k.id, 'transmitted', ?::timestamptz, ? from k where k.sends_now)
       select c.*, k.sends_now as send_recorded, e.nit, k.mh_user, k.sealed_mh_password from c join k on k.id = c.id join emitters e on e.id = c.emitter_id`,
      [new Date(now.getTime() + this.leaseMs()), now, now, documentId, now, newSequentialId(IdPrefix.documentEvent, now.getTime()), now, TRANSMITTED_MESSAGE(1)],
    );
    const doc = claimed[0];
    if (!doc) return this.whyNot(documentId);
    let creds: MhCredentials | null;
    try {
      creds = mhCredentialsFrom(this.deps, doc.emitter_id, doc.environment, doc);
    } catch (err) {
      await this.release(doc.id, 'sending');
      throw err;
    }
    if (!creds) {
      await this.release(doc.id, 'error', { uncount: true });
      return { kind: 'skipped', reason: 'no_credentials' };
    }
    return this.executeClaimed(doc, creds);
  }

  private async run(doc: Claimed, creds: MhCredentials): Promise<TransmitOutcome> {
    const env = doc.environment as '00' | '01';
    const limit = this.deps.config.mh.resendLimit;
    let lastFailure = '';
    // An earlier attempt may have reached MH (crash, timeout): ask before sending again.
    if (doc.transmission_attempts > 0) {
      const q = await this.deps.mhClient.query(env, creds, { tipoDte: doc.type, codigoGeneracion: doc.generation_code });
      if (q.kind === 'processed') return this.processed(doc, q, 'consulta');
      if (q.kind === 'rejected') return this.rejected(doc, q);
    }
    let attempts = doc.transmission_attempts + 1; // the claim counted this first send
    for (let resend = 0; ; resend++) {
      if (resend > 0) attempts++;
      if (resend > 0 || !doc.send_recorded) await this.recordSend(doc.id, attempts, resend > 0);
      const r = await this.deps.mhClient.transmit(env, creds, {
        tipoDte: doc.type,
        version: OFFICIAL_VERSION_BY_DTE_TYPE[doc.type as keyof typeof OFFICIAL_VERSION_BY_DTE_TYPE],
        codigoGeneracion: doc.generation_code,
        jws: doc.jws,
      });
      if (r.kind === 'processed') return this.processed(doc, r, resend === 0 && attempts === 1 ? 'transmisión' : `reenvío ${resend}`);
      if (r.kind === 'rejected') return this.rejected(doc, r);
      // Duplicate, timeout or unavailable: the outcome is unknown until MH is asked.
      lastFailure = r.kind === 'duplicate' ? 'el MH ya tiene el código de generación' : r.message;
      const q = await this.deps.mhClient.query(env, creds, { tipoDte: doc.type, codigoGeneracion: doc.generation_code });
      if (q.kind === 'processed') return this.processed(doc, q, 'consulta');
      if (q.kind === 'rejected') return this.rejected(doc, q);
      if (resend >= limit) break;
    }
    if (!allowsContingency(doc.type)) return this.waitForMh(doc, lastFailure);
    await new OpenContingencyService(this.deps).execute(doc.id, `Sin respuesta del MH tras ${limit + 1} envíos y consultas: ${lastFailure}`);
    return { kind: 'contingency' };
  }

  /**
   * CL, DCL and CD are never contingency documents (their model is fixed to 1): while MH does not
   * answer they stay `sending` with a lease of CONTINGENCY_RECHECK_MS, and the reconciler sends them
   * again (querying MH first) when it expires.
   */
  private async waitForMh(doc: Claimed, lastFailure: string): Promise<TransmitOutcome> {
    const now = this.deps.clock.now();
    const until = new Date(now.getTime() + this.deps.config.mh.contingencyRecheckMs);
    const em = this.deps.orm.em.fork();
    await preparedSql(em, `update documents set transmit_lease_until = ?, updated_at = ? where id = ? and status = 'sending'`, [until, now, doc.id]);
    await addEvent(em, doc.id, 'retry', `El MH no responde (${lastFailure}); este tipo de documento no se emite en contingencia: se transmitirá de nuevo cuando el MH responda.`, now);
    return { kind: 'waiting' };
  }

  private async processed(doc: Claimed, r: Extract<MhReception, { kind: 'processed' }>, how: string): Promise<TransmitOutcome> {
    const { view } = await this.change(doc.id, {
      from: ['sending', 'signed', 'error', 'contingency'],
      to: 'processed',
      set: { reception_stamp: r.seal, processed_at: r.processedAt, mh_response: mhAnswer(r.code, r.message, r.observations), transmit_lease_until: null, contingency_episode_id: null },
      event: { type: 'sealed', message: `Sellado por el MH (${how}): ${r.seal}.`, data: { code: r.code } },
      outbox: 'document.processed',
    });
    return { kind: 'processed', view };
  }

  private async rejected(doc: Claimed, r: { code: string; message: string; observations: string[] }): Promise<TransmitOutcome> {
    const { view } = await this.change(doc.id, {
      from: ['sending', 'signed', 'error', 'contingency'],
      to: 'rejected',
      set: { rejected_at: this.deps.clock.now(), mh_response: mhAnswer(r.code, r.message, r.observations), transmit_lease_until: null },
      event: { type: 'rejected', message: `Rechazado por el MH (${r.code}): ${r.message}`, data: { code: r.code, observations: r.observations } },
      outbox: 'document.rejected',
    });
    return { kind: 'rejected', view };
  }

  private async change(id: string, change: Parameters<typeof transition>[2]): Promise<{ view: ViewRow | null }> {
    if (this.opts.returnView) return transitionWithView(this.deps, id, change);
    await transition(this.deps, id, change);
    return { view: null };
  }

  /** Before a send: its `transmitted` line and, for a resend, the attempt counter (one statement). */
  private async recordSend(id: string, attempts: number, count: boolean): Promise<void> {
    const at = this.deps.clock.now();
    const event = [newSequentialId(IdPrefix.documentEvent, at.getTime()), id, at, TRANSMITTED_MESSAGE(attempts)];
    if (!count) {
      await preparedSql(this.deps.orm.em.fork(), `insert into document_events (id, document_id, type, at, message) values (?, ?, 'transmitted', ?, ?)`, event);
      return;
    }
    await preparedSql(
      this.deps.orm.em.fork(),
      `with u as (update documents set transmission_attempts = ? where id = ? returning id)
       insert into document_events (id, document_id, type, at, message) select ?, u.id, 'transmitted', ?::timestamptz, ? from u`,
      [attempts, id, event[0], at, event[3]],
    );
  }

  /** Gives the lease back; `uncount` takes back the send the claim counted when none happened. */
  private async release(id: string, status: string, opts: { uncount?: boolean } = {}): Promise<void> {
    const uncount = opts.uncount
      ? `, transmission_attempts = transmission_attempts - 1, first_transmitted_at = case when transmission_attempts = 1 then null else first_transmitted_at end`
      : '';
    await preparedSql(this.deps.orm.em.fork(), `update documents set status = ?, transmit_lease_until = null${uncount} where id = ? and status = 'sending'`, [status, id]);
  }

  private async whyNot(id: string): Promise<TransmitOutcome> {
    const rows = await preparedSql<{ status: string; model_type: number }>(this.deps.orm.em.fork(), 'select status, model_type from documents where id = ?', [id]);
    const r = rows[0];
    if (!r) return { kind: 'skipped', reason: 'not_found' };
    if (['processed', 'rejected', 'voided'].includes(r.status)) return { kind: 'skipped', reason: 'final' };
    if (r.status === 'contingency' || r.model_type === 2) return { kind: 'skipped', reason: 'held' };
    return { kind: 'skipped', reason: 'busy' };
  }
}
