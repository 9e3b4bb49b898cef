import type { EmitterView } from './emitter-view';

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

/** What those columns say of an emitter, as the views (and issuance's engine) name it. */
export type EmitterFields = Pick<EmitterView, 'id' | 'nit' | 'nrc' | 'name' | 'tradeName' | 'economicActivity' | 'address' | 'phone' | 'email' | 'numbering' | 'isLargeTaxpayer'>;

/** The one mapping of an emitter's shared columns (row → view fields), for every read that selects them. */
export function emitterFieldsOf(r: EmitterColumnsRow): EmitterFields {
  return {
    id: r.id,
    nit: r.nit,
    nrc: r.nrc,
    name: r.name,
    tradeName: r.trade_name,
    economicActivity: r.economic_activity,
    address: { department: r.address_department, municipality: r.address_municipality, district: r.address_district, line: r.address_line },
    phone: r.phone,
    email: r.email,
    numbering: r.numbering,
    isLargeTaxpayer: r.is_large_taxpayer,
  };
}
