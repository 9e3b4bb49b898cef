import type { ServiceDeps } from '../shared/service-deps';
import type { TransmitDocumentService } from './transmit-document.service';

/**
 * Safety net for transmissions: documents left `signed` or `sending` with no live lease (a process
 * died after answering 202, a job was lost) are transmitted again. The transmit service queries MH
 * before resending, so this never produces a second seal.
 */
export class ReconcileDocumentsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDocumentService,
  ) {}

  async execute(): Promise<{ retried: number; invalidations: number }> {
    const now = this.deps.clock.now();
    const rows = await this.deps.documents.awaitingTransmission(now, new Date(now.getTime() - 5_000), 500);
    // Transmitted here rather than re-enqueued: a job left locked by a dead worker would otherwise
    // keep its unique slot until its lock expires.
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(8, rows.length) }, async () => {
        while (next < rows.length) {
          const id = rows[next++];
          await this.transmitter.execute(id).catch((err) => this.deps.logger.warn({ err, document_id: id }, 'reintento de transmisión fallido'));
        }
      }),
    );
    // Invalidation events whose sender died or whose retry job was lost.
    const pending = await this.deps.invalidations.stale(new Date(now.getTime() - 120_000), 200);
    for (const id of pending) await this.deps.queue.enqueue('send-invalidation', { invalidationId: id });
    return { retried: rows.length, invalidations: pending.length };
  }
}
