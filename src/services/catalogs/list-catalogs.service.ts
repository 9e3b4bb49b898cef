import { CATALOG_VERSION, listCatalogs } from '../../domain/catalog/catalogs';

export interface CatalogSummary {
  code: string;
  name: string;
  version: string;
  entriesCount: number;
}

/** The 33 official catalogs of the 2026 generation. */
export class ListCatalogsService {
  execute(): CatalogSummary[] {
    return listCatalogs().map((c) => ({ code: c.code, name: c.name, version: CATALOG_VERSION, entriesCount: c.entries.length }));
  }
}
