import type { Logger } from '../src/config/logger';
import type { Services } from '../src/services/services';

/** The service that claims and transmits waiting documents, and the notices that wake it. */
type TransmitDueDocuments = Services['transmitDueDocuments'];
type TransmissionDueBus = NonNullable<Services['deps']['transmissionDue']>;

export interface TransmissionPumpOptions {
  /** Transmissions this worker runs at once (JOB_CONCURRENCY). */
  concurrency: number;
  /** Claims again at least this often, whatever the notices say (a lost notice, another worker's lease expired). */
  pollMs: number;
  logger: Logger;
}

/**
 * How a worker transmits async documents (ADR 0061): no job per document. A notice sent after the
 * async commit (TransmissionDueBus) or the poll wakes the pump, which claims as many waiting
 * documents as it has free slots, in one statement, and transmits them; each finished transmission
 * frees a slot and claims again. One claim at a time per process; every worker runs its own pump.
 */
export class TransmissionPump {
  private running = 0;
  private claiming = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly service: TransmitDueDocuments,
    private readonly bus: TransmissionDueBus,
    private readonly opts: TransmissionPumpOptions,
  ) {}

  start(): void {
    this.unsubscribe = this.bus.subscribe(() => this.kick());
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Claims now if a slot is free (or once the claim under way ends). */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    const free = this.opts.concurrency - this.running;
    if (free <= 0) return;
    this.claiming = true;
    this.again = false;
    void this.service
      .execute(free)
      .then(({ claimed, sent }) => {
        this.running += sent.length;
        for (const s of sent) {
          const p = s.finally(() => {
            this.running--;
            this.inFlight.delete(p);
            this.kick();
          });
          this.inFlight.add(p);
        }
        // A full batch: more may be waiting.
        if (claimed === free) this.again = true;
      })
      .catch((err) => this.opts.logger.warn({ err }, 'no se pudieron tomar documentos para transmitir; se reintenta'))
      .finally(() => {
        this.claiming = false;
        if (this.again) this.kick();
      });
  }

  /** Stops claiming; resolves once the transmissions under way have ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    while (this.claiming || this.inFlight.size) await Promise.race([...this.inFlight, new Promise((r) => setTimeout(r, 50))]);
  }
}
