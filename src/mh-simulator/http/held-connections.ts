/** Requests held open by the `timeout` fault (and latency timers), released when faults are cleared or the simulator closes. */
import type { Response } from 'express';

export class HeldConnections {
  private readonly held = new Set<Response>();
  private readonly timers = new Set<NodeJS.Timeout>();

  hold(res: Response): void {
    this.held.add(res);
    res.on('close', () => this.held.delete(res));
  }

  delay(ms: number, then: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      then();
    }, ms);
    this.timers.add(t);
  }

  get size(): number {
    return this.held.size;
  }

  /** Drops every held connection (the client sees a reset). */
  releaseAll(): void {
    for (const res of this.held) res.socket?.destroy();
    this.held.clear();
  }

  close(): void {
    this.releaseAll();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
