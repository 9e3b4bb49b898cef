import type { ServiceDeps } from '../shared/service-deps';
import type { TransmitDteEventService } from './transmit-dte-event.service';

/**
 * Sends again the return and special-operations events still `pending` once their lease expired
 * (MH did not answer, or the process that sent them died). Querying first makes it safe.
 */
export class ReconcileDteEventsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly transmitter: TransmitDteEventService,
  ) {}

  async execute(): Promise<{ retried: number }> {
    const now = this.deps.clock.now();
    const ids = await this.deps.dteEvents.dueAgain(now, 5_000, 200);
    for (const id of ids) await this.transmitter.execute(id).catch((err) => this.deps.logger.warn({ err, event_id: id }, 'reintento del evento fallido'));
    return { retried: ids.length };
  }
}
