/** Documents were committed `signed` for a worker to transmit (an async issuance or retry). */
export interface TransmissionDueEvent {
  /** How many were committed together (a hint; the pump claims whatever is waiting). */
  count: number;
}

/**
 * Wakes the workers' transmission pumps (ADR 0061): PostgreSQL LISTEN/NOTIFY with a real database
 * (an API process's commit reaches every worker), in-process with the embedded one. A notice lost
 * costs at most the pump's poll interval, never a document: the documents are the queue.
 */
export interface TransmissionDueBus {
  publish(e: TransmissionDueEvent): Promise<void>;
  subscribe(listener: (e: TransmissionDueEvent) => void): () => void;
  close(): Promise<void>;
}
