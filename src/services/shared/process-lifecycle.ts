/**
 * This process's stop, as the use cases see it (ADR 0039). On SIGTERM the service first calls
 * `beginStop()`: every request waiting for MH (`waitUpToSyncWait`) answers at once with what it has
 * (202, in process) instead of holding the stop; the MH calls themselves are tracked and the stop
 * lets them finish, up to its bound, so their seals are stored by this process rather than learnt
 * later by the reconciler.
 */
export class ProcessLifecycle {
  private release!: () => void;
  readonly stopping: Promise<void> = new Promise<void>((resolve) => (this.release = resolve));
  private stopped = false;
  private readonly work = new Set<Promise<unknown>>();

  get isStopping(): boolean {
    return this.stopped;
  }

  beginStop(): void {
    this.stopped = true;
    this.release();
  }

  /** Work the stop waits for (up to its bound); its own outcome is untouched. */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.work.add(settled);
    void settled.then(() => this.work.delete(settled));
    return work;
  }

  /** Resolves when every tracked piece of work has ended, or at the deadline (epoch ms). */
  async settle(deadline: number): Promise<void> {
    while (this.work.size && Date.now() < deadline) {
      await Promise.race([Promise.all([...this.work]), new Promise((r) => setTimeout(r, Math.max(1, Math.min(250, deadline - Date.now()))))]);
    }
  }
}
