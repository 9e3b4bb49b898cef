import type { EmitterColumnsRow } from '../../persistence/emitter-row';
import type { EmitterRecord } from './emitter-view';

export type { EmitterColumnsRow };

/** What those columns say of an emitter, as the views (and issuance's engine) name it. */
export type EmitterFields = Pick<EmitterRecord, 'id' | 'nit' | 'nrc' | 'name' | 'tradeName' | 'economicActivity' | 'address' | 'phone' | 'email' | 'numbering' | 'isLargeTaxpayer'>;

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
