import type { ServiceDeps } from '../shared/service-deps';
import type { DocumentMhResponse as MhAnswer } from '../../domain/documents';
import { mhAnswer } from '../documents/mh-answer';
import { mhCredentialsFor } from '../documents/mh-credentials-for';

/** What MH did with the event; `rejected` carries MH's answer (the REST problem's `mh`). */
export type SendInvalidationOutcome = { kind: 'sealed' | 'pending' | 'skipped' } | { kind: 'rejected'; mh: MhAnswer };

/**
 * Sends a signed invalidation event to MH (`anulardte`). Sealed → the document is `voided` with
 * `void` and `voided_at` (`document.voided`); rejected → the document stays processed and `void.status`
 * is `rejected` with MH's answer; no answer → retried by the `send-invalidation` job. The invalidation
 * store makes both changes (the invalidation's and its copy on the document) in one transaction.
 */
export class SendInvalidationService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(invalidationId: string): Promise<SendInvalidationOutcome> {
    const em = this.deps.orm.em.fork();
    const invalidations = this.deps.invalidations;
    const inv = await invalidations.countAttempt(invalidationId, this.deps.clock.now());
    if (!inv) return { kind: 'skipped' };
    // Its issuer and environment, read through the store (documents are never deleted: it is there).
    const doc = await this.deps.documents.owner(em, inv.document_id);
    if (!doc) return { kind: 'skipped' };
    const creds = await mhCredentialsFor(this.deps, em, doc.emitter_id, doc.environment);
    if (!creds) return { kind: 'pending' };
    const r = await this.deps.mhClient.invalidate(doc.environment as '00' | '01', creds, { version: 3, jws: inv.jws });
    const at = this.deps.clock.now();
    if (r.kind === 'processed') {
      const answer = mhAnswer(r.code, r.message, r.observations);
      const sealed = await invalidations.seal(inv.id, { seal: r.seal, mh: answer, processedAt: r.processedAt }, () => `Invalidado: el MH selló el evento ${inv.generation_code} (${r.seal}).`, at);
      return { kind: sealed ? 'sealed' : 'skipped' };
    }
    if (r.kind === 'rejected' || r.kind === 'duplicate') {
      const answer = mhAnswer(r.code, r.message, r.kind === 'rejected' ? r.observations : []);
      const rejected = await invalidations.reject(inv.id, answer, `El MH rechazó la invalidación (${r.code}): ${r.message}`, at);
      return rejected ? { kind: 'rejected', mh: answer } : { kind: 'skipped' };
    }
    await this.deps.queue.enqueue('send-invalidation', { invalidationId: inv.id }, { runAt: new Date(at.getTime() + this.deps.config.mh.contingencyRecheckMs) }).catch(() => undefined);
    return { kind: 'pending' };
  }
}
