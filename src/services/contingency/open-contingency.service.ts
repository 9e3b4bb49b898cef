import { newId } from '../../domain/shared/ids';
import type { ServiceDeps } from '../shared/service-deps';
import type { DocumentTx } from '../../persistence/documents/document-store';

/** At most this many documents are held in one episode (one contingency event lists 1–1000). */
export const MAX_DOCUMENTS_PER_EPISODE = 1000;

/**
 * Holds a document that MH did not answer: it joins the open contingency episode of its emitter and
 * environment (or opens one), moves to `contingency` and emits `document.contingency`. While the
 * episode is open, new documents of that emitter are built as contingency documents from the start.
 */
export class OpenContingencyService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(documentId: string, reason: string): Promise<void> {
    const documents = this.deps.documents;
    await documents.transaction(async (tx) => {
      const doc = await documents.owner(tx.em, documentId);
      if (!doc) return;
      const episodeId = await openEpisode(this.deps, tx, doc, reason);
      await documents.transition(
        documentId,
        'hold',
        { set: { contingency_episode_id: episodeId, transmit_lease_until: null }, message: `Documento en contingencia: ${reason}` },
        { tx },
      );
    });
  }
}

/** The open episode of an emitter and environment with room for one more document, created if needed. */
export async function openEpisode(
  deps: ServiceDeps,
  { em: tx, afterCommit }: DocumentTx,
  doc: { account_id: string; emitter_id: string; environment: string },
  reason: string,
): Promise<string> {
  const episodes = deps.contingencies;
  await episodes.lockIssuer(tx, doc.emitter_id, doc.environment);
  const open = await episodes.openOf(tx, doc.emitter_id, doc.environment);
  if (open && open.held < MAX_DOCUMENTS_PER_EPISODE) return open.id;
  const now = deps.clock.now();
  const id = newId('ctg', now.getTime());
  await episodes.open(
    tx,
    { id, accountId: doc.account_id, emitterId: doc.emitter_id, environment: doc.environment, contingencyType: 1, reason: reason.slice(0, 500), nextCheckAt: new Date(now.getTime() + deps.config.mh.contingencyRecheckMs) },
    now,
  );
  deps.logger.warn({ episode: id, emitter_id: doc.emitter_id, environment: doc.environment }, 'MH sin respuesta: se abre un periodo de contingencia');
  // The next issuance of this process is born in contingency: it must not read the issuer it cached before.
  afterCommit(() => deps.emitterCaches?.forget(doc.emitter_id));
  return id;
}

