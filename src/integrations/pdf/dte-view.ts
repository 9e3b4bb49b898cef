/**
 * Read-only view of the official DTE JSON for the PDF: typed accessors over the untyped JSON and
 * the catalog names (document types, units, departments, municipalities, districts, activities…).
 * Nothing is computed here: every amount stays the JSON number.
 */
import { CatalogCode, economicActivityName, findDistrict, findEntry, findMunicipality } from '../../domain/catalog/catalogs';
import { titleCase } from './format';

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null;
}

export function asObjects(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(asObject).filter((v): v is Json => v !== null) : [];
}

/** Text of a string or number field; null when absent, null or empty. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function asNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Name of a catalog entry, or null when the code is absent or unknown. */
export function catalogName(catalog: string, code: unknown): string | null {
  const text = asText(code);
  return text === null ? null : (findEntry(catalog, text)?.name ?? null);
}

const TYPE_TITLES: Readonly<Record<string, string>> = {
  '01': 'FACTURA',
  '03': 'COMPROBANTE DE CRÉDITO FISCAL',
  '05': 'NOTA DE CRÉDITO',
  '06': 'NOTA DE DÉBITO',
  '04': 'NOTA DE REMISIÓN',
  '07': 'COMPROBANTE DE RETENCIÓN',
  '08': 'COMPROBANTE DE LIQUIDACIÓN',
  '09': 'DOCUMENTO CONTABLE DE LIQUIDACIÓN',
  '11': 'FACTURA DE EXPORTACIÓN',
  '14': 'FACTURA DE SUJETO EXCLUIDO',
  '15': 'COMPROBANTE DE DONACIÓN',
};

/** Title of a document type (CAT-002) in capitals. */
export function documentTypeTitle(type: string): string {
  return TYPE_TITLES[type] ?? (catalogName(CatalogCode.documentType, type) ?? `DOCUMENTO TIPO ${type}`).toLocaleUpperCase('es');
}

/** `complemento, Distrito X, Municipio Y, Departamento Z` with the catalog names. */
export function addressText(value: unknown): string | null {
  const dir = asObject(value);
  if (!dir) return null;
  const dept = asText(dir.departamento);
  const mun = asText(dir.municipio);
  const dist = asText(dir.distrito);
  const parts = [asText(dir.complemento)];
  if (dept !== null && dist !== null) {
    const name = findDistrict(dept, dist)?.name;
    parts.push(name ? `Distrito ${titleCase(name)}` : `Distrito ${dist}`);
  }
  if (dept !== null && mun !== null) {
    const name = findMunicipality(dept, mun)?.name;
    parts.push(name ? `Municipio ${titleCase(name)}` : `Municipio ${mun}`);
  }
  if (dept !== null) parts.push(`Departamento ${catalogName(CatalogCode.department, dept) ?? dept}`);
  const text = parts.filter((p): p is string => p !== null).join(', ');
  return text === '' ? null : text;
}

/** `62010 — Programación informática` (the JSON's description, or the catalog's). */
export function activityText(code: unknown, description: unknown): string | null {
  const c = asText(code);
  const d = asText(description) ?? (c === null ? null : (economicActivityName(c) ?? null));
  if (c === null) return d;
  return d === null ? c : `${c} — ${d}`;
}

export interface Field {
  readonly label: string;
  readonly value: string;
  /** A short second field drawn on the same row (NIT · NRC, teléfono · correo). */
  readonly pair?: Field;
  /** A code printed whole on one line (FieldLike.code). */
  readonly code?: boolean;
}

/** Joins short fields two per row: `a` with `b` when both are present. */
export function pairFields(list: Field[], pairs: ReadonlyArray<readonly [string, string]>): Field[] {
  const out = [...list];
  for (const [a, b] of pairs) {
    const i = out.findIndex((f) => f.label === a);
    const j = out.findIndex((f) => f.label === b);
    if (i >= 0 && j >= 0) {
      out[i] = { ...out[i], pair: out[j] };
      out.splice(j, 1);
    }
  }
  return out;
}

/** Fields with a value (absent ones are left out). */
export function fields(entries: ReadonlyArray<readonly [string, string | null | undefined]>): Field[] {
  return entries.filter((e): e is readonly [string, string] => e[1] !== null && e[1] !== undefined && e[1] !== '').map(([label, value]) => ({ label, value }));
}

export interface PartyView {
  readonly name: string | null;
  readonly tradeName: string | null;
  readonly fields: Field[];
}

/** Issuer identification, activity and contact data. */
export function issuerView(emisor: Json | null): PartyView {
  const e = emisor ?? {};
  const tradeName = asText(e.nombreComercial);
  // The CD identifies its issuer (the donee) by tipoDocumento/numDocumento instead of nit.
  const docType = asText(e.tipoDocumento);
  const docLabel = docType === null || docType === '36' ? 'NIT' : (catalogName(CatalogCode.identificationDocumentType, docType) ?? `Documento (${docType})`);
  return {
    name: asText(e.nombre),
    tradeName: tradeName !== null && tradeName !== asText(e.nombre) ? tradeName : null,
    fields: fields([
      ['NIT', asText(e.nit)],
      [docLabel, asText(e.numDocumento)],
      ['NRC', asText(e.nrc)],
      ['Actividad', activityText(e.codActividad, e.descActividad)],
      ['Dirección', addressText(e.direccion)],
      ['Teléfono', asText(e.telefono)],
      ['Correo', asText(e.correo)],
    ]),
  };
}

/** Receiver data; null for an FE to the final consumer (`receptor: null`). */
export function receiverView(receptor: Json | null): PartyView | null {
  if (!receptor) return null;
  const r = receptor;
  const docType = asText(r.tipoDocumento);
  const docLabel = docType === null ? 'Documento' : (catalogName(CatalogCode.identificationDocumentType, docType) ?? `Documento (${docType})`);
  return {
    name: asText(r.nombre),
    tradeName: asText(r.nombreComercial),
    fields: fields([
      ['NIT', asText(r.nit)],
      [docLabel, asText(r.numDocumento)],
      ['NRC', asText(r.nrc)],
      ['Actividad', activityText(r.codActividad, r.descActividad)],
      ['Dirección', addressText(r.direccion)],
      ['Teléfono', asText(r.telefono)],
      ['Correo', asText(r.correo)],
      ['A título de', catalogName(CatalogCode.remittedGoodsTitle, r.bienTitulo)],
    ]),
  };
}

/** Unit of measure name (CAT-014), e.g. `Unidad`, `Kilogramo`. */
export function unitName(code: unknown): string {
  const text = asText(code);
  if (text === null) return '';
  const name = catalogName(CatalogCode.unitOfMeasure, text);
  return name === null ? text : name.charAt(0).toLocaleUpperCase('es') + name.slice(1);
}

/** Short name of a tribute (CAT-015): `IVA 13 %` for code 20. */
export function tributeName(code: unknown, description: unknown): string {
  const c = asText(code);
  if (c === '20') return 'IVA 13 %';
  return asText(description) ?? (c === null ? 'Tributo' : (catalogName(CatalogCode.tribute, c) ?? `Tributo ${c}`));
}
