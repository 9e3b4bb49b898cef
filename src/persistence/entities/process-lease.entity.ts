import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One running service process (API or worker). It renews `expires_at` while it lives and removes the
 * row when it stops; work it owned (idempotency records) is resolved at once when the lease expired,
 * the row is gone, or the process is seen dead on the same machine.
 */
@Entity({ tableName: 'process_leases' })
export class ProcessLeaseEntity {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  host!: string;

  @Property({ type: 'integer' })
  pid!: number;

  /**
   * The machine boot and PID namespace the pid belongs to (Linux), or null: only a process in the same
   * namespace may judge the pid dead by looking it up.
   */
  @Property({ type: 'text', nullable: true })
  pidNamespace: string | null = null;

  /** Random per OS process: a lease with this pid but another token belongs to an earlier process. */
  @Property({ type: 'text' })
  processToken!: string;

  @Property({ type: 'text' })
  role!: string;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  @Property({ type: 'timestamptz' })
  heartbeatAt!: Date;

  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;
}
