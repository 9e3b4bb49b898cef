import { periodArchiveView, type PeriodArchiveView } from '../../domain/archive/period-archive-view';
import { viewShape } from '../../domain/shared/view-schema';
import { summaryKey } from '../../domain/webhooks/webhook-event';

/**
 * The data of `archive.ready` / `archive.failed`: the archive as REST shows it (snake_case, dates
 * as ISO strings), every field of its view — derived from the one declaration (ADR 0062).
 */
export function periodArchiveEventData(v: PeriodArchiveView): Record<string, unknown> {
  const out: Record<string, unknown> = { id: v.id, object: 'period_archive' };
  for (const key of Object.keys(viewShape(periodArchiveView))) {
    if (key === 'id') continue;
    const value = v[key as keyof PeriodArchiveView];
    out[summaryKey(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
