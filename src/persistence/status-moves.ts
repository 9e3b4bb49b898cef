import { narrowedFrom, type StatusMove } from '../domain/shared/state-machine';
import { sql, type SqlExecutor } from './sql';

/** The table a store applies its machine to: which columns a move may also set, and what it reads back. */
export interface MoveTarget {
  table: string;
  /** Columns a move may set besides `status` and `updated_at` (anything else is a bug). */
  settable: readonly string[];
  /** The `returning` list of a move. */
  returning: string;
}

/** A column value as a statement parameter: objects (jsonb) as their JSON text. */
function param(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : (v ?? null);
}

/**
 * Applies `move` to row `id` of `target.table` in one statement: the row changes only while its
 * status is one the move leaves from (or `from`, narrowed), so a late or repeated change never
 * overwrites a later state. Null when the row was not in such a status (nothing changed).
 * `set` values may be `{ sql, params }` for an expression over the row (`coalesce(ended_at, ?)`).
 */
export async function applyMove<R, S extends string>(
  em: SqlExecutor,
  target: MoveTarget,
  name: string,
  move: StatusMove<S>,
  id: string,
  change: { set?: Record<string, unknown>; at: Date; from?: readonly S[] },
): Promise<R | null> {
  const from = narrowedFrom(name, move, change.from);
  const assignments = ['status = ?'];
  const values: unknown[] = [move.to];
  for (const [column, value] of Object.entries(change.set ?? {})) {
    if (!target.settable.includes(column)) throw new Error(`BUG: ${target.table}.${column} no se cambia con un movimiento`);
    if (isExpression(value)) {
      assignments.push(`${column} = ${value.sql}`);
      values.push(...value.params);
    } else {
      assignments.push(`${column} = ?`);
      values.push(param(value));
    }
  }
  assignments.push('updated_at = ?');
  values.push(change.at);
  const [row] = await sql<R>(em, `update ${target.table} set ${assignments.join(', ')} where id = ? and status = any(?::text[]) returning ${target.returning}`, [
    ...values,
    id,
    [...from],
  ]);
  return row ?? null;
}

/** An assignment computed by SQL from the row (its text binds `params`). */
export interface SqlExpression {
  sql: string;
  params: unknown[];
}

function isExpression(v: unknown): v is SqlExpression {
  return typeof v === 'object' && v !== null && typeof (v as SqlExpression).sql === 'string' && Array.isArray((v as SqlExpression).params);
}
