import type { ServiceDeps } from '../shared/service-deps';
import { waitUpToSyncWait } from '../shared/sync-wait';
import type { TransmitOutcome } from './transmit-document.service';

/**
 * How a request that stored or changed a document hands it to MH — shared by issuance and `/retry`:
 * `async` queues the `transmit-document` job and answers at once; `sync` runs the transmission in
 * this request and waits up to SYNC_WAIT_MS. After that the transmission goes on (the answer is 202),
 * and if this process dies the job or the reconciler takes it up, asking MH first. Null when the
 * request answers before the transmission ends.
 */
export async function transmitInRequest(
  deps: ServiceDeps,
  documentId: string,
  mode: 'sync' | 'async',
  transmit: () => Promise<TransmitOutcome>,
): Promise<TransmitOutcome | null> {
  if (mode === 'async') {
    await deps.queue.enqueue('transmit-document', { documentId }).catch((err) => {
      deps.logger.warn({ err, document_id: documentId }, 'no se pudo encolar la transmisión; la retomará el reconciliador');
    });
    return null;
  }
  return waitUpToSyncWait(deps, transmit(), { document_id: documentId });
}
