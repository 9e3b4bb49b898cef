import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../shared/sql';
import { markPeriodDrift } from './fiscal-periods';

/**
 * A document became `processed` or `voided`: when that touches a closed period (its issue month, or
 * for a void also the void month) the period and the reports kept at its close get `drift: true` and
 * `fiscal.period.drift_detected` is written. One indexed select when no period is closed.
 */
export async function detectDocumentDrift(em: EntityManager, d: { id: string; accountId: string; status: 'processed' | 'voided' }, at: Date): Promise<void> {
  const hits = await sql<{ emitter_id: string; environment: string; period: string }>(
    em,
    `select fp.emitter_id, fp.environment, fp.period from documents d
       join fiscal_periods fp on fp.emitter_id = d.emitter_id and fp.environment = d.environment and fp.status = 'closed'
        and fp.period in (substr(d.issue_date, 1, 7), to_char(coalesce(d.voided_at, d.processed_at) at time zone 'America/El_Salvador', 'YYYY-MM'))
      where d.id = ?`,
    [d.id],
  );
  for (const h of hits) {
    const marked = await markPeriodDrift(em, {
      accountId: d.accountId, emitterId: h.emitter_id, environment: h.environment, period: h.period, at,
      change: { kind: d.status === 'voided' ? 'document.voided' : 'document.processed', subjectId: d.id },
    });
    if (marked) {
      await sql(
        em,
        `update fiscal_reports set drift = true where id in (select s.report_id from fiscal_period_snapshots s join fiscal_periods fp
           on fp.emitter_id = s.emitter_id and fp.environment = s.environment and fp.period = s.period and fp.version = s.version
          where s.emitter_id = ? and s.environment = ? and s.period = ?)`,
        [h.emitter_id, h.environment, h.period],
      );
    }
  }
}
