/**
 * The `emitters` columns every single-emitter read selects — `GET /v1/emitters/{id}`, issuance's
 * issuer read, a document's own reads with their issuer (DocumentIssuerRow) — as raw SQL returns
 * them; each read adds its own. `emitterFieldsOf` (services/emitters/emitter-row.ts) maps them.
 */
export interface EmitterColumnsRow {
  id: string;
  nit: string;
  nrc: string;
  name: string;
  trade_name: string | null;
  economic_activity: string;
  phone: string | null;
  email: string;
  address_department: string;
  address_municipality: string;
  address_district: string;
  address_line: string;
  is_large_taxpayer: boolean;
  numbering: string;
}
