import type { EntityManager } from '@mikro-orm/core';
import { receiverSearchText } from '../../domain/documents/document-search';
import type { Page, PageRequest } from '../../domain/shared/pagination';
import { toPage } from '../../domain/shared/pagination';
import { receiverTextMatch } from '../../persistence/documents/receiver-text-match';
import { CustomerEntity, ProductEntity } from '../../persistence/entities';
import { sql } from '../shared/sql';

const TABLES = {
  customers: { entity: CustomerEntity, order: 'name' },
  products: { entity: ProductEntity, order: 'description' },
} as const;

/**
 * How many rows, in list order, a search reads before it leaves the order to the trigram index.
 * A word most names hold (a surname, «a») has its page among the first rows; one that only some
 * hold, or that a block of the alphabet holds («maria» among first names), is found faster by the
 * trigram index and a sort of its matches. ADR 0094.
 */
export const ORDERED_PROBE_ROWS = 1000;

/**
 * One page of an emitter's customers or products, in alphabetical order (name, description; then id),
 * optionally those whose folded text holds `q` (lower case, accents and dashes off on both sides, the
 * documents list's receiver search: trigram index over the generated `search` column, ADR 0040).
 * `starting_after` is the last id of the previous page: the next page starts after its (order, id).
 *
 * With `q`, the first ORDERED_PROBE_ROWS rows in list order are read first; when they hold the page
 * (or are all there is) that is the answer, because nothing before them was skipped. Otherwise the
 * trigram index finds every match and only those are sorted: the planner cannot tell that a name's
 * matches sit together in one part of the alphabet, and reading in list order past 60,000 rows for
 * «maria» took 43 ms where the index and a sort take 13 (ADR 0094).
 */
export async function searchDirectory<K extends keyof typeof TABLES>(
  em: EntityManager,
  table: K,
  emitterId: string,
  q: string | null | undefined,
  page: PageRequest,
): Promise<Page<InstanceType<(typeof TABLES)[K]['entity']>>> {
  const { entity, order } = TABLES[table];
  const where = ['t.emitter_id = ?'];
  const params: unknown[] = [emitterId];
  if (page.startingAfter) {
    where.push(`(t.${order}, t.id) > (select a.${order}, a.id from ${table} a where a.id = ? and a.emitter_id = t.emitter_id)`);
    params.push(page.startingAfter);
  }
  const text = q?.trim() ? receiverTextMatch(receiverSearchText(q), 's.search') : null;
  const want = page.limit + 1;
  const from = `${table} t where ${where.join(' and ')}`;
  let rows: { id: string }[];
  if (!text) {
    rows = await sql<{ id: string }>(em, `select t.id from ${from} order by t.${order}, t.id limit ?`, [...params, want]);
  } else {
    const probe = await sql<{ id: string | null; read: string }>(
      em,
      `with s as (select t.id, t.search, t.${order} from ${from} order by t.${order}, t.id limit ?)
       select (select count(*) from s) as read, m.id
         from (select 1) one left join lateral (select s.id from s where ${text.sql} order by s.${order}, s.id limit ?) m on true`,
      [...params, ORDERED_PROBE_ROWS, ...text.params, want],
    );
    const matches = probe.flatMap((r) => (r.id ? [{ id: r.id }] : []));
    if (matches.length >= want || Number(probe[0].read) < ORDERED_PROBE_ROWS) rows = matches;
    else {
      // `s.${order} || ''`: an order the list index cannot give, so the trigram index serves the filter.
      rows = await sql<{ id: string }>(
        em,
        `select s.id from (select t.id, t.search, t.${order} from ${from}) s where ${text.sql} order by s.${order} || '', s.id limit ?`,
        [...params, ...text.params, want],
      );
    }
  }
  if (!rows.length) return { data: [], hasMore: false };
  const found = await em.find(entity as typeof CustomerEntity, { id: { $in: rows.map((r) => r.id) } });
  const byId = new Map(found.map((e) => [e.id, e]));
  const ordered = rows.map((r) => byId.get(r.id)).filter((e) => e !== undefined);
  return toPage(ordered, page.limit) as unknown as Page<InstanceType<(typeof TABLES)[K]['entity']>>;
}
