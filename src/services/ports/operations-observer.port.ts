/**
 * Events an operator counts (Prometheus counters, `src/http/operations-metrics.ts`): what happened
 * in this process, as opposed to the state read from the database at scrape time.
 */
export interface OperationsObserver {
  /** One webhook delivery attempt's outcome. */
  webhookDelivery(outcome: 'delivered' | 'retry_scheduled' | 'failed'): void;
}

/** Nothing counted (the CLI, tests that do not read metrics). */
export const NO_OBSERVER: OperationsObserver = { webhookDelivery: () => undefined };
