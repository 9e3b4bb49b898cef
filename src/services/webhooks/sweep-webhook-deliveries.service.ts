import { WebhookDeliveryEntity } from '../../persistence/entities';
import { freeAndDue } from '../shared/drain-due';
import type { ServiceDeps } from '../shared/service-deps';

/** A due delivery is presumed lost once it is this late (a live job runs it within seconds). */
export const SWEEP_GRACE_MS = 60_000;
const SWEEP_LIMIT = 1000;

/**
 * Re-queues pending deliveries that are overdue and not held by a worker: their job was lost (the
 * process died between the commit and the enqueue, or the job row was removed). A duplicate job is
 * harmless: the delivery job takes a lease and skips what is not due.
 */
export class SweepWebhookDeliveriesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(opts: { graceMs?: number } = {}): Promise<{ requeued: number }> {
    const now = this.deps.clock.now();
    const dueBefore = new Date(now.getTime() - (opts.graceMs ?? SWEEP_GRACE_MS));
    const rows = await this.deps.orm.em.fork().find(
      WebhookDeliveryEntity,
      freeAndDue(now, dueBefore),
      { fields: ['id'], orderBy: { nextAttemptAt: 'asc' }, limit: SWEEP_LIMIT },
    );
    for (const r of rows) await this.deps.queue.enqueue('deliver-webhook', { deliveryId: r.id });
    return { requeued: rows.length };
  }
}
