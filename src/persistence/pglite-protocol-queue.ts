/**
 * PGlite has one session, and pglite-socket multiplexes every client connection onto it one
 * protocol message at a time. Outside a transaction it interleaves clients freely, so client A's
 * unnamed Parse can be replaced by client B's before A's Bind ("unnamed prepared statement does not
 * exist"). This keeps an extended-query sequence together: after a Parse/Bind/Describe/Execute, the
 * queue serves the same client until its Sync (or a simple Query), as it already does inside a
 * transaction.
 */

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(err: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueueManager {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: { isInTransaction(): boolean; runExclusive<T>(fn: () => Promise<T>): Promise<T>; execProtocolRawStream(m: Uint8Array, o: { onRawData(d: Uint8Array): void }): Promise<unknown> };
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'

/** True when the message ends what its client was doing (the queue may switch to another client). */
export function endsSequence(message: Uint8Array): boolean {
  const type = message[0];
  // Startup, SSL and cancel packets start with a length (first byte 0); password/SASL replies ('p') stand alone.
  return type === SYNC || type === QUERY || type === TERMINATE || type === 0x00 || type === 0x70;
}

/** Index of the next message to serve, or -1 to wait for the client that is mid-sequence. */
export function nextIndex(queue: readonly { handlerId: number }[], sticky: number | null): number {
  if (queue.length === 0) return -1;
  if (sticky === null) return 0;
  return queue.findIndex((q) => q.handlerId === sticky);
}

/** Replaces the socket server's queue scheduling with one that keeps protocol sequences together. */
export function keepProtocolSequencesTogether(server: unknown): void {
  const q = (server as { queryQueue?: QueueManager }).queryQueue;
  if (!q || typeof q.processQueue !== 'function' || !Array.isArray(q.queue)) {
    throw new Error('BUG: pglite-socket cambió su cola interna; revise src/persistence/pglite-protocol-queue.ts');
  }
  let midSequence = false;
  q.processQueue = async function processQueue(this: QueueManager): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      for (;;) {
        const sticky = this.lastHandlerId !== null && (midSequence || this.db.isInTransaction()) ? this.lastHandlerId : null;
        const i = nextIndex(this.queue, sticky);
        if (i === -1) break;
        const item = this.queue.splice(i, 1)[0];
        let bytes = 0;
        try {
          await this.db.runExclusive(() => this.db.execProtocolRawStream(item.message, { onRawData: (d) => { bytes += d.length; item.onData(d); } }));
        } catch (err) {
          midSequence = false;
          item.reject(err);
          continue;
        }
        midSequence = !endsSequence(item.message);
        this.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = function clearQueueForHandler(this: QueueManager, handlerId: number): void {
    clear(handlerId);
    // A client gone mid-sequence must not hold the queue.
    if (this.lastHandlerId === handlerId && midSequence) {
      midSequence = false;
      void this.processQueue();
    }
  };
}
