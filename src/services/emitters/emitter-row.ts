/**
 * The `emitters` columns both single-emitter reads select (`GetEmitterService`, the issuer read of
 * `issuance-context.ts`), as raw SQL returns them; each read adds its own.
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
