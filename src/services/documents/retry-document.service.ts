import { buildDte, parseDocumentCreate, type DocumentCreateInput } from '../../domain/dte';
import { DomainError } from '../../domain/shared/domain-error';
import { signCompact } from '../../integrations/signer/jws-signer';
import { signingKeyFor } from '../credentials/signing-key';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { SEALED_STATUSES, isOneOf, type DocumentView } from '../../domain/documents';
import { resolveIssuanceContext } from './issuance-context';
import type { IssueDocumentService } from './issue-document.service';
import type { TransmitDocumentService } from './transmit-document.service';
import { transmitInRequest } from './transmit-in-request';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { DocumentTx } from '../../persistence/documents/document-store';
import type { StoredDocumentRow } from '../../persistence/documents/document-row';
import { emitterFieldsOf } from '../emitters/emitter-row';

export const CORRECTION_WINDOW_MS = 24 * 3_600_000;

/** What a retry links to its Idempotency-Key record (the retried document's id); a replacement links its `document`. */
const RETRY_RESOURCE = 'document_retry';

export interface RetryResult {
  document: DocumentView;
  /** true when a new document replaced the rejected one (201/202). */
  replaced: boolean;
}

/**
 * `/retry` (spec "States and transitions", decisions "Correction of a rejection"):
 * - signed, sending, error, contingency: MH is queried first; only if it does not hold the document
 *   is the same signed JSON sent again (a contingency document waiting for its event is handed to
 *   the contingency recovery instead).
 * - rejected, no body: the same JSON is sent again.
 * - rejected with a corrected body: within 24 h of the rejection it is rebuilt and re-signed keeping
 *   the document, its generation code and control number; after 24 h, or when MH's observations
 *   name `codigoGeneracion`, a new document replaces it (`replaces_document_id`).
 * - any other state: 409 explaining why.
 *
 * The retry's first change (its `retry` line, the resend or the correction) commits with its link to
 * the request's Idempotency-Key record; a replacement is linked by its issuance. A retry of a request
 * whose process died answers that document as it is now (the replacement, for a correction that
 * made one) — never 409 because the first run already sealed it, never a second send.
 */
export class RetryDocumentService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly issue: IssueDocumentService,
    private readonly transmitter: TransmitDocumentService,
  ) {}

  async execute(actor: Actor, id: string, body: unknown, opts: { mode?: 'sync' | 'async' } = {}): Promise<RetryResult> {
    const em = this.deps.orm.em.fork();
    const documents = this.deps.documents;
    const doc = await documents.findOwn(em, actor, id);
    if (!doc) throw DomainError.notFound('un documento');
    // The same request again after its first run died with its change committed: that document, as it is now.
    if (resumedResource(actor, RETRY_RESOURCE)) return { document: await this.view(actor, doc.id), replaced: false };
    const replacement = resumedResource(actor, 'document');
    if (replacement) return this.replaced(actor, doc, replacement);
    const hasBody = body !== undefined && body !== null && !(typeof body === 'object' && Object.keys(body as object).length === 0);
    const now = this.deps.clock.now();
    if (isOneOf(doc.status, SEALED_STATUSES)) {
      throw new DomainError('document_not_retryable', `El documento ya está ${doc.status === 'processed' ? 'procesado por el MH (tiene sello)' : 'invalidado'}; no hay nada que reintentar.`);
    }
    if (hasBody && doc.status !== 'rejected') {
      throw new DomainError('correction_not_allowed', 'Solo un documento rechazado admite un cuerpo corregido; para los demás estados el reintento reenvía el mismo documento firmado.');
    }
    if (doc.status === 'contingency' && doc.model_type === 2) {
      // A contingency document goes with its event and a lote: hurry the recovery instead. An episode
      // whose event MH refused goes back to recovery, which sends a new event (a new generation code).
      await documents.transaction(async (tx) => {
        await this.hurryRecovery(tx, doc.id, doc.contingency_episode_id, now);
        await this.link(tx, actor, doc.id);
      });
      return { document: await this.view(actor, doc.id), replaced: false };
    }
    if (doc.status === 'rejected' && hasBody) return this.correct(actor, doc.id, body, opts);
    await documents.transaction(async (tx) => {
      if (doc.status === 'rejected') {
        await documents.transition(doc.id, 'resend', { set: { transmit_lease_until: null }, message: 'Reintento: se reenvía el mismo JSON firmado.' }, { tx });
      } else {
        await documents.appendEvent(tx.em, doc.id, 'retry', 'Reintento: se consulta al MH y, si no lo tiene, se reenvía el mismo JSON firmado.', now);
      }
      await this.link(tx, actor, doc.id);
    });
    await transmitInRequest(this.deps, doc.id, opts.mode ?? 'sync', () => this.transmitter.execute(doc.id, { force: true }));
    return { document: await this.view(actor, doc.id), replaced: false };
  }

  private async correct(actor: Actor, id: string, body: unknown, opts: { mode?: 'sync' | 'async' }): Promise<RetryResult> {
    const em = this.deps.orm.em.fork();
    const documents = this.deps.documents;
    const doc = (await documents.findOwn(em, actor, id))!;
    const parsed = parseDocumentCreate(body);
    if (!parsed.ok) throw DomainError.validation(parsed.errors as never);
    const input = parsed.value;
    const now = this.deps.clock.now();
    const mh = doc.mh_response;
    const namesCode = [mh?.message ?? '', ...(mh?.observations ?? [])].some((t) => /codigoGeneracion/i.test(t));
    const late = !doc.rejected_at || now.getTime() - new Date(doc.rejected_at).getTime() > CORRECTION_WINDOW_MS;
    if (late || namesCode) {
      const replacement = await this.issue.execute(actor, body, { dryRun: false, mode: opts.mode });
      return this.replaced(actor, doc, replacement.id!);
    }
    if (input.emitterId !== doc.emitter.id || input.type !== doc.type || input.establishment !== doc.establishment_code || input.pointOfSale !== doc.point_of_sale_code) {
      throw new DomainError(
        'correction_not_allowed',
        'La corrección conserva el código de generación y el número de control: el emisor, el tipo, el establecimiento y el punto de venta deben ser los mismos.',
      );
    }
    if (input.raw !== undefined) throw DomainError.field('not_allowed_with_raw', 'raw', 'La corrección de un documento rechazado se hace con el cuerpo estructurado, no con raw.');
    const ctx = await resolveIssuanceContext(em, actor, emitterFieldsOf(doc.emitter), { ...input, issuedAt: input.issuedAt ?? doc.issued_at.toISOString() } as DocumentCreateInput, input.issuedAt ? now : doc.issued_at, {
      documents,
      feReceiverThreshold: this.deps.config.feReceiverThreshold,
    });
    ctx.build.generationCode = doc.generation_code;
    ctx.build.controlNumber = doc.control_number;
    const built = buildDte(input, ctx.build);
    if (!built.ok) throw DomainError.validation(built.errors as never);
    const text = JSON.stringify(built.json);
    const { key } = await signingKeyFor(this.deps, em, doc.emitter.id, doc.environment);
    const jws = signCompact(text, key);
    const r = input.receiver;
    const done = await documents.transaction(async (tx) => {
      const changed = await documents.transition(doc.id, 'correct', {
      set: {
        dte_json: text,
        jws,
        request: input,
        subtotal: built.totals.subtotal,
        iva: built.totals.iva,
        total: built.totals.total,
        total_in_words: built.totals.totalInWords,
        warnings: built.warnings,
        receiver_name: r?.name ?? null,
        receiver_document_type: r?.documentType ?? null,
        receiver_document_number: r?.documentNumber ?? null,
        receiver_nrc: r?.nrc ?? null,
        receiver_email: r?.email ?? null,
        signed_at: now,
        transmit_lease_until: null,
      },
      message: 'Corregido dentro de las 24 h del rechazo: reconstruido y firmado de nuevo con el mismo código de generación y número de control.',
      }, { tx });
      if (changed.done) await this.link(tx, actor, doc.id);
      return changed.done;
    });
    if (!done) throw new DomainError('document_not_retryable', 'El documento cambió de estado mientras se corregía; consulte su estado.');
    await transmitInRequest(this.deps, doc.id, opts.mode ?? 'sync', () => this.transmitter.execute(doc.id));
    return { document: await this.view(actor, doc.id), replaced: false };
  }

  /** Brings the episode's next recovery step forward (a refused event goes back to recovery), with the document's `retry` line. */
  private async hurryRecovery(tx: DocumentTx, documentId: string, episodeId: string | null, now: Date): Promise<void> {
    const previous = episodeId ? await this.deps.contingencies.hurry(tx.em, episodeId, now) : null;
    const message = previous === 'failed'
      ? 'Reintento: el MH rechazó el evento de contingencia; se enviará un evento nuevo con los documentos retenidos y después el lote.'
      : 'Reintento: se adelanta la recuperación de la contingencia (evento y lote).';
    await this.deps.documents.appendEvent(tx.em, documentId, 'retry', message, now);
  }

  /**
   * A rejected document replaced by `replacementId` (issued by this request): both sides linked once,
   * answered as the replacement is now. Also completes a replacement whose first run died between
   * the replacement's issuance and this link.
   */
  private async replaced(actor: Actor, doc: Pick<StoredDocumentRow, 'id' | 'rejected_at' | 'replaced_by_document_id'>, replacementId: string): Promise<RetryResult> {
    if (doc.replaced_by_document_id !== replacementId) {
      const now = this.deps.clock.now();
      const late = !doc.rejected_at || now.getTime() - new Date(doc.rejected_at).getTime() > CORRECTION_WINDOW_MS;
      const message = late
        ? `Corregido después de 24 h del rechazo: reemplazado por el documento ${replacementId} (nuevo código de generación).`
        : `El rechazo se refiere al código de generación: reemplazado por el documento ${replacementId}.`;
      await this.deps.documents.transaction((tx) => this.deps.documents.markReplaced(tx, doc.id, replacementId, message, now));
    }
    return { document: await this.view(actor, replacementId), replaced: true };
  }

  /** The retry's link to its Idempotency-Key record, in the transaction of its first change. */
  private link(tx: DocumentTx, actor: Actor, documentId: string): Promise<void> {
    return linkCreatedResource(tx.em, actor, RETRY_RESOURCE, documentId);
  }

  private async view(actor: Actor, id: string): Promise<DocumentView> {
    const v = await this.deps.documents.view(actor, id, this.deps.baseUrl());
    if (!v) throw new Error(`BUG: documento ${id} desapareció`);
    return v;
  }
}

