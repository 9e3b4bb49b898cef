/** A document changed status (published after the change is committed). */
export interface DocumentStatusEvent {
  documentId: string;
  accountId: string;
  environment: string;
  emitterId: string;
  status: string;
}

/**
 * Cross-process notification of document status changes, for GraphQL subscriptions: PostgreSQL
 * LISTEN/NOTIFY with a real database (a worker process's change reaches the API process), in-process
 * with the embedded one.
 */
export interface DocumentStatusBus {
  publish(e: DocumentStatusEvent): Promise<void>;
  /**
   * Set when the bus is PostgreSQL's NOTIFY on this channel: a status change may then notify from
   * its own statement (`pg_notify`, delivered at commit) instead of calling `publish` afterwards.
   */
  readonly notifyChannel?: string;
  subscribe(listener: (e: DocumentStatusEvent) => void): () => void;
  close(): Promise<void>;
}
