import type { ServiceDeps } from '../shared/service-deps';
import type { SendDteEventInvalidationService } from './send-dte-event-invalidation.service';
import type { TransmitDteEventService } from './transmit-dte-event.service';

/**
 * Sends again the return and special-operations events still `pending` once their lease expired
 * (MH did not answer, or the process that sent them died). Querying first makes it safe. Also sends
 * again the pending invalidations of sealed events that MH did not answer (ADR 0063): MH refuses a
 * second invalidation of one event, so a resend never voids it twice.
 */
export class ReconcileDteEventsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDteEventService,
    private readonly voidSender: SendDteEventInvalidationService,
  ) {}

  async execute(): Promise<{ retried: number; voidsRetried: number }> {
    const now = this.deps.clock.now();
    const ids = await this.deps.dteEvents.dueAgain(now, 5_000, 200);
    for (const id of ids) await this.transmitter.execute(id).catch((err) => this.deps.logger.warn({ err, event_id: id }, 'reintento del evento fallido'));
    const voids = await this.deps.dteEvents.pendingVoids(new Date(now.getTime() - this.deps.config.mh.contingencyRecheckMs), 200);
    for (const id of voids) await this.voidSender.execute(id).catch((err) => this.deps.logger.warn({ err, event_id: id }, 'reintento de la invalidación del evento fallido'));
    return { retried: ids.length, voidsRetried: voids.length };
  }
}
