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
 * One page of an emitter's customers or products, in alphabetical order (name, description; then id),
 * optionally those whose folded text holds `q` (lower case, accents and dashes off on both sides, the
 * documents list's receiver search: trigram index over the generated `search` column, ADR 0040).
 * `starting_after` is the last id of the previous page: the next page starts after its (order, id).
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
  const text = q?.trim() ? receiverSearchText(q) : '';
  if (text) {
    const m = receiverTextMatch(text, 't.search');
    where.push(m.sql);
    params.push(...m.params);
  }
  if (page.startingAfter) {
    where.push(`(t.${order}, t.id) > (select a.${order}, a.id from ${table} a where a.id = ? and a.emitter_id = t.emitter_id)`);
    params.push(page.startingAfter);
  }
  const rows = await sql<{ id: string }>(em, `select t.id from ${table} t where ${where.join(' and ')} order by t.${order}, t.id limit ?`, [...params, page.limit + 1]);
  if (!rows.length) return { data: [], hasMore: false };
  const found = await em.find(entity as typeof CustomerEntity, { id: { $in: rows.map((r) => r.id) } });
  const byId = new Map(found.map((e) => [e.id, e]));
  const ordered = rows.map((r) => byId.get(r.id)).filter((e) => e !== undefined);
  return toPage(ordered, page.limit) as unknown as Page<InstanceType<(typeof TABLES)[K]['entity']>>;
}
