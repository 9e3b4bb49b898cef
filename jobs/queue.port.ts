/**
 * The job queue as the services see it. Payloads carry ids, never documents.
 * The Agenda driver (jobs/agenda-queue.ts) implements it; every job is safe to run twice.
 */
export interface QueuePort {
  /** Runs `name` as soon as a worker is free. */
  enqueue(name: string, data: Record<string, string | number | boolean | null>, opts?: { runAt?: Date; uniqueKey?: string }): Promise<void>;
}

/** For processes that never enqueue (CLI commands). Enqueuing there is a programming error. */
export const noQueue: QueuePort = {
  enqueue: async (name) => {
    throw new Error(`este proceso no tiene cola de trabajos (se intentó encolar ${name})`);
  },
};
