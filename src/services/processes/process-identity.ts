import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { pidAlive } from '../../persistence/pid-alive';

/** Random per OS process: tells this process apart from an earlier one that had the same pid. */
const PROCESS_TOKEN = randomBytes(12).toString('hex');

function readPidNamespace(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const ns = readlinkSync('/proc/self/ns/pid');
    return boot && ns ? `${boot}/${ns}` : null;
  } catch {
    return null; // not Linux: leases expire by time only
  }
}

/** Who this process is, as written in its lease row. */
export interface ProcessIdentity {
  host: string;
  pid: number;
  /** Machine boot + PID namespace: pids are comparable only inside the same one. */
  pidNamespace: string | null;
  processToken: string;
}

let identity: ProcessIdentity | null = null;

export function thisProcess(): ProcessIdentity {
  identity ??= { host: hostname(), pid: process.pid, pidNamespace: readPidNamespace(), processToken: PROCESS_TOKEN };
  return identity;
}

/** A lease row as read back (null when the row is gone). */
export interface LeaseState {
  pid: number;
  pid_namespace: string | null;
  process_token: string;
  expired: boolean;
}

/**
 * Whether the process holding a lease is known dead: its row is gone or expired, or it ran in this
 * machine's PID namespace and its pid is no longer alive (or is now this very process, started
 * later). A pid taken over by an unrelated process reads as alive: the lease then ends by time.
 */
export function leaseHolderDead(lease: LeaseState | null, me: ProcessIdentity = thisProcess()): boolean {
  if (!lease || lease.expired) return true;
  if (!me.pidNamespace || lease.pid_namespace !== me.pidNamespace) return false;
  if (lease.pid === me.pid) return lease.process_token !== me.processToken;
  return !pidAlive(lease.pid);
}
