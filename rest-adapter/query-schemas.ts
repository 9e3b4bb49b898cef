import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageRequest } from '../src/domain/shared/pagination';

/** `limit` and `starting_after`, shared by every list. */
export const paginationQuery = z.object({
  limit: z.coerce
    .number({ error: `"limit" debe ser un entero entre 1 y ${MAX_PAGE_SIZE}.` })
    .int(`"limit" debe ser un entero entre 1 y ${MAX_PAGE_SIZE}.`)
    .min(1, `"limit" debe ser un entero entre 1 y ${MAX_PAGE_SIZE}.`)
    .max(MAX_PAGE_SIZE, `"limit" debe ser un entero entre 1 y ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Elementos por página, 1–${MAX_PAGE_SIZE} (predeterminado ${DEFAULT_PAGE_SIZE}).`),
  starting_after: z.string().max(64, 'Cursor inválido.').optional().describe('Id del último elemento de la página anterior.'),
});

export const idParam = (name: string, description: string) => z.object({ [name]: z.string().max(64).describe(description) });

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ object: z.literal('list'), data: z.array(item), has_more: z.boolean() });
}

/** The page a list route asks its service for (`limit` and `starting_after`, already validated by `paginationQuery`). */
export function pageOf(query: Record<string, unknown>): PageRequest {
  return { limit: query.limit as number, startingAfter: (query.starting_after as string | undefined) ?? null };
}

/** A service's page as the REST list (`listOf`), each item through the resource's serializer. */
export function listBody<T>(page: Page<T>, serialize: (item: T) => unknown): { object: 'list'; data: unknown[]; has_more: boolean } {
  return { object: 'list', data: page.data.map(serialize), has_more: page.hasMore };
}
