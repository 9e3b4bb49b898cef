import { CATALOG_DEFINITIONS, CATALOG_VERSION } from './catalog-data.generated';
import type { CatalogDefinition, CatalogEntry } from './catalog.types';

export { CATALOG_VERSION };
export type { CatalogDefinition, CatalogEntry };

/** Official catalog codes this service relies on by name. */
export const CatalogCode = {
  environment: 'CAT-001',
  documentType: 'CAT-002',
  contingencyType: 'CAT-005',
  district: 'CAT-008',
  establishmentType: 'CAT-009',
  itemType: 'CAT-011',
  department: 'CAT-012',
  municipality: 'CAT-013',
  unitOfMeasure: 'CAT-014',
  tribute: 'CAT-015',
  operationCondition: 'CAT-016',
  paymentMethod: 'CAT-017',
  paymentTerm: 'CAT-018',
  economicActivity: 'CAT-019',
  country: 'CAT-020',
  identificationDocumentType: 'CAT-022',
  retentionCode: 'CAT-006',
  associatedDocument: 'CAT-021',
  specialOperation: 'CAT-023',
  eventReason: 'CAT-024',
  remittedGoodsTitle: 'CAT-025',
  donationType: 'CAT-026',
  customsOffice: 'CAT-027',
  exportRegime: 'CAT-028',
  personType: 'CAT-029',
  transport: 'CAT-030',
  incoterms: 'CAT-031',
  fiscalDomicile: 'CAT-032',
  regimeType: 'CAT-033',
} as const;

const byCode = new Map<string, CatalogDefinition>(CATALOG_DEFINITIONS.map((c) => [c.code, c]));
const entryIndex = new Map<string, Map<string, CatalogEntry>>();
for (const c of CATALOG_DEFINITIONS) {
  const m = new Map<string, CatalogEntry>();
  for (const e of c.entries) {
    const key = e.department !== undefined ? `${e.department}/${e.code}` : e.code;
    if (!m.has(key)) m.set(key, e);
  }
  entryIndex.set(c.code, m);
}

/** Normalises `cat-19`, `CAT-019`, `19` to `CAT-019`; null when it is not a catalog code. */
export function normalizeCatalogCode(input: string): string | null {
  const m = /^(?:cat-?)?(\d{1,3})$/i.exec(input.trim());
  if (!m) return null;
  const code = `CAT-${m[1].padStart(3, '0')}`;
  return byCode.has(code) ? code : null;
}

export function listCatalogs(): readonly CatalogDefinition[] {
  return CATALOG_DEFINITIONS;
}

/** An entry with a stable id unique within its catalog (used as the pagination cursor). */
export interface IdentifiedEntry extends CatalogEntry {
  readonly id: string;
}

const identified = new Map<string, IdentifiedEntry[]>();
for (const c of CATALOG_DEFINITIONS) {
  const counts = new Map<string, number>();
  for (const e of c.entries) counts.set(e.code, (counts.get(e.code) ?? 0) + 1);
  identified.set(
    c.code,
    c.entries.map((e) => {
      if (counts.get(e.code) === 1) return { ...e, id: e.code };
      const scope = e.department ?? /^(\d+)/.exec(e.section ?? '')?.[1] ?? 'x';
      return { ...e, id: `${scope}.${e.code}` };
    }),
  );
}

/** Entries of a catalog in the official order, each with its id. */
export function catalogEntries(code: string): readonly IdentifiedEntry[] {
  return identified.get(code) ?? [];
}

/** Lower-case text without accents, for searching. */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function getCatalog(code: string): CatalogDefinition | undefined {
  return byCode.get(code);
}

/** Entry of a catalog whose codes are global (all but CAT-008 and CAT-013). */
export function findEntry(catalog: string, code: string): CatalogEntry | undefined {
  return entryIndex.get(catalog)?.get(code);
}

export function hasEntry(catalog: string, code: string): boolean {
  return findEntry(catalog, code) !== undefined;
}

/** A municipality (CAT-013) of a department (CAT-012); municipality codes repeat across departments. */
export function findMunicipality(department: string, municipality: string): CatalogEntry | undefined {
  return entryIndex.get(CatalogCode.municipality)?.get(`${department}/${municipality}`);
}

/** A district (CAT-008) of a department (CAT-012); district codes repeat across departments. */
export function findDistrict(department: string, district: string): CatalogEntry | undefined {
  return entryIndex.get(CatalogCode.district)?.get(`${department}/${district}`);
}

/** Name of an economic activity (CAT-019), as MH's `descActividad`. */
export function economicActivityName(code: string): string | undefined {
  return findEntry(CatalogCode.economicActivity, code)?.name;
}
