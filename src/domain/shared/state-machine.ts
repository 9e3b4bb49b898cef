/**
 * A state machine as data: each move names the statuses it leaves from and the status it reaches.
 * A store applies a move only from its `from` statuses, inside the statement that changes the row,
 * so a change the machine does not list cannot happen (ADR 0024, ADR 0083).
 */
export interface StatusMove<S extends string> {
  readonly from: readonly S[];
  readonly to: S;
}

export type MoveTable<S extends string> = Readonly<Record<string, StatusMove<S>>>;

/** The moves of `moves` that take a row from `from` to `to` (none: the change is not allowed). */
export function movesFromTo<S extends string, M extends MoveTable<S>>(moves: M, from: string, to: string): (keyof M & string)[] {
  return (Object.keys(moves) as (keyof M & string)[]).filter((name) => moves[name].to === to && (moves[name].from as readonly string[]).includes(from));
}

/** Whether the move `name` may leave `from`. */
export function moveLeaves<S extends string>(move: StatusMove<S>, from: string): boolean {
  return (move.from as readonly string[]).includes(from);
}

/** The move's `from` statuses narrowed to `narrowed` (each must be one it leaves from: a bug otherwise). */
export function narrowedFrom<S extends string>(name: string, move: StatusMove<S>, narrowed?: readonly S[]): readonly S[] {
  if (!narrowed) return move.from;
  for (const s of narrowed) if (!moveLeaves(move, s)) throw new Error(`BUG: el movimiento ${name} no sale de "${s}"`);
  return narrowed;
}
