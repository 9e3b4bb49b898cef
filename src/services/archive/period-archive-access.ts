import type { PeriodArchiveView } from '../../domain/archive/period-archive-view';
import { periodBounds } from '../../domain/archive/period-archive-index';
import { DomainError } from '../../domain/shared/domain-error';
import type { PeriodArchiveRow } from '../../persistence/archives/period-archive-store';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';

export function toPeriodArchiveView(r: PeriodArchiveRow): PeriodArchiveView {
  return {
    id: r.id,
    emitterId: r.emitter_id,
    environment: r.environment as '00' | '01',
    period: r.period,
    status: r.status,
    documentsTotal: Number(r.documents_total),
    documentsDone: Number(r.documents_done),
    size: r.size === null ? null : Number(r.size),
    checksum: r.sha256,
    error: r.error,
    createdAt: new Date(r.created_at),
    completedAt: r.completed_at ? new Date(r.completed_at) : null,
  };
}

/** The archive `id` of that emitter of the caller, or the 404 refusal. */
export async function loadOwnArchive(deps: ServiceDeps, actor: Actor, emitterId: string, id: string): Promise<PeriodArchiveRow> {
  const row = await deps.archives.find(actor, emitterId, id);
  if (!row) throw DomainError.notFound('un archivo del período', 'archiveId');
  return row;
}

/** A period named by the caller (`AAAA-MM`, not after the current El Salvador month), or the field refusal. */
export function parseArchivePeriod(period: unknown, currentMonth: string): string {
  if (typeof period !== 'string' || !periodBounds(period)) throw DomainError.field('invalid_format', 'period', 'El período tiene el formato AAAA-MM (por ejemplo 2026-03).');
  if (period > currentMonth) throw DomainError.field('invalid_value', 'period', `El período ${period} aún no empieza; el más reciente que se puede archivar es ${currentMonth}.`);
  return period;
}
