import { DEFAULT_RETRY_CAP_MS } from '../../domain/webhooks/retry-schedule';
import type { WebhookPostResult } from '../../integrations/webhooks/webhook-http-sender';
import { WebhookDeliveryEntity } from '../../persistence/entities';
import { DeliveryWorker, type DeliveryKind } from '../shared/delivery-worker';
import type { ServiceDeps } from '../shared/service-deps';
import { recordAttempt, sendAttempt } from './webhook-attempt';
import type { WebhookHttpSender } from '../../integrations/webhooks/webhook-http-sender';

/** Beyond the request deadline, how long a worker keeps a delivery to itself to write the result. */
const LEASE_MARGIN_MS = 5000;

/** How long a delivery job keeps helping with other due deliveries. */
const DRAIN_BUDGET = { maxRows: 25, maxMs: 3000 };

export type DeliverOutcome = 'delivered' | 'retry_scheduled' | 'failed' | 'skipped';

/** One attempt of a webhook: when it was sent and what the receiver answered. */
interface WebhookAttempt {
  at: Date;
  post: WebhookPostResult;
}

/**
 * Makes the next attempt of a pending delivery that is due, through the delivery worker (lease,
 * attempt, back-off; ADR 0085): a webhook supplies its send (the signed POST) and its rows
 * (`webhook_deliveries`, each attempt in `webhook_attempts`). A delivery to a disabled endpoint is
 * failed unsent; a failure is retried with full jitter until the retry window from the first attempt
 * has passed (WEBHOOK_RETRY_WINDOW_MS); then the delivery is `failed`.
 */
export class DeliverWebhookService {
  private readonly worker: DeliveryWorker<WebhookDeliveryEntity, WebhookAttempt>;

  constructor(
    private readonly deps: ServiceDeps,
    sender: WebhookHttpSender,
    random: () => number = Math.random,
  ) {
    this.worker = new DeliveryWorker(deps, webhookDeliveries(deps, sender), random);
  }

  async execute(deliveryId: string): Promise<DeliverOutcome> {
    const outcome = await this.worker.execute(deliveryId);
    return outcome === 'succeeded' ? 'delivered' : outcome;
  }

  /**
   * After its own delivery a job keeps sending other due deliveries for a short while (each taken
   * with the same lease), so a burst larger than the worker's job slots does not wait for the
   * queue's next scan. Returns how many it sent.
   */
  async drainDue(budget = DRAIN_BUDGET): Promise<number> {
    return this.worker.drainDue(budget);
  }
}

/** Webhook deliveries as a delivery kind: their rows, their send, and how an outcome is recorded. */
function webhookDeliveries(deps: ServiceDeps, sender: WebhookHttpSender): DeliveryKind<WebhookDeliveryEntity, WebhookAttempt> {
  const w = deps.config.webhooks;
  return {
    entity: WebhookDeliveryEntity,
    describe: 'entrega de webhook',
    logKey: 'delivery_id',
    leaseMs: () => w.timeoutMs + LEASE_MARGIN_MS,
    retry: { baseMs: w.retryBaseMs, capMs: DEFAULT_RETRY_CAP_MS, window: { ms: w.retryWindowMs, firstAttemptAt: (d, claimedAt) => d.firstAttemptAt ?? claimedAt } },
    load: (em, id) => em.findOneOrFail(WebhookDeliveryEntity, { id }, { populate: ['endpoint'] }),
    attemptsOf: (d) => d.attemptCount,
    refuseBeforeSending: (d) => (d.endpoint.disabled ? 'El endpoint está deshabilitado; la entrega no se envió.' : null),
    abandon: async (em, fence, _d, reason, at) => {
      await em.nativeUpdate(WebhookDeliveryEntity, fence, { status: 'failed', nextAttemptAt: null, leaseUntil: null, lastError: reason, failedAt: at, updatedAt: at });
    },
    send: async (_em, d, attempt) => {
      const { at, result } = await sendAttempt(deps, sender, d.endpoint, d, attempt);
      return { ok: result.ok, detail: { at, post: result } };
    },
    record: (em, fence, o) =>
      em.transactional(async (tx) => {
        const { at, post } = o.result.detail;
        const n = await tx.nativeUpdate(WebhookDeliveryEntity, fence, {
          status: o.outcome === 'succeeded' ? 'delivered' : o.outcome === 'failed' ? 'failed' : 'pending',
          attemptCount: o.attempt,
          firstAttemptAt: o.row.firstAttemptAt ?? o.claimedAt,
          nextAttemptAt: o.next,
          leaseUntil: null,
          lastAttemptAt: at,
          lastStatus: post.statusCode,
          lastError: post.error,
          deliveredAt: post.ok ? o.done : null,
          failedAt: o.outcome === 'failed' ? o.done : null,
          updatedAt: o.done,
        });
        if (!n) return false; // the lease ran out and another worker took the delivery: its result counts
        await recordAttempt(tx, { deliveryId: o.row.id, endpointId: o.row.endpoint.id, number: o.attempt, at, result: post });
        return true;
      }),
    onRecorded: (outcome) => deps.observer?.webhookDelivery(outcome === 'succeeded' ? 'delivered' : outcome),
    scheduleRetry: async (id, at) => {
      await deps.queue.enqueue('deliver-webhook', { deliveryId: id }, { runAt: at });
    },
    // Someone holds the lease (or died holding it): look again when it ends, so the delivery is not left waiting.
    onBusy: async (id, now) => {
      const d = await deps.orm.em.fork().findOne(WebhookDeliveryEntity, { id }, { fields: ['status', 'leaseUntil', 'nextAttemptAt'] });
      if (d && d.status === 'pending' && d.leaseUntil && d.leaseUntil >= now && d.nextAttemptAt && d.nextAttemptAt <= now) {
        await deps.queue.enqueue('deliver-webhook', { deliveryId: id }, { runAt: new Date(d.leaseUntil.getTime() + 100) });
      }
    },
  };
}
