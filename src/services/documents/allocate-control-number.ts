import type { EntityManager } from '@mikro-orm/core';
import { counterKey, elSalvadorYear, formatControlNumber, numberingScope, type Numbering } from '../../domain/numbering/control-number';
import { preparedSql, type SqlExecutor } from '../shared/sql';

/**
 * Next control number, inside the caller's transaction: the upsert takes the counter row's lock
 * until commit, so concurrent issuers (any number of processes) queue on it, and a rolled-back
 * issuance gives its number back. Numbers are therefore gapless and unique.
 */
export async function allocateControlNumber(em: EntityManager, p: CounterRequest): Promise<string> {
  return (await allocateControlNumbers(em, p, 1))[0];
}

export interface CounterRequest {
  emitterId: string;
  numbering: Numbering;
  environment: string;
  type: string;
  issuedAt: Date;
  establishment: string;
  pointOfSale: string;
}

/** The counter row a request draws from (documents with the same key share one sequence). */
export function counterKeyOf(p: CounterRequest): string {
  return counterKey({
    emitterId: p.emitterId,
    environment: p.environment,
    type: p.type,
    year: elSalvadorYear(p.issuedAt),
    scope: numberingScope(p.numbering, p.establishment, p.pointOfSale),
  });
}

/** `count` consecutive control numbers of one counter in one statement, in order. */
export async function allocateControlNumbers(em: SqlExecutor, p: CounterRequest, count: number): Promise<string[]> {
  const rows = await preparedSql<{ last_value: string }>(
    em,
    `insert into control_number_counters (key, emitter_id, last_value) values (?, ?, ?)
     on conflict (key) do update set last_value = control_number_counters.last_value + excluded.last_value
     returning last_value`,
    [counterKeyOf(p), p.emitterId, count],
  );
  const last = BigInt(rows[0].last_value);
  return Array.from({ length: count }, (_, i) => formatControlNumber(p.type, p.establishment, p.pointOfSale, last - BigInt(count - 1 - i)));
}
