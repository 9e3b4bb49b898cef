import type { EntityName } from '@mikro-orm/core';
import type { ServiceDeps } from './service-deps';

/** A row sent by a job: pending until `nextAttemptAt`, leased while one worker sends it. */
interface LeasedRow {
  id: string;
  status: string;
  nextAttemptAt: Date | null;
  leaseUntil: Date | null;
}

/**
 * The rows a delivery worker may take now: pending, due by `dueBy`, and not held by a live lease
 * (none, or one that expired before `now`). The one condition of the claim, the drain and the sweep.
 */
export function freeAndDue(now: Date, dueBy: Date = now): Record<string, unknown> {
  return { status: 'pending', nextAttemptAt: { $lte: dueBy }, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] };
}

/**
 * Sends due rows one after another (oldest first, each taken through `send`, which leases it) until
 * none is due or the budget is spent, so a burst larger than the worker's job slots does not wait
 * for the queue's next scan. Returns how many were sent (rows another worker held are not counted).
 */
export async function drainDue<T extends LeasedRow>(
  deps: ServiceDeps,
  entity: EntityName<T>,
  send: (id: string) => Promise<string>,
  budget: { maxRows: number; maxMs: number },
): Promise<number> {
  const started = Date.now();
  let sent = 0;
  const seen = new Set<string>();
  while (sent < budget.maxRows && Date.now() - started < budget.maxMs) {
    const now = deps.clock.now();
    const where = { ...freeAndDue(now), id: { $nin: [...seen] } };
    const next = await deps.orm.em.fork().findOne(entity, where as never, { fields: ['id'] as never, orderBy: { nextAttemptAt: 'asc' } as never });
    if (!next) break;
    seen.add(next.id);
    if ((await send(next.id)) !== 'skipped') sent++;
  }
  return sent;
}
