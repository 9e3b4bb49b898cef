import type { JobPayload, JobWithPayload } from '../../../jobs/job-registry';

/**
 * The job queue as the services see it: a job of the registry (jobs/job-registry.ts) with its typed
 * payload, ids only. A job the registry marks unique is queued at most once per payload. The Agenda
 * driver (jobs/agenda-queue.ts) implements it; every job is safe to run twice.
 */
export interface QueuePort {
  /** Runs `name` as soon as a worker is free (or at `runAt`). */
  enqueue<N extends JobWithPayload>(name: N, payload: JobPayload<N>, opts?: { runAt?: Date }): Promise<void>;
}

/** For processes that never enqueue (CLI commands). Enqueuing there is a programming error. */
export const noQueue: QueuePort = {
  enqueue: async (name) => {
    throw new Error(`este proceso no tiene cola de trabajos (se intentó encolar ${name})`);
  },
};
