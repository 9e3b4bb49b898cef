/**
 * Faults queued through `PUT /__control/faults`. A request takes the first queued fault whose paths
 * match it; a fault with `count` is used up after that many requests, one with `duration_ms` expires
 * that long after it was queued (real time, not the simulator clock), one with neither stays until
 * `DELETE /__control/faults`.
 */
import { z } from 'zod';
import { trimTrailing } from '../../domain/shared/linear-text';

export const MH_PATHS = [
  '/seguridad/auth',
  '/fesv/recepciondte',
  '/fesv/recepcion/consultadte',
  '/fesv/recepcionlote',
  '/fesv/recepcion/consultadtelote',
  '/fesv/contingencia',
  '/fesv/anulardte',
] as const;

export const faultSpecSchema = z.strictObject({
  mode: z.enum(['latency', 'timeout', 'error', 'reset', 'reject', 'down']),
  ms: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(100).max(599).optional(),
  code: z.string().min(1).max(10).optional(),
  message: z.string().min(1).max(500).optional(),
  observations: z.array(z.string().max(500)).max(100).optional(),
  count: z.number().int().min(1).optional(),
  duration_ms: z.number().int().min(1).optional(),
  paths: z.array(z.string().startsWith('/')).min(1).optional(),
  /** Extension: process the request first, then lose the answer (timeout, error, reset). */
  process: z.boolean().optional(),
});

export type FaultSpec = z.infer<typeof faultSpecSchema>;

export interface QueuedFault {
  id: number;
  spec: FaultSpec;
  remaining: number | null;
  expiresAt: number | null;
}

export function normalisePath(path: string): string {
  return path.length > 1 ? trimTrailing(path, '/') : path;
}

function matches(paths: readonly string[], path: string): boolean {
  const p = normalisePath(path);
  return paths.some((f) => {
    const n = normalisePath(f);
    return p === n || p.startsWith(`${n}/`);
  });
}

export class FaultQueue {
  private faults: QueuedFault[] = [];
  private nextId = 1;

  constructor(private readonly nowMs: () => number = Date.now) {}

  add(spec: FaultSpec): QueuedFault {
    const fault: QueuedFault = {
      id: this.nextId++,
      spec,
      remaining: spec.count ?? null,
      expiresAt: spec.duration_ms === undefined ? null : this.nowMs() + spec.duration_ms,
    };
    this.faults.push(fault);
    return fault;
  }

  /** The fault that applies to a request on `path` (consuming one use), or null. */
  take(path: string): FaultSpec | null {
    this.prune();
    const fault = this.faults.find((f) => matches(f.spec.paths ?? MH_PATHS, path));
    if (!fault) return null;
    if (fault.remaining !== null) {
      fault.remaining--;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return fault.spec;
  }

  list(): QueuedFault[] {
    this.prune();
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  private prune(): void {
    const now = this.nowMs();
    this.faults = this.faults.filter((f) => f.expiresAt === null || f.expiresAt > now);
  }
}
