import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { PeriodArchiveStatus } from '../../domain/archive/period-archive-state-machine';

/**
 * A period archive (ADR 0072): one ZIP with everything of one emitter's month in one environment,
 * built by the `generate-period-archive` job. Written only by the archive store
 * (`src/persistence/archives/period-archive-store.ts`); its file is in `period_archive_chunks`.
 */
@Entity({ tableName: 'period_archives' })
@Index({ name: 'period_archives_emitter_idx', properties: ['emitterId', 'environment', 'id'] })
// Partial (raw SQL): the archives a worker may still take.
@Index({ name: 'period_archives_pending_idx', expression: `create index "period_archives_pending_idx" on "period_archives" ("status", "created_at") where "status" in ('queued', 'running')` })
export class PeriodArchiveEntity {
  [OptionalProps]?: 'documentsTotal' | 'documentsDone' | 'size' | 'sha256' | 'error' | 'startedAt' | 'completedAt' | 'leaseUntil' | 'leaseToken';

  /** `arc_…` */
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  accountId!: string;

  @Property({ type: 'text' })
  environment!: string;

  @Property({ type: 'text' })
  emitterId!: string;

  /** `AAAA-MM` */
  @Property({ type: 'text' })
  period!: string;

  @Property({ type: 'text' })
  status!: PeriodArchiveStatus;

  /** Documents of the month (counted when a run starts). */
  @Property({ type: 'integer', default: 0 })
  documentsTotal: number = 0;

  @Property({ type: 'integer', default: 0 })
  documentsDone: number = 0;

  /** Bytes of the ZIP once ready. */
  @Property({ type: 'bigint', nullable: true })
  size: string | null = null;

  /** SHA-256 (hex) of the ZIP once ready. */
  @Property({ type: 'text', nullable: true })
  sha256: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  startedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  /** A run holds the archive until `leaseUntil` (renewed per page); `leaseToken` names the run. */
  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  leaseToken: string | null = null;
}

/** One piece (up to 1 MiB) of an archive's ZIP, in order: any API process streams the file from here. */
@Entity({ tableName: 'period_archive_chunks' })
export class PeriodArchiveChunkEntity {
  @PrimaryKey({ type: 'text' })
  archiveId!: string;

  @PrimaryKey({ type: 'integer' })
  n!: number;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;
}
