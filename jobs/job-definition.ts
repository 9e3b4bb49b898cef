import type { Services } from '../src/services/services';
import type { JobName, JobPayload } from './job-registry';

/** A job is a name of the registry, its payload of ids and a service call; concurrency and lock beside it. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  /** Runs the service with the parsed payload. Must be safe to run twice. `touch` extends the lock during long work. */
  run: (payload: JobPayload<N>, ctx: { touch: () => Promise<void> }) => Promise<void>;
  concurrency?: number;
  lockLifetimeMs?: number;
  /** Recurring jobs: Agenda interval such as '1 hour'. */
  every?: string;
  /** One-off jobs whose row is removed once they succeed (jobs enqueued in large numbers). */
  removeOnComplete?: boolean;
}

/** Any job of the registry (a list of definitions holds several names). */
export type AnyJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** Builds a job's definition from the services (one file per job). */
export type JobFactory<N extends JobName> = (services: Services) => JobDefinition<N>;

export type AnyJobFactory = { [N in JobName]: JobFactory<N> }[JobName];
