import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '../../config/logger';
import { newId } from '../../domain/shared/ids';
import { sql } from '../shared/sql';
import { thisProcess } from './process-identity';

export const PROCESS_LEASE_PREFIX = 'prc';

/** This process's lease as the services see it: its id owns the work this process runs. */
export interface ProcessLease {
  readonly id: string;
}

/** A lease that is never written (CLI commands): work it would own reads as abandoned. */
export function unregisteredLease(): ProcessLease {
  return { id: newId(PROCESS_LEASE_PREFIX) };
}

/**
 * Keeps this process's row in `process_leases`: written at start, renewed every third of
 * PROCESS_LEASE_TTL_MS (database time, so machines' clocks may differ), removed at a clean stop.
 * Every renewal also sweeps the rows of processes whose lease expired a whole TTL ago (killed with
 * kill -9, or whose machine went away): an expired row and a missing one mean the same to everyone
 * who reads them (the holder is dead), so nothing of theirs is lost, and the table holds only the
 * processes that run (plus the recently dead).
 */
export class ProcessLeaseKeeper implements ProcessLease {
  readonly id = newId(PROCESS_LEASE_PREFIX);
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private readonly onBeat: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly em: () => EntityManager,
    private readonly opts: { ttlMs: number; role: string; logger: Logger },
  ) {}

  async start(): Promise<void> {
    const me = thisProcess();
    const em = this.em();
    await this.sweep(em);
    await sql(
      em,
      `insert into process_leases (id, host, pid, pid_namespace, process_token, role, started_at, heartbeat_at, expires_at)
       values (?, ?, ?, ?, ?, ?, now(), now(), now() + make_interval(secs => ?))`,
      [this.id, me.host, me.pid, me.pidNamespace, me.processToken, this.opts.role, this.opts.ttlMs / 1000],
    );
    this.timer = setInterval(() => void this.heartbeat(), Math.max(1000, Math.floor(this.opts.ttlMs / 3)));
    this.timer.unref();
  }

  /** Renews the lease (re-creating the row if it was swept); a failure is logged and retried next beat. */
  heartbeat(): Promise<void> {
    this.beating ??= (async () => {
      const me = thisProcess();
      try {
        await sql(
          this.em(),
          `insert into process_leases (id, host, pid, pid_namespace, process_token, role, started_at, heartbeat_at, expires_at)
           values (?, ?, ?, ?, ?, ?, now(), now(), now() + make_interval(secs => ?))
           on conflict (id) do update set heartbeat_at = now(), expires_at = excluded.expires_at`,
          [this.id, me.host, me.pid, me.pidNamespace, me.processToken, this.opts.role, this.opts.ttlMs / 1000],
        );
        await this.sweep(this.em());
        for (const f of this.onBeat) await f();
      } catch (err) {
        this.opts.logger.warn({ err }, 'no se pudo renovar la concesión del proceso');
      } finally {
        this.beating = null;
      }
    })();
    return this.beating;
  }

  /** Work renewed with the lease (the claims of the requests this process runs). */
  alsoOnEachBeat(f: () => Promise<unknown>): void {
    this.onBeat.push(f);
  }

  /** Removes the leases that expired more than one TTL ago (never this process's own). */
  private async sweep(em: EntityManager): Promise<void> {
    await sql(em, `delete from process_leases where expires_at < now() - make_interval(secs => ?) and id <> ?`, [this.opts.ttlMs / 1000, this.id]);
  }

  /** Clean stop: the lease row goes, so whatever this process still owned is resolved at once. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await sql(this.em(), 'delete from process_leases where id = ?', [this.id]).catch((err) =>
      this.opts.logger.warn({ err }, 'no se pudo retirar la concesión del proceso'),
    );
  }
}
