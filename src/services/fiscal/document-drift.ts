import type { EntityManager } from '@mikro-orm/core';
import { LEDGER_DOCUMENT_TYPES, periodOf } from '../../domain/fiscal';
import type { BooksTouch } from '../../persistence/documents/document-store';
import { sql } from '../shared/sql';
import { markPeriodDrift } from './fiscal-periods';

const LEDGER_TYPES: ReadonlySet<string> = new Set(LEDGER_DOCUMENT_TYPES);

/**
 * A document became `processed` or `voided`: when that touches a closed period (its issue month, or
 * the month of the seal or the void) the period and the reports kept at its close get `drift: true`
 * and `fiscal.period.drift_detected` is written. One indexed select when no period is closed. The
 * document store calls it inside the transaction of the status change. Types outside the ledger
 * (CD 15: in no book or annex, ADR 0036) touch no period.
 */
export async function detectDocumentDrift(em: EntityManager, d: BooksTouch, at: Date): Promise<void> {
  if (!LEDGER_TYPES.has(d.type)) return;
  const changedAt = d.voidedAt ?? d.processedAt;
  const periods = [...new Set([periodOf(d.issueDate), ...(changedAt ? [periodOf(changedAt)] : [])])];
  const hits = await sql<{ period: string }>(
    em,
    `select period from fiscal_periods where emitter_id = ? and environment = ? and status = 'closed' and period = any(?::text[])`,
    [d.emitterId, d.environment, periods],
  );
  for (const h of hits) {
    const marked = await markPeriodDrift(em, {
      accountId: d.accountId, emitterId: d.emitterId, environment: d.environment, period: h.period, at,
      change: { kind: d.status === 'voided' ? 'document.voided' : 'document.processed', subjectId: d.id },
    });
    if (marked) {
      await sql(
        em,
        `update fiscal_reports set drift = true where id in (select s.report_id from fiscal_period_snapshots s join fiscal_periods fp
           on fp.emitter_id = s.emitter_id and fp.environment = s.environment and fp.period = s.period and fp.version = s.version
          where s.emitter_id = ? and s.environment = ? and s.period = ?)`,
        [d.emitterId, d.environment, h.period],
      );
    }
  }
}
