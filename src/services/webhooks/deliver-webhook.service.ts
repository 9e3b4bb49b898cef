import { drainDue } from '../shared/drain-due';
import { DEFAULT_RETRY_CAP_MS, nextAttemptAt, type RetryPolicy } from '../../domain/webhooks/retry-schedule';
import { WebhookDeliveryEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { recordAttempt, sendAttempt } from './webhook-attempt';
import type { WebhookHttpSender } from '../../integrations/webhooks/webhook-http-sender';


/** Beyond the request deadline, how long a worker keeps a delivery to itself to write the result. */
const LEASE_MARGIN_MS = 5000;

/** How long a delivery job keeps helping with other due deliveries. */
const DRAIN_BUDGET = { maxRows: 25, maxMs: 3000 };

export type DeliverOutcome = 'delivered' | 'retry_scheduled' | 'failed' | 'skipped';

/**
 * Makes the next attempt of a pending delivery that is due. Safe to run twice: the delivery is taken
 * with a lease (`leaseUntil`) so two workers never send it at once, a delivery that is not due, already
 * delivered or failed is skipped, and the result is written only while the lease is still ours.
 * A failure schedules the next attempt (exponential back-off with full jitter) until the retry window
 * from the first attempt has passed; then the delivery is `failed`.
 */
export class DeliverWebhookService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly sender: WebhookHttpSender,
    private readonly random: () => number = Math.random,
  ) {}

  private get policy(): RetryPolicy {
    const w = this.deps.config.webhooks;
    return { baseMs: w.retryBaseMs, capMs: DEFAULT_RETRY_CAP_MS, windowMs: w.retryWindowMs };
  }

  async execute(deliveryId: string): Promise<DeliverOutcome> {
    if (typeof deliveryId !== 'string' || deliveryId.length > 64) return 'skipped';
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const lease = new Date(now.getTime() + this.deps.config.webhooks.timeoutMs + LEASE_MARGIN_MS);
    const claimed = await em.nativeUpdate(
      WebhookDeliveryEntity,
      { id: deliveryId, status: 'pending', nextAttemptAt: { $lte: now }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
      { leaseUntil: lease, updatedAt: now },
    );
    if (!claimed) {
      await this.recheckLater(deliveryId, now);
      return 'skipped';
    }
    const delivery = await em.findOneOrFail(WebhookDeliveryEntity, { id: deliveryId }, { populate: ['endpoint'] });
    const endpoint = delivery.endpoint;
    const fence = { id: delivery.id, leaseUntil: lease };

    if (endpoint.disabled) {
      const at = this.deps.clock.now();
      await em.nativeUpdate(WebhookDeliveryEntity, fence, {
        status: 'failed',
        nextAttemptAt: null,
        leaseUntil: null,
        lastError: 'El endpoint está deshabilitado; la entrega no se envió.',
        failedAt: at,
        updatedAt: at,
      });
      return 'failed';
    }

    const number = delivery.attemptCount + 1;
    const firstAttemptAt = delivery.firstAttemptAt ?? now;
    const { at, result } = await sendAttempt(this.deps, this.sender, endpoint, delivery, number);
    const done = this.deps.clock.now();
    const next = result.ok ? null : nextAttemptAt(firstAttemptAt, done, number, this.policy, this.random);
    const outcome: DeliverOutcome = result.ok ? 'delivered' : next ? 'retry_scheduled' : 'failed';
    const written = await em.transactional(async (tx) => {
      const n = await tx.nativeUpdate(WebhookDeliveryEntity, fence, {
        status: outcome === 'delivered' ? 'delivered' : outcome === 'failed' ? 'failed' : 'pending',
        attemptCount: number,
        firstAttemptAt,
        nextAttemptAt: next,
        leaseUntil: null,
        lastAttemptAt: at,
        lastStatus: result.statusCode,
        lastError: result.error,
        deliveredAt: result.ok ? done : null,
        failedAt: outcome === 'failed' ? done : null,
        updatedAt: done,
      });
      if (!n) return false; // the lease ran out and another worker took the delivery: its result counts
      await recordAttempt(tx, { deliveryId: delivery.id, endpointId: endpoint.id, number, at, result });
      return true;
    });
    if (!written) {
      this.deps.logger.warn({ delivery_id: delivery.id, attempt: number }, 'entrega de webhook: el resultado llegó después del vencimiento de la reserva');
      return 'skipped';
    }
    this.deps.observer?.webhookDelivery(outcome);
    if (next) await this.deps.queue.enqueue('deliver-webhook', { deliveryId: delivery.id }, { runAt: next });
    return outcome;
  }

  /**
   * After its own delivery a job keeps sending other due deliveries for a short while (each taken
   * with the same lease), so a burst larger than the worker's job slots does not wait for the
   * queue's next scan. Returns how many it sent.
   */
  async drainDue(budget = DRAIN_BUDGET): Promise<number> {
    return drainDue(this.deps, WebhookDeliveryEntity, (id) => this.execute(id), budget);
  }

  /** Someone holds the lease (or died holding it): look again when it ends, so the delivery is not left waiting. */
  private async recheckLater(deliveryId: string, now: Date): Promise<void> {
    const d = await this.deps.orm.em.fork().findOne(WebhookDeliveryEntity, { id: deliveryId }, { fields: ['status', 'leaseUntil', 'nextAttemptAt'] });
    if (d && d.status === 'pending' && d.leaseUntil && d.leaseUntil >= now && d.nextAttemptAt && d.nextAttemptAt <= now) {
      await this.deps.queue.enqueue('deliver-webhook', { deliveryId }, { runAt: new Date(d.leaseUntil.getTime() + 100) });
    }
  }
}
