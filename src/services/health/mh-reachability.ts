import type { Clock } from '../shared/clock';

export type MhReachabilityState = 'reachable' | 'unreachable' | 'unknown';

/** What this process last learnt of MH per environment, from its own calls (readiness, metrics). */
export interface MhEnvironmentReachability {
  state: MhReachabilityState;
  /** Spanish reason of the last failure while unreachable; null otherwise. */
  reason: string | null;
  lastCallAt: Date | null;
}

/**
 * MH as this process sees it: reachable after any HTTP answer below 500, unreachable after a
 * timeout, a network failure or a 5xx, unknown before the first call. Fed by the MH client.
 */
export class MhReachability {
  private readonly byEnvironment = new Map<string, MhEnvironmentReachability>();

  constructor(private readonly clock: Clock) {}

  record(call: { environment: string; outcome: string; status: number | null }): void {
    const reachable = call.outcome === 'response' && call.status !== null && call.status < 500;
    const reason = reachable
      ? null
      : call.outcome === 'timeout'
        ? 'el MH no respondió a tiempo'
        : call.outcome === 'response'
          ? `el MH respondió ${call.status}`
          : 'no se pudo conectar con el MH';
    this.byEnvironment.set(call.environment, { state: reachable ? 'reachable' : 'unreachable', reason, lastCallAt: this.clock.now() });
  }

  of(environment: string): MhEnvironmentReachability {
    return this.byEnvironment.get(environment) ?? { state: 'unknown', reason: null, lastCallAt: null };
  }
}
