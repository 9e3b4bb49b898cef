import type { MikroORM } from '@mikro-orm/core';
import { PERIOD_ARCHIVE_BIRTH, PERIOD_ARCHIVE_MOVES, type PeriodArchiveMoveName, type PeriodArchiveStatus } from '../../domain/archive/period-archive-state-machine';
import type { PeriodArchiveEntity } from '../entities/period-archive.entity';
import type { RowOf } from '../documents/document-row';
import { sql, type SqlExecutor } from '../sql';

export type PeriodArchiveRow = RowOf<PeriodArchiveEntity>;

const COLUMNS = 'id, account_id, environment, emitter_id, period, status, documents_total, documents_done, size, sha256, error, created_at, updated_at, started_at, completed_at, lease_until, lease_token';

export interface ArchiveScope {
  accountId: string;
  environment: string;
  /** A key limited to some emitters sees only theirs. */
  onlyEmitterIds?: readonly string[] | null;
}

/** Bytes per stored piece of a ZIP. */
export const ARCHIVE_CHUNK_BYTES = 1024 * 1024;

/**
 * The store of `period_archives` and `period_archive_chunks`: the only code that writes them, and
 * their reads. Status changes are moves of PERIOD_ARCHIVE_MOVES, applied in the statement that changes
 * the row and, for a run, only while the run still holds the lease it was given (ADR 0072, ADR 0083).
 */
export class PeriodArchiveStore {
  constructor(private readonly orm: MikroORM) {}

  private em(em?: SqlExecutor): SqlExecutor {
    return em ?? this.orm.em.fork();
  }

  async insert(r: { id: string; accountId: string; environment: string; emitterId: string; period: string; at: Date }, tx?: SqlExecutor): Promise<PeriodArchiveRow> {
    const [row] = await sql<PeriodArchiveRow>(
      this.em(tx),
      `insert into period_archives (id, account_id, environment, emitter_id, period, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning ${COLUMNS}`,
      [r.id, r.accountId, r.environment, r.emitterId, r.period, PERIOD_ARCHIVE_BIRTH, r.at, r.at],
    );
    return row!;
  }

  /** An archive of the scope (and of that emitter), or null. */
  async find(scope: ArchiveScope, emitterId: string, id: string): Promise<PeriodArchiveRow | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    if (scope.onlyEmitterIds && !scope.onlyEmitterIds.includes(emitterId)) return null;
    const [row] = await sql<PeriodArchiveRow>(
      this.em(),
      `select ${COLUMNS} from period_archives where id = ? and account_id = ? and environment = ? and emitter_id = ?`,
      [id, scope.accountId, scope.environment, emitterId],
    );
    return row ?? null;
  }

  async byId(id: string): Promise<PeriodArchiveRow | null> {
    const [row] = await sql<PeriodArchiveRow>(this.em(), `select ${COLUMNS} from period_archives where id = ?`, [id]);
    return row ?? null;
  }

  /** The emitter's archives, newest first, `limit` of them after the cursor. */
  async page(scope: ArchiveScope, emitterId: string, page: { limit: number; startingAfter?: string | null }): Promise<PeriodArchiveRow[]> {
    return sql<PeriodArchiveRow>(
      this.em(),
      `select ${COLUMNS} from period_archives where account_id = ? and environment = ? and emitter_id = ? and (?::text is null or id < ?) order by id desc limit ?`,
      [scope.accountId, scope.environment, emitterId, page.startingAfter ?? null, page.startingAfter ?? null, page.limit],
    );
  }

  /**
   * A run takes the archive (move `start`): a queued one, or a running one whose lease lapsed (its
   * worker died). The pieces of an earlier run are dropped in the same transaction. Null when it is
   * ready, failed, or held by a live run.
   */
  async claim(id: string, token: string, leaseUntil: Date, at: Date): Promise<PeriodArchiveRow | null> {
    return this.orm.em.fork().transactional(async (tx) => {
      const move = PERIOD_ARCHIVE_MOVES.start;
      const [row] = await sql<PeriodArchiveRow>(
        tx,
        `update period_archives set status = ?, lease_token = ?, lease_until = ?, started_at = coalesce(started_at, ?), documents_done = 0, updated_at = ?
          where id = ? and status = any(?::text[]) and (status = 'queued' or lease_until is null or lease_until < ?) returning ${COLUMNS}`,
        [move.to, token, leaseUntil, at, at, id, [...move.from], at],
      );
      if (row) await sql(tx, 'delete from period_archive_chunks where archive_id = ?', [id]);
      return row ?? null;
    });
  }

  /** Progress of the run holding the lease, which it renews; false when the lease was lost (stop writing). */
  async progress(id: string, token: string, p: { done: number; total: number }, leaseUntil: Date, at: Date): Promise<boolean> {
    const rows = await sql(
      this.em(),
      `update period_archives set documents_done = ?, documents_total = ?, lease_until = ?, updated_at = ? where id = ? and lease_token = ? and status = 'running' returning id`,
      [p.done, p.total, leaseUntil, at, id, token],
    );
    return rows.length > 0;
  }

  /** Stores piece `n` of the run's ZIP; false when the run no longer holds the archive. */
  async appendChunk(id: string, token: string, n: number, content: Buffer): Promise<boolean> {
    const rows = await sql(
      this.em(),
      `insert into period_archive_chunks (archive_id, n, content)
        select ?, ?, ? where exists (select 1 from period_archives where id = ? and lease_token = ? and status = 'running') returning n`,
      [id, n, content, id, token],
    );
    return rows.length > 0;
  }

  /** Moves `finish` / `fail` of the run holding the lease; the row as left, or null (not this run's any more). */
  async end(
    name: Extract<PeriodArchiveMoveName, 'finish' | 'fail'>,
    id: string,
    token: string,
    set: { size?: string; sha256?: string; error?: string; documentsDone?: number },
    at: Date,
    tx?: SqlExecutor,
  ): Promise<PeriodArchiveRow | null> {
    const move = PERIOD_ARCHIVE_MOVES[name];
    const [row] = await sql<PeriodArchiveRow>(
      this.em(tx),
      `update period_archives set status = ?, size = coalesce(?, size), sha256 = coalesce(?, sha256), error = ?, documents_done = coalesce(?, documents_done),
          completed_at = ?, lease_until = null, updated_at = ?
        where id = ? and lease_token = ? and status = any(?::text[]) returning ${COLUMNS}`,
      [move.to, set.size ?? null, set.sha256 ?? null, set.error ?? null, set.documentsDone ?? null, at, at, id, token, [...move.from]],
    );
    return row ?? null;
  }

  /** How many pieces the ready file has. */
  async chunkCount(id: string): Promise<number> {
    const [row] = await sql<{ n: number | string }>(this.em(), 'select count(*) as n from period_archive_chunks where archive_id = ?', [id]);
    return Number(row?.n ?? 0);
  }

  /** Piece `n` of the file, or null. */
  async chunk(id: string, n: number): Promise<Buffer | null> {
    const [row] = await sql<{ content: Buffer }>(this.em(), 'select content from period_archive_chunks where archive_id = ? and n = ?', [id, n]);
    return row ? Buffer.from(row.content) : null;
  }

  /** Archives still queued or running since before `before` (a sweep hands them to a worker again). */
  async stale(before: Date, limit: number): Promise<string[]> {
    const statuses: PeriodArchiveStatus[] = ['queued', 'running'];
    const rows = await sql<{ id: string }>(
      this.em(),
      `select id from period_archives where status = any(?::text[]) and updated_at < ? and (lease_until is null or lease_until < ?) order by created_at limit ?`,
      [statuses, before, before, limit],
    );
    return rows.map((r) => r.id);
  }
}
