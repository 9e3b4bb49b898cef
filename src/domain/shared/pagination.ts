/** Cursor pagination shared by every list: `limit` 1–100 (default 20), `starting_after` = last id seen. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  limit: number;
  startingAfter: string | null;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

/** Given up to limit+1 rows fetched in order, returns the page and whether more follow. */
export function toPage<T>(rows: T[], limit: number): Page<T> {
  return { data: rows.slice(0, limit), hasMore: rows.length > limit };
}
