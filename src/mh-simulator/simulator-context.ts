/** What every handler of the simulator shares. */
import type { Logger } from 'pino';
import type { FaultQueue } from './faults/fault-queue';
import type { TokenRegistry } from './auth/token-registry';
import type { SimulatorClock } from './mh-simulator.types';
import type { BusinessCalendar } from '../domain/mh-rules/business-calendar';
import type { InvalidationRegime } from '../domain/mh-rules/invalidation-deadline';
import type { Journal } from './store/journal.store';
import type { JournalEntry } from './store/journal-entry.types';
import type { SimulatorState } from './store/simulator-state';

export interface SimulatorSettings {
  allowProduction: boolean;
  invalidationRegime: InvalidationRegime;
  calendar: BusinessCalendar;
  loteProcessingMs: number;
  contingencySingleReception: boolean;
  /** Months after the related document's seal within which a return event is accepted (default 3). */
  returnWindowMonths: number;
}

export interface SimulatorCounters {
  authOk: number;
  authFailed: number;
}

export interface SimulatorContext {
  state: SimulatorState;
  clock: SimulatorClock;
  logger: Logger;
  tokens: TokenRegistry;
  faults: FaultQueue;
  settings: SimulatorSettings;
  counters: SimulatorCounters;
  /** Applies entries to the state (synchronously) and resolves once they are durable. */
  commit(entries: JournalEntry[]): Promise<void>;
}

export function createCommit(state: SimulatorState, journal: Journal): (entries: JournalEntry[]) => Promise<void> {
  return (entries) => {
    for (const e of entries) state.apply(e);
    return journal.append(entries);
  };
}
