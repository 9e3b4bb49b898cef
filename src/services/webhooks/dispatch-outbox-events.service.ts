import { subscribesTo } from '../../domain/webhooks/event-types';
import { webhookEventBody } from '../../domain/webhooks/webhook-event';
import { WebhookEndpointEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { NO_FLUSH_WAIT, preparedSql, statementEm } from '../shared/sql';
import { newWebhookDelivery } from './new-webhook-delivery';

const BATCH_SIZE = 100;
/** One run stops after this many batches; the next run (kick or every 5 s) continues. */
const MAX_BATCHES = 50;

interface OutboxRow {
  id: string;
  account_id: string;
  environment: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/**
 * Turns undispatched outbox events into webhook deliveries: in one transaction it takes a batch in
 * order (`FOR UPDATE SKIP LOCKED`, so several workers share the work), creates one delivery per
 * enabled endpoint of the same account and environment subscribed to the type (or `*`), and marks the
 * events dispatched. After the commit each delivery is queued; one whose job is lost is found by the
 * sweeper.
 */
export class DispatchOutboxEventsService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(): Promise<{ events: number; deliveries: number }> {
    let events = 0;
    let deliveries = 0;
    for (let i = 0; i < MAX_BATCHES; i++) {
      // Events of scopes without any enabled endpoint are marked in one statement; the rest take the transaction.
      const quiet = await this.markWithoutEndpoints();
      events += quiet.marked;
      if (quiet.marked === quiet.taken) {
        if (quiet.taken < BATCH_SIZE) break;
        continue;
      }
      const batch = await this.dispatchBatch();
      events += batch.events;
      deliveries += batch.deliveryIds.length;
      for (const deliveryId of batch.deliveryIds) await this.deps.queue.enqueue('deliver-webhook', { deliveryId });
      if (batch.events < BATCH_SIZE) break;
    }
    return { events, deliveries };
  }

  /**
   * Dispatches now, in this process; call it after committing outbox rows. Never throws (the
   * periodic job is the safety net, also for events whose process died before dispatching). Kicks
   * that arrive during a run collapse into one trailing run, which starts after the last caller's
   * commit, so a burst of commits costs one or two runs and no event waits for the periodic pass.
   */
  kick(): Promise<void> {
    if (this.kicking) {
      this.kickAgain = true;
      return this.kicking;
    }
    this.kicking = (async () => {
      try {
        do {
          this.kickAgain = false;
          await this.execute();
        } while (this.kickAgain);
      } catch (err) {
        this.deps.logger.warn({ err }, 'no se pudieron despachar los eventos; se hará en la próxima pasada periódica');
      } finally {
        this.kicking = null;
      }
    })();
    return this.kicking;
  }

  /** Resolves when no kick is running (shutdown waits for it before closing the database). */
  async settle(): Promise<void> {
    while (this.kicking) await this.kicking;
  }

  private kicking: Promise<void> | null = null;
  private kickAgain = false;

  /**
   * One statement, its own transaction: takes a batch of undispatched events in order (`FOR UPDATE
   * SKIP LOCKED`) and marks dispatched those whose account and environment have no enabled endpoint —
   * nothing to deliver, so no transaction, no endpoint read and no flush (the common case of an
   * account without webhooks). `taken` > `marked` leaves events for dispatchBatch. Its commit does
   * not wait for the WAL flush: a crash of PostgreSQL that takes it back only makes a later pass mark
   * the same events again.
   */
  private async markWithoutEndpoints(): Promise<{ taken: number; marked: number }> {
    const [r] = await preparedSql<{ taken: number; marked: number }>(
      statementEm(this.deps.orm),
      `with ${NO_FLUSH_WAIT}, batch as (
         select o.id, exists (select 1 from webhook_endpoints e where e.account_id = o.account_id and e.environment = o.environment and not e.disabled) as has_endpoints
           from outbox_events o where o.dispatched_at is null order by o.id limit ? for update of o skip locked),
       marked as (update outbox_events o set dispatched_at = ? from batch b, no_flush_wait where o.id = b.id and not b.has_endpoints returning o.id)
       select (select count(*) from batch)::int as taken, (select count(*) from marked)::int as marked`,
      [BATCH_SIZE, this.deps.clock.now()],
    );
    return r;
  }

  private async dispatchBatch(): Promise<{ events: number; deliveryIds: string[] }> {
    const em = this.deps.orm.em.fork();
    return em.transactional(async (tx) => {
      const rows = await preparedSql<OutboxRow>(
        tx,
        'select id, account_id, environment, type, data, created_at from outbox_events where dispatched_at is null order by id limit ? for update skip locked',
        [BATCH_SIZE],
      );
      if (!rows.length) return { events: 0, deliveryIds: [] };
      const scopes = [...new Map(rows.map((r) => [`${r.account_id}|${r.environment}`, { accountId: r.account_id, environment: r.environment }])).values()];
      const endpoints = await tx.find(WebhookEndpointEntity, { $or: scopes, disabled: false }, { orderBy: { id: 'asc' } });
      const now = this.deps.clock.now();
      const deliveryIds: string[] = [];
      for (const row of rows) {
        const targets = endpoints.filter((e) => e.accountId === row.account_id && e.environment === row.environment && subscribesTo(e.events, row.type));
        if (!targets.length) continue;
        const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
        const body = webhookEventBody({ id: row.id, type: row.type, environment: row.environment, createdAt, data: row.data ?? {} });
        for (const endpoint of targets) {
          const delivery = newWebhookDelivery(tx, { endpoint, accountId: row.account_id, environment: row.environment, eventId: row.id, eventType: row.type, body, test: false, now });
          deliveryIds.push(delivery.id);
        }
      }
      await tx.flush();
      const ids = rows.map((r) => r.id);
      await preparedSql(tx, 'update outbox_events set dispatched_at = ? where id = any(?::text[])', [now, ids]);
      return { events: rows.length, deliveryIds };
    });
  }
}
