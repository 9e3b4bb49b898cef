import { DomainError } from '../../domain/shared/domain-error';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { linkCreatedResource,resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import { recordAudit } from '../audit/audit-trail';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { parsePeriod,readPeriod,type PeriodView } from './fiscal-report-store';

import { PERIOD_REOPEN,periodResourceId } from './fiscal-period-links';

/** Reopens a closed period (scope `fiscal:close`, a reason): status open, version + 1; earlier snapshots stay. */
export class ReopenFiscalPeriodService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, period: string, input: { reason?: unknown }): Promise<PeriodView> {
    parsePeriod(period);
    const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
    if (!reason) throw DomainError.field('required', 'reason', 'Indique el motivo de la reapertura.');
    if (reason.length > 1000) throw DomainError.field('out_of_range', 'reason', 'El motivo admite hasta 1000 caracteres.');
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId);
    if (resumedResource(actor, PERIOD_REOPEN)) return readPeriod(em, emitter.id, actor.environment, period);
    const now = this.deps.clock.now();
    const rows = await em.transactional(async (tx) => {
      const changed = await sql(
        tx,
        `update fiscal_periods set status = 'open', version = version + 1, reopened_at = ?, reopen_reason = ?, drift = false, drift_details = '[]'::jsonb, updated_at = ?
          where emitter_id = ? and environment = ? and period = ? and status = 'closed' returning period`,
        [now, reason, now, emitter.id, actor.environment, period],
      );
      if (changed.length) {
        await linkCreatedResource(tx, actor, PERIOD_REOPEN, periodResourceId(emitter.id, actor.environment, period));
        await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'fiscal.period.reopened', target: { type: 'emitter', id: emitter.id }, details: { period, environment: actor.environment, reason } });
      }
      return changed;
    });
    if (!rows.length) throw DomainError.field('period_not_closed', 'period', `El período ${period} no está cerrado.`);
    return readPeriod(em, emitter.id, actor.environment, period);
  }
}
