import type { EntityManager } from '@mikro-orm/core';
import { counterKey, elSalvadorYear, formatControlNumber, numberingScope, type Numbering } from '../../domain/numbering/control-number';
import { sql } from '../shared/sql';

/**
 * Next control number, inside the caller's transaction: the upsert takes the counter row's lock
 * until commit, so concurrent issuers (any number of processes) queue on it, and a rolled-back
 * issuance gives its number back. Numbers are therefore gapless and unique.
 */
export async function allocateControlNumber(
  em: EntityManager,
  p: { emitterId: string; numbering: Numbering; environment: string; type: string; issuedAt: Date; establishment: string; pointOfSale: string },
): Promise<string> {
  const key = counterKey({
    emitterId: p.emitterId,
    environment: p.environment,
    type: p.type,
    year: elSalvadorYear(p.issuedAt),
    scope: numberingScope(p.numbering, p.establishment, p.pointOfSale),
  });
  const rows = await sql<{ last_value: string }>(
    em,
    `insert into control_number_counters (key, emitter_id, last_value) values (?, ?, 1)
     on conflict (key) do update set last_value = control_number_counters.last_value + 1
     returning last_value`,
    [key, p.emitterId],
  );
  return formatControlNumber(p.type, p.establishment, p.pointOfSale, BigInt(rows[0].last_value));
}
