/**
 * The idempotency records whose request this process is running right now. A record this process
 * owns but no longer runs (its run failed to store or release it, say while the database was down)
 * is an orphan: the next request of its key takes it over at once, as it would from a dead process,
 * instead of answering 409 in progress until the record goes stale (ADR 0020, "orphans of a live
 * process"). An id is added before the record is written or taken over, so a request of the same key
 * in this process never mistakes a run that is starting for an orphan.
 *
 * Other processes cannot see this set: the records it lists have their `locked_at` renewed at every
 * lease renewal (RenewRunningRequestsService), so a record whose claim is older than one
 * PROCESS_LEASE_TTL_MS is running nowhere and any process takes it over.
 */
export class RunningRequests {
  private readonly ids = new Set<string>();

  add(recordId: string): void {
    this.ids.add(recordId);
  }

  delete(recordId: string): void {
    this.ids.delete(recordId);
  }

  has(recordId: string): boolean {
    return this.ids.has(recordId);
  }

  get size(): number {
    return this.ids.size;
  }

  /** The ids running now (for the renewal of their claims). */
  list(): string[] {
    return [...this.ids];
  }
}
