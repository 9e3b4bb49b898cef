import type { ServiceDeps } from '../shared/service-deps';
import { waitUpToSyncWait } from '../shared/sync-wait';
import type { TransmitOutcome } from './transmit-document.service';

/**
 * How a request that stored or changed a document hands it to MH — shared by issuance and `/retry`:
 * `async` answers at once: the document is `signed` and unleased, and the commit's own status notice
 * wakes the workers' transmission pumps (ADR 0061), which claim it; `sync` runs the transmission in
 * this request and waits up to SYNC_WAIT_MS. After that the transmission goes on (the answer is 202),
 * and if this process dies a pump or the reconciler takes it up, asking MH first. Null when the
 * request answers before the transmission ends.
 */
export async function transmitInRequest(
  deps: ServiceDeps,
  documentId: string,
  mode: 'sync' | 'async',
  transmit: () => Promise<TransmitOutcome>,
): Promise<TransmitOutcome | null> {
  if (mode === 'async') return null;
  return waitUpToSyncWait(deps, transmit(), { document_id: documentId });
}
