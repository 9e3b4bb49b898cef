import { DomainError } from '../../domain/shared/domain-error';
import { newId } from '../../domain/shared/ids';
import { CertificationItemEntity, CertificationRunEntity } from '../../persistence/entities';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';

export interface CertificationRun {
  id: string;
  accountId: string;
  emitterId: string;
  environment: '00' | '01';
  status: 'running' | 'completed';
  sampleLimit: number | null;
  reportPdf: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface CertificationItem {
  key: string;
  kind: 'document' | 'held' | 'invalidation' | 'contingency' | 'return' | 'special_operation';
  documentType: string | null;
  status: 'pending' | 'processed' | 'rejected';
  resourceId: string | null;
  generationCode: string | null;
  seal: string | null;
  mhResponse: { code?: string | null; message?: string | null; observations?: string[] } | null;
}

export interface DeclaredEpisode {
  status: string;
  eventStatus: string | null;
  eventGenerationCode: string | null;
  eventSeal: string | null;
  lastError: string | null;
}

function toRun(e: CertificationRunEntity): CertificationRun {
  return {
    id: e.id, accountId: e.accountId, emitterId: e.emitterId, environment: e.environment as '00' | '01', status: e.status as CertificationRun['status'],
    sampleLimit: e.sampleLimit, reportPdf: e.reportPdf, createdAt: e.createdAt, completedAt: e.completedAt,
  };
}

/**
 * The stored progress of certification batteries (`certification run`): the run of an emitter and
 * environment, and every item's outcome, written before and after each request so a rerun continues
 * where the last one stopped.
 */
export class CertificationRunsService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The emitter's unfinished run in the environment, or a new one; the last completed run when
   * `fresh` is false and nothing is unfinished (its report is printed again, nothing is issued).
   */
  async execute(input: { emitterId: string; environment: '00' | '01'; sampleLimit: number | null; fresh: boolean }): Promise<{ run: CertificationRun; resumed: boolean }> {
    const em = this.deps.orm.em.fork();
    const [emitter] = await sql<{ id: string; account_id: string }>(em, 'select id, account_id from emitters where id = ?', [input.emitterId]);
    if (!emitter) throw DomainError.notFound('un emisor', 'emitter');
    const last = await em.findOne(CertificationRunEntity, { emitterId: input.emitterId, environment: input.environment }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    if (last && (last.status === 'running' || !input.fresh)) return { run: toRun(last), resumed: true };
    const now = this.deps.clock.now();
    const run = em.create(CertificationRunEntity, {
      id: newId('crt', now.getTime()), accountId: emitter.account_id, emitterId: emitter.id, environment: input.environment, status: 'running',
      sampleLimit: input.sampleLimit, reportPdf: null, createdAt: now, updatedAt: now, completedAt: null,
    });
    await em.flush();
    return { run: toRun(run), resumed: false };
  }

  async items(runId: string): Promise<CertificationItem[]> {
    const rows = await this.deps.orm.em.fork().find(CertificationItemEntity, { runId }, { orderBy: { itemKey: 'asc' } });
    return rows.map((r) => ({
      key: r.itemKey, kind: r.kind as CertificationItem['kind'], documentType: r.documentType, status: r.status as CertificationItem['status'],
      resourceId: r.resourceId, generationCode: r.generationCode, seal: r.seal, mhResponse: r.mhResponse as CertificationItem['mhResponse'],
    }));
  }

  /** Records an item's state (insert or update). */
  async save(runId: string, item: CertificationItem): Promise<void> {
    const now = this.deps.clock.now();
    await sql(
      this.deps.orm.em.fork(),
      `insert into certification_items (run_id, item_key, kind, document_type, status, resource_id, generation_code, seal, mh_response, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (run_id, item_key) do update set status = excluded.status, resource_id = excluded.resource_id, generation_code = excluded.generation_code,
         seal = excluded.seal, mh_response = excluded.mh_response, document_type = excluded.document_type, updated_at = excluded.updated_at`,
      [runId, item.key, item.kind, item.documentType, item.status, item.resourceId, item.generationCode, item.seal, item.mhResponse ? JSON.stringify(item.mhResponse) : null, now],
    );
  }

  /** Marks the run completed (its first completion time is kept) and answers it as stored. */
  async complete(runId: string, reportPdf: string): Promise<CertificationRun> {
    const now = this.deps.clock.now();
    const em = this.deps.orm.em.fork();
    await sql(em, `update certification_runs set status = 'completed', report_pdf = ?, completed_at = coalesce(completed_at, ?), updated_at = ? where id = ?`, [reportPdf, now, now, runId]);
    return toRun(await em.findOneOrFail(CertificationRunEntity, { id: runId }));
  }

  /** The state of a contingency episode the battery declared. */
  async episode(episodeId: string): Promise<DeclaredEpisode | null> {
    const e = await this.deps.contingencies.declared(episodeId);
    return e ? { status: e.status, eventStatus: e.event_status, eventGenerationCode: e.event_generation_code, eventSeal: e.event_seal, lastError: e.last_error } : null;
  }
}
