import { DomainError } from '../../domain/shared/domain-error';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { linkCreatedResource,resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import { recordAudit } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { parsePeriod,readPeriod,type PeriodView } from './fiscal-report-store';

import { PERIOD_CLOSE,periodResourceId } from './fiscal-period-links';

/** Starts closing a period: status `closing`; the `close-fiscal-period` job generates every report and closes it. */
export class CloseFiscalPeriodService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, period: string): Promise<PeriodView> {
    parsePeriod(period);
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    if (resumedResource(actor, PERIOD_CLOSE)) return readPeriod(em, emitter.id, actor.environment, period);
    const now = this.deps.clock.now();
    const rows = await em.transactional(async (tx) => {
      const changed = await sql<{ status: string }>(
        tx,
        `insert into fiscal_periods (emitter_id, environment, period, status, version, updated_at) values (?, ?, ?, 'closing', 1, ?)
         on conflict (emitter_id, environment, period) do update set status = 'closing', updated_at = excluded.updated_at where fiscal_periods.status = 'open'
         returning status`,
        [emitter.id, actor.environment, period, now],
      );
      if (changed.length) {
        await linkCreatedResource(tx, actor, PERIOD_CLOSE, periodResourceId(emitter.id, actor.environment, period));
        // Who asked for the close, when and from where (the job that finishes it acts for them).
        await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'fiscal.period.closed', target: { type: 'emitter', id: emitter.id }, details: { period, environment: actor.environment } });
      }
      return changed;
    });
    if (!rows.length) {
      const state = await readPeriod(em, emitter.id, actor.environment, period);
      if (state.status === 'closed') throw DomainError.field('period_already_closed', 'period', `El período ${period} ya está cerrado (versión ${state.version}); reábralo para volver a cerrarlo.`);
      return state; // already closing
    }
    const job = { accountId: actor.accountId, emitterId: emitter.id, environment: actor.environment, period };
    await this.deps.queue.enqueue('close-fiscal-period', job);
    return readPeriod(em, emitter.id, actor.environment, period);
  }
}
