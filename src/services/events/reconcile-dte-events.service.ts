import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
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
    const rows = await sql<{ id: string }>(
      this.deps.orm.em.fork(),
      `select id from dte_events where status = 'pending' and (transmit_lease_until is null or transmit_lease_until < ?) and updated_at < ?
        order by updated_at limit 200`,
      [now, new Date(now.getTime() - 5_000)],
    );
    for (const r of rows) await this.transmitter.execute(r.id).catch((err) => this.deps.logger.warn({ err, event_id: r.id }, 'reintento del evento fallido'));
    return { retried: rows.length };
  }
}
