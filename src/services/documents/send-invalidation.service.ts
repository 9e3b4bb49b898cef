import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import type { DocumentMhResponse as MhAnswer } from '../../domain/documents';
import { mhAnswer } from './mh-answer';
import { mhCredentialsFor } from './mh-credentials-for';

/** What MH did with the event; `rejected` carries MH's answer (the REST problem's `mh`). */
export type SendInvalidationOutcome = { kind: 'sealed' | 'pending' | 'skipped' } | { kind: 'rejected'; mh: MhAnswer };

/**
 * Sends a signed invalidation event to MH (`anulardte`). Sealed → the document is `voided` with
 * `void` and `voided_at` (`document.voided`); rejected → the document stays processed and `void.status`
 * is `rejected` with MH's answer; no answer → retried by the `send-invalidation` job.
 */
export class SendInvalidationService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(invalidationId: string): Promise<SendInvalidationOutcome> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const [inv] = await sql<{ id: string; document_id: string; generation_code: string; jws: string; reason_type: string; reason: string | null; replacement_document_id: string | null }>(
      em,
      `update document_invalidations set attempts = attempts + 1, updated_at = ?
        where id = ? and status = 'pending'
        returning id, document_id, generation_code, jws, reason_type, reason, replacement_document_id`,
      [now, invalidationId],
    );
    if (!inv) return { kind: 'skipped' };
    // Its issuer and environment, read through the store (documents are never deleted: it is there).
    const doc = await this.deps.documents.owner(em, inv.document_id);
    if (!doc) return { kind: 'skipped' };
    const creds = await mhCredentialsFor(this.deps, em, doc.emitter_id, doc.environment);
    if (!creds) return { kind: 'pending' };
    const r = await this.deps.mhClient.invalidate(doc.environment as '00' | '01', creds, { version: 3, jws: inv.jws });
    const at = this.deps.clock.now();
    const voidInfo = (status: string, seal: string | null, mh: MhAnswer) => ({ reasonType: inv.reason_type, reason: inv.reason, replacementDocumentId: inv.replacement_document_id, receptionStamp: seal, status, mh });
    const documents = this.deps.documents;
    if (r.kind === 'processed') {
      const answer = mhAnswer(r.code, r.message, r.observations);
      await documents.transaction(async (tx) => {
        await sql(tx.em, `update document_invalidations set status = 'sealed', seal = ?, mh_response = ?, updated_at = ? where id = ?`, [r.seal, JSON.stringify(answer), at, inv.id]);
        await documents.transition(
          inv.document_id,
          'void',
          { set: { voided_at: r.processedAt, void: voidInfo('sealed', r.seal, answer) }, message: `Invalidado: el MH selló el evento ${inv.generation_code} (${r.seal}).` },
          { tx },
        );
      });
      return { kind: 'sealed' };
    }
    if (r.kind === 'rejected' || r.kind === 'duplicate') {
      const answer = mhAnswer(r.code, r.message, r.kind === 'rejected' ? r.observations : []);
      await documents.transaction(async (tx) => {
        await sql(tx.em, `update document_invalidations set status = 'rejected', mh_response = ?, updated_at = ? where id = ?`, [JSON.stringify(answer), at, inv.id]);
        await documents.setVoid(
          tx,
          inv.document_id,
          voidInfo('rejected', null, answer),
          { type: 'invalidation_rejected', message: `El MH rechazó la invalidación (${r.code}): ${r.message}`, data: { observations: answer.observations } },
          at,
        );
      });
      return { kind: 'rejected', mh: answer };
    }
    await this.deps.queue.enqueue('send-invalidation', { invalidationId: inv.id }, { runAt: new Date(at.getTime() + this.deps.config.mh.contingencyRecheckMs) }).catch(() => undefined);
    return { kind: 'pending' };
  }
}
