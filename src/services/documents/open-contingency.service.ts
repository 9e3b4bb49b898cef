import { newId } from '../../domain/shared/ids';
import { episodeDocumentCountSql } from '../../persistence/documents/document-queries';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
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
  await sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`contingency:${doc.emitter_id}:${doc.environment}`]);
  const [open] = await sql<{ id: string; held: number }>(
    tx,
    `select e.id, ${episodeDocumentCountSql('e', false)} as held
       from contingency_episodes e where e.emitter_id = ? and e.environment = ? and e.status = 'open' order by e.started_at desc limit 1`,
    [doc.emitter_id, doc.environment],
  );
  if (open && open.held < MAX_DOCUMENTS_PER_EPISODE) return open.id;
  const now = deps.clock.now();
  const id = newId('ctg', now.getTime());
  await sql(
    tx,
    `insert into contingency_episodes (id, account_id, emitter_id, environment, contingency_type, reason, status, started_at, next_check_at, lotes, created_at, updated_at)
     values (?, ?, ?, ?, 1, ?, 'open', ?, ?, '[]', ?, ?)`,
    [id, doc.account_id, doc.emitter_id, doc.environment, reason.slice(0, 500), now, new Date(now.getTime() + deps.config.mh.contingencyRecheckMs), now, now],
  );
  deps.logger.warn({ episode: id, emitter_id: doc.emitter_id, environment: doc.environment }, 'MH sin respuesta: se abre un periodo de contingencia');
  // The next issuance of this process is born in contingency: it must not read the issuer it cached before.
  afterCommit(() => deps.emitterCaches?.forget(doc.emitter_id));
  return id;
}

