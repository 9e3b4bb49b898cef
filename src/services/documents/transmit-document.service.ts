import type { MhCredentials, MhReception } from '../../integrations/mh-client';
import { allowsContingency } from '../../domain/dte/dte.types';
import { OFFICIAL_VERSION_BY_DTE_TYPE } from '../../domain/dte/schemas/official-schema-validator';
import { FINAL_STATUSES, isOneOf, type DocumentView } from '../../domain/documents';
import type { ClaimedDocument, DocumentChange } from '../../persistence/documents/document-store';
import type { ServiceDeps } from '../shared/service-deps';
import type { OpenContingencyService } from '../contingency/open-contingency.service';
import { mhAnswer } from './mh-answer';
import { mhCredentialsFrom } from './mh-credentials-for';

export type TransmitOutcome =
  | { kind: 'processed'; view?: DocumentView | null }
  | { kind: 'rejected'; view?: DocumentView | null }
  | { kind: 'contingency' }
  /** A type that is never issued in contingency, left to be sent again when MH answers. */
  | { kind: 'waiting' }
  | { kind: 'skipped'; reason: 'not_found' | 'busy' | 'final' | 'held' | 'no_credentials' };

export interface TransmitOptions {
  /** A final outcome carries the document as the status change left it (read by the statement that changed it). */
  returnView?: boolean;
}

/** A document held by one transmitter; `transmission_attempts` counts the sends before this claim. */
export type Claimed = Omit<ClaimedDocument, 'nit' | 'mh_user' | 'sealed_mh_password'>;

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
  constructor(
    private readonly deps: ServiceDeps,
    private readonly openContingency: OpenContingencyService,
  ) {}

  private leaseMs(): number {
    return transmitLeaseMs(this.deps.config.mh);
  }

  /**
   * Transmits a document its caller already holds: the issuing request stores it `sending`, leased,
   * with this first send counted, so the claim's round trip is saved and a crash before or during the
   * send leaves what the reconciler needs (query MH first, then resend).
   */
  async executeClaimed(doc: Claimed, creds: MhCredentials, opts: TransmitOptions = {}): Promise<TransmitOutcome> {
    try {
      return await this.run(doc, creds, opts);
    } catch (err) {
      this.deps.logger.error({ err, document_id: doc.id }, 'error al transmitir el documento');
      await this.deps.documents.releaseLease(doc.id);
      throw err;
    }
  }

  async execute(documentId: string, opts: TransmitOptions & { force?: boolean } = {}): Promise<TransmitOutcome> {
    // One round trip: take the lease, count the send (its `transmitted` line), and read the issuer's MH user with it.
    const doc = await this.deps.documents.claim(documentId, { leaseUntil: new Date(this.deps.clock.now().getTime() + this.leaseMs()), includeContingency: opts.force === true });
    if (!doc) return this.whyNot(documentId);
    let creds: MhCredentials | null;
    try {
      creds = mhCredentialsFrom(this.deps, doc.emitter_id, doc.environment, doc);
    } catch (err) {
      await this.deps.documents.releaseLease(doc.id);
      throw err;
    }
    if (!creds) return this.failWithoutCredentials(doc);
    return this.executeClaimed(doc, creds, opts);
  }

  /** A claimed document whose issuer has no MH credentials for its environment: no send happened, so the claim's count is taken back. */
  async failWithoutCredentials(doc: Claimed): Promise<TransmitOutcome> {
    await this.deps.documents.transition(doc.id, 'fail', {
      set: { transmit_lease_until: null, transmission_attempts: doc.transmission_attempts, first_transmitted_at: doc.transmission_attempts === 0 ? null : doc.first_transmitted_at },
      message: 'No se puede transmitir: el emisor no tiene credenciales del MH para este ambiente.',
    });
    return { kind: 'skipped', reason: 'no_credentials' };
  }

  private async run(doc: Claimed, creds: MhCredentials, opts: TransmitOptions): Promise<TransmitOutcome> {
    const env = doc.environment as '00' | '01';
    const limit = this.deps.config.mh.resendLimit;
    let lastFailure = '';
    // An earlier attempt may have reached MH (crash, timeout): ask before sending again.
    if (doc.transmission_attempts > 0) {
      const q = await this.deps.mhClient.query(env, creds, { tipoDte: doc.type, codigoGeneracion: doc.generation_code });
      if (q.kind === 'processed') return this.processed(doc, q, 'consulta', opts);
      if (q.kind === 'rejected') return this.rejected(doc, q, opts);
    }
    let attempts = doc.transmission_attempts + 1; // the claim counted this first send
    for (let resend = 0; ; resend++) {
      if (resend > 0) attempts++;
      if (resend > 0 || !doc.send_recorded) await this.deps.documents.recordSend(doc.id, attempts, resend > 0);
      const r = await this.deps.mhClient.transmit(env, creds, {
        tipoDte: doc.type,
        version: OFFICIAL_VERSION_BY_DTE_TYPE[doc.type as keyof typeof OFFICIAL_VERSION_BY_DTE_TYPE],
        codigoGeneracion: doc.generation_code,
        jws: doc.jws,
      });
      if (r.kind === 'processed') return this.processed(doc, r, resend === 0 && attempts === 1 ? 'transmisión' : `reenvío ${resend}`, opts);
      if (r.kind === 'rejected') return this.rejected(doc, r, opts);
      // Duplicate, timeout or unavailable: the outcome is unknown until MH is asked.
      lastFailure = r.kind === 'duplicate' ? 'el MH ya tiene el código de generación' : r.message;
      const q = await this.deps.mhClient.query(env, creds, { tipoDte: doc.type, codigoGeneracion: doc.generation_code });
      if (q.kind === 'processed') return this.processed(doc, q, 'consulta', opts);
      if (q.kind === 'rejected') return this.rejected(doc, q, opts);
      if (resend >= limit) break;
    }
    if (!allowsContingency(doc.type)) return this.waitForMh(doc, lastFailure);
    await this.openContingency.execute(doc.id, `Sin respuesta del MH tras ${limit + 1} envíos y consultas: ${lastFailure}`);
    return { kind: 'contingency' };
  }

  /**
   * CL, DCL and CD are never contingency documents (their model is fixed to 1): while MH does not
   * answer they stay `sending` with a lease of CONTINGENCY_RECHECK_MS, and the reconciler sends them
   * again (querying MH first) when it expires.
   */
  private async waitForMh(doc: Claimed, lastFailure: string): Promise<TransmitOutcome> {
    const until = new Date(this.deps.clock.now().getTime() + this.deps.config.mh.contingencyRecheckMs);
    await this.deps.documents.holdLease(
      doc.id,
      until,
      `El MH no responde (${lastFailure}); este tipo de documento no se emite en contingencia: se transmitirá de nuevo cuando el MH responda.`,
    );
    return { kind: 'waiting' };
  }

  private async processed(doc: Claimed, r: Extract<MhReception, { kind: 'processed' }>, how: string, opts: TransmitOptions): Promise<TransmitOutcome> {
    const view = await this.change(doc.id, 'seal', opts, {
      set: { reception_stamp: r.seal, processed_at: r.processedAt, mh_response: mhAnswer(r.code, r.message, r.observations), transmit_lease_until: null, contingency_episode_id: null },
      message: `Sellado por el MH (${how}): ${r.seal}.`,
      data: { code: r.code },
    });
    return { kind: 'processed', view };
  }

  private async rejected(doc: Claimed, r: { code: string; message: string; observations: string[] }, opts: TransmitOptions): Promise<TransmitOutcome> {
    const view = await this.change(doc.id, 'reject', opts, {
      set: { rejected_at: this.deps.clock.now(), mh_response: mhAnswer(r.code, r.message, r.observations), transmit_lease_until: null },
      message: `Rechazado por el MH (${r.code}): ${r.message}`,
      data: { code: r.code, observations: r.observations },
    });
    return { kind: 'rejected', view };
  }

  private async change(id: string, move: 'seal' | 'reject', opts: TransmitOptions, change: DocumentChange): Promise<DocumentView | null> {
    const { view } = await this.deps.documents.transition(id, move, change, opts.returnView ? { viewBaseUrl: this.deps.baseUrl() } : {});
    return view;
  }

  private async whyNot(id: string): Promise<TransmitOutcome> {
    const r = await this.deps.documents.transmissionState(id);
    if (!r) return { kind: 'skipped', reason: 'not_found' };
    if (isOneOf(r.status, FINAL_STATUSES)) return { kind: 'skipped', reason: 'final' };
    if (r.status === 'contingency' || r.model_type === 2) return { kind: 'skipped', reason: 'held' };
    return { kind: 'skipped', reason: 'busy' };
  }
}
