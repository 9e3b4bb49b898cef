import type { StatusMove } from '../shared/state-machine';

/**
 * A contingency episode (a period in which MH did not answer an issuer in one environment):
 * `open` (MH unreachable; documents are held) → `recovering` (MH answers: the contingency event, then
 * the lotes) → `completed`; MH refusing the event leaves it `failed` until a document's retry sends a
 * new one. The one list of its statuses and the only changes between them.
 */
export const CONTINGENCY_EPISODE_STATUSES = ['open', 'recovering', 'completed', 'failed'] as const;
export type ContingencyEpisodeStatus = (typeof CONTINGENCY_EPISODE_STATUSES)[number];

export function isContingencyEpisodeStatus(s: string): s is ContingencyEpisodeStatus {
  return (CONTINGENCY_EPISODE_STATUSES as readonly string[]).includes(s);
}

/** How an episode is born: open, when MH stops answering or an issuer declares one. */
export const CONTINGENCY_EPISODE_BIRTH = 'open' satisfies ContingencyEpisodeStatus;

export const CONTINGENCY_EPISODE_MOVES = {
  /** MH answered the probe: the outage is over (`ended_at`), recovery begins. */
  end: { from: ['open'], to: 'recovering' },
  /** No document is held any more (none was, or the lotes settled them all). */
  complete: { from: ['open', 'recovering'], to: 'completed' },
  /** MH refused the contingency event: the owners are told; the documents wait for a retry. */
  fail: { from: ['recovering'], to: 'failed' },
  /** A held document's retry: a new contingency event will be sent. */
  retry: { from: ['failed'], to: 'recovering' },
} as const satisfies Record<string, StatusMove<ContingencyEpisodeStatus>>;

export type ContingencyEpisodeMoveName = keyof typeof CONTINGENCY_EPISODE_MOVES;

/** The episodes the recovery job advances (MH probed, event and lotes sent). */
export const RECOVERING_EPISODE_STATUSES = ['open', 'recovering'] as const satisfies readonly ContingencyEpisodeStatus[];

/** The episodes the list shows when no status is asked for: those not completed. */
export const UNFINISHED_EPISODE_STATUSES = ['open', 'recovering', 'failed'] as const satisfies readonly ContingencyEpisodeStatus[];
