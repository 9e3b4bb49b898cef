import { CATALOG_VERSION, catalogEntries, getCatalog, normalizeCatalogCode, searchable, type IdentifiedEntry } from '../../domain/catalog/catalogs';
import { type Page, type PageRequest } from '../../domain/shared/pagination';

export interface CatalogPage {
  code: string;
  name: string;
  version: string;
  entriesCount: number;
  entries: Page<IdentifiedEntry>;
}

/** One catalog with its entries: `q` searches code and name (accents and case ignored). */
export class GetCatalogService {
  execute(code: string, query: { q?: string | null; page: PageRequest }): CatalogPage | null {
    const normalized = normalizeCatalogCode(code);
    const catalog = normalized ? getCatalog(normalized) : undefined;
    if (!catalog) return null;
    let entries = catalogEntries(catalog.code);
    const q = query.q ? searchable(query.q.trim()) : '';
    if (q) entries = entries.filter((e) => searchable(e.code).includes(q) || searchable(e.name).includes(q));
    let start = 0;
    if (query.page.startingAfter) {
      const idx = entries.findIndex((e) => e.id === query.page.startingAfter);
      start = idx >= 0 ? idx + 1 : entries.length;
    }
    const data = entries.slice(start, start + query.page.limit);
    return {
      code: catalog.code,
      name: catalog.name,
      version: CATALOG_VERSION,
      entriesCount: catalog.entries.length,
      entries: { data, hasMore: start + query.page.limit < entries.length },
    };
  }
}
