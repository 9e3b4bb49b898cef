import { DomainError } from '../../domain/shared/domain-error';
import type { Page, PageRequest } from '../../domain/shared/pagination';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { CONTINGENCY_EPISODE_STATUSES, UNFINISHED_EPISODE_STATUSES, isContingencyEpisodeStatus, type ContingencyEpisodeStatus } from '../../domain/contingency/contingency-episode-state-machine';

export const EVENT_WINDOW_MS = 24 * 3_600_000;
export const LOTE_WINDOW_MS = 72 * 3_600_000;

export interface ContingencyView {
  id: string;
  emitterId: string;
  environment: string;
  status: string;
  contingencyType: number;
  reason: string | null;
  startedAt: Date;
  endedAt: Date | null;
  documentsHeld: number;
  eventGenerationCode: string | null;
  eventStatus: string | null;
  eventSeal: string | null;
  eventSealedAt: Date | null;
  /** MH: the event within 24 h after the outage ends. */
  eventDeadline: Date | null;
  /** MH: the documents within 72 h of the event's seal. */
  lotesDeadline: Date | null;
  lotes: { code: string; documents: number; status: string; sentAt: string }[];
  lastError: string | null;
  nextCheckAt: Date | null;
}

const d = (v: string | Date | null) => (v === null ? null : new Date(v));

/** Contingency episodes of the caller's account and environment (open and recovering by default), newest first. */
export class ListContingenciesService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, status: string | null, page: PageRequest): Promise<Page<ContingencyView>> {
    let statuses: readonly ContingencyEpisodeStatus[] = UNFINISHED_EPISODE_STATUSES;
    if (status) {
      if (!isContingencyEpisodeStatus(status)) throw DomainError.field('invalid_request', 'status', `El estado es uno de: ${CONTINGENCY_EPISODE_STATUSES.join(', ')}.`);
      statuses = [status];
    }
    const rows = await this.deps.contingencies.list(actor, statuses, page);
    const data = rows.slice(0, page.limit).map((r): ContingencyView => {
      const endedAt = d(r.ended_at);
      const sealedAt = d(r.event_sealed_at);
      return {
        id: r.id,
        emitterId: r.emitter_id,
        environment: r.environment,
        status: r.status,
        contingencyType: r.contingency_type,
        reason: r.reason,
        startedAt: d(r.started_at)!,
        endedAt,
        documentsHeld: r.held,
        eventGenerationCode: r.event_generation_code,
        eventStatus: r.event_status,
        eventSeal: r.event_seal,
        eventSealedAt: sealedAt,
        eventDeadline: endedAt ? new Date(endedAt.getTime() + EVENT_WINDOW_MS) : null,
        lotesDeadline: sealedAt ? new Date(sealedAt.getTime() + LOTE_WINDOW_MS) : null,
        lotes: (r.lotes ?? []).map((l) => ({ code: l.code, documents: l.documentIds.length, status: l.status, sentAt: l.sentAt })),
        lastError: r.last_error,
        nextCheckAt: d(r.next_check_at),
      };
    });
    return { data, hasMore: rows.length > page.limit };
  }
}
