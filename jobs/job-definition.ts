import type { Services } from '../src/services/services';

/** A job is a name, an id in its data and a service call; concurrency and lock beside it. */
export interface JobDefinition {
  name: string;
  /** Runs the service. Must be safe to run twice. `touch` extends the lock during long work. */
  run: (data: Record<string, unknown>, ctx: { touch: () => Promise<void> }) => Promise<void>;
  concurrency?: number;
  lockLifetimeMs?: number;
  /** Recurring jobs: Agenda interval such as '1 hour'. */
  every?: string;
  /** One-off jobs whose row is removed once they succeed (jobs enqueued in large numbers). */
  removeOnComplete?: boolean;
}

export type JobFactory = (services: Services) => JobDefinition;
