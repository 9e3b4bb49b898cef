/** MH catalogs (departments, municipalities, districts, activities) read once per page load. */
import { placeName } from '../lib/format';
import { gqlQuery } from '../lib/graphql';

export interface CatalogEntry {
  code: string;
  name: string;
  department: string | null;
}

interface EntriesPage {
  catalog: { entries: { nodes: CatalogEntry[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null;
}

const cache = new Map<string, Promise<CatalogEntry[]>>();

async function fetchAll(code: string): Promise<CatalogEntry[]> {
  const out: CatalogEntry[] = [];
  let after: string | null = null;
  for (;;) {
    const r: EntriesPage = await gqlQuery<EntriesPage>(
      'query PanelCatalog($code: String!, $after: String) { catalog(code: $code) { entries(first: 100, after: $after) { nodes { code name department } pageInfo { hasNextPage endCursor } } } }',
      { code, after },
    );
    if (!r.catalog) return out;
    out.push(...r.catalog.entries.nodes);
    if (!r.catalog.entries.pageInfo.hasNextPage) return out;
    after = r.catalog.entries.pageInfo.endCursor;
  }
}

/** Every entry of a small catalog (CAT-008, CAT-012, CAT-013…), fetched once. */
export function catalogEntries(code: string): Promise<CatalogEntry[]> {
  let p = cache.get(code);
  if (!p) {
    p = fetchAll(code);
    p.catch(() => cache.delete(code));
    cache.set(code, p);
  }
  return p;
}

/** Entries of a large catalog (CAT-019, 774 activities) matching a search, at most 20. */
export async function searchCatalog(code: string, q: string): Promise<CatalogEntry[]> {
  const r = await gqlQuery<EntriesPage>('query PanelCatalogSearch($code: String!, $q: String) { catalog(code: $code) { entries(first: 20, q: $q) { nodes { code name department } pageInfo { hasNextPage endCursor } } } }', { code, q });
  return r.catalog?.entries.nodes ?? [];
}

/** The name of one entry of a large catalog by its exact code (CAT-019 activities), or null. */
export async function catalogName(code: string, entry: string): Promise<string | null> {
  return (await searchCatalog(code, entry)).find((e) => e.code === entry)?.name ?? null;
}

export interface PlaceNames {
  department: string | null;
  municipality: string | null;
  district: string | null;
}

/** An address's department, municipality and district by name, as places are written (CAT-012, CAT-013, CAT-008). */
export async function placeNames(address: { department: string; municipality: string; district: string }): Promise<PlaceNames> {
  const [departments, municipalities, districts] = await Promise.all([catalogEntries('CAT-012'), catalogEntries('CAT-013'), catalogEntries('CAT-008')]);
  const named = (e: CatalogEntry | undefined) => (e ? placeName(e.name) : null);
  const inDepartment = (list: CatalogEntry[], code: string) => named(list.find((e) => e.code === code && e.department === address.department));
  return {
    department: named(departments.find((e) => e.code === address.department)),
    municipality: inDepartment(municipalities, address.municipality),
    district: inDepartment(districts, address.district),
  };
}
