/**
 * The state machines of contingency episodes, invalidations and DTE events (ADR 0083): every
 * (from, to) pair of each list of statuses against a table written out by hand — the machine must
 * allow exactly these, each by the move named.
 */
import {
  CONTINGENCY_EPISODE_BIRTH,
  CONTINGENCY_EPISODE_MOVES,
  CONTINGENCY_EPISODE_STATUSES,
  RECOVERING_EPISODE_STATUSES,
  UNFINISHED_EPISODE_STATUSES,
} from '../../../src/domain/contingency/contingency-episode-state-machine';
import { PERIOD_ARCHIVE_BIRTH, PERIOD_ARCHIVE_MOVES, PERIOD_ARCHIVE_STATUSES } from '../../../src/domain/archive/period-archive-state-machine';
import { DTE_EVENT_BIRTH, DTE_EVENT_MOVES, DTE_EVENT_STATUSES, STANDING_DTE_EVENT_STATUSES } from '../../../src/domain/events/dte-event-state-machine';
import { INVALIDATION_BIRTH, INVALIDATION_MOVES, INVALIDATION_STATUSES } from '../../../src/domain/invalidations/invalidation-state-machine';
import { movesFromTo, narrowedFrom, type MoveTable } from '../../../src/domain/shared/state-machine';

interface Machine {
  statuses: readonly string[];
  moves: MoveTable<string>;
  birth: string;
  /** [from, to, the move that does it] — every allowed change. */
  allowed: readonly [string, string, string][];
}

const MACHINES: Record<string, Machine> = {
  'contingency episode': {
    statuses: CONTINGENCY_EPISODE_STATUSES,
    moves: CONTINGENCY_EPISODE_MOVES,
    birth: CONTINGENCY_EPISODE_BIRTH,
    allowed: [
      ['open', 'recovering', 'end'],
      ['open', 'completed', 'complete'],
      ['recovering', 'completed', 'complete'],
      ['recovering', 'failed', 'fail'],
      ['failed', 'recovering', 'retry'],
    ],
  },
  invalidation: {
    statuses: INVALIDATION_STATUSES,
    moves: INVALIDATION_MOVES,
    birth: INVALIDATION_BIRTH,
    allowed: [
      ['pending', 'sealed', 'seal'],
      ['pending', 'rejected', 'reject'],
    ],
  },
  'DTE event': {
    statuses: DTE_EVENT_STATUSES,
    moves: DTE_EVENT_MOVES,
    birth: DTE_EVENT_BIRTH,
    allowed: [
      ['pending', 'sealed', 'seal'],
      ['pending', 'rejected', 'reject'],
      ['sealed', 'voided', 'void'],
    ],
  },
  'period archive': {
    statuses: PERIOD_ARCHIVE_STATUSES,
    moves: PERIOD_ARCHIVE_MOVES,
    birth: PERIOD_ARCHIVE_BIRTH,
    allowed: [
      ['queued', 'running', 'start'],
      // A run whose worker died is taken over (its lease lapsed).
      ['running', 'running', 'start'],
      ['running', 'ready', 'finish'],
      ['running', 'failed', 'fail'],
    ],
  },
};

const rows = Object.entries(MACHINES).flatMap(([machine, m]) =>
  m.statuses.flatMap((from) =>
    m.statuses.map((to) => {
      const by = m.allowed.find(([f, t]) => f === from && t === to)?.[2] ?? null;
      return [`${machine}: ${from} → ${to}`, m, from, to, by] as const;
    }),
  ),
);

describe('status machines: every (from, to) pair', () => {
  test.each(rows)('%s', (_label, m, from, to, by) => {
    expect(movesFromTo(m.moves, from, to)).toEqual(by ? [by] : []);
  });
});

describe.each(Object.entries(MACHINES))('the %s machine', (_name, m) => {
  it('is born in one of its statuses and every move names only its statuses', () => {
    expect(m.statuses).toContain(m.birth);
    for (const move of Object.values(m.moves)) {
      expect(m.statuses).toContain(move.to);
      for (const f of move.from) expect(m.statuses).toContain(f);
    }
  });

  it('has no move the table does not list', () => {
    const listed = new Set(m.allowed.map(([, , name]) => name));
    expect(Object.keys(m.moves).sort()).toEqual([...listed].sort());
  });
});

describe('named lists and narrowing', () => {
  it.each([
    ['episodes recovery advances', RECOVERING_EPISODE_STATUSES, ['open', 'recovering']],
    ['episodes the list shows by default', UNFINISHED_EPISODE_STATUSES, ['open', 'recovering', 'failed']],
    ['DTE events that stand (a return counts)', STANDING_DTE_EVENT_STATUSES, ['pending', 'sealed']],
  ])('%s', (_label, list, expected) => {
    expect([...list]).toEqual(expected);
  });

  it('a narrowed move keeps to its own from-statuses; another is a bug', () => {
    expect(narrowedFrom('complete', CONTINGENCY_EPISODE_MOVES.complete, ['recovering'])).toEqual(['recovering']);
    expect(() => narrowedFrom('complete', CONTINGENCY_EPISODE_MOVES.complete, ['failed'])).toThrow(/BUG: el movimiento complete no sale de "failed"/);
  });
});
