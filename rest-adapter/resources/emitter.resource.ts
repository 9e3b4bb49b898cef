import { z } from 'zod';
import { isoTime } from './iso-time';

export const addressResource = z.object({
  department: z.string().describe('CAT-012'),
  municipality: z.string().describe('CAT-013'),
  district: z.string().describe('CAT-008'),
  line: z.string(),
});

/** Status of one environment's certificate and MH login, as embedded in an emitter. */
export const emitterCredentialStatus = z.object({
  environment: z.enum(['00', '01']),
  certificate_loaded: z.boolean(),
  certificate_nit: z.string().nullable(),
  mh_login_ok: z.boolean(),
  checked_at: z.string().nullable(),
  mh_user: z.string().nullable(),
  certificate_valid_until: z.string().nullable(),
  message: z.string().nullable(),
});

export const emitterResource = z.object({
  id: z.string(),
  object: z.literal('emitter'),
  nit: z.string(),
  nrc: z.string(),
  name: z.string(),
  trade_name: z.string().nullable(),
  economic_activity: z.string().describe('CAT-019'),
  establishment_type: z.string().nullable().describe('CAT-009'),
  address: addressResource,
  phone: z.string().nullable(),
  email: z.string(),
  numbering: z.enum(['per_establishment', 'centralized']),
  logo_url: z.string().nullable(),
  is_large_taxpayer: z.boolean(),
  credentials: z.array(emitterCredentialStatus),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Emitter' });

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

export function serializeEmitter(e: Gql): z.infer<typeof emitterResource> {
  return {
    id: e.id,
    object: 'emitter',
    nit: e.nit,
    nrc: e.nrc,
    name: e.name,
    trade_name: e.tradeName,
    economic_activity: e.economicActivity,
    establishment_type: e.establishmentType,
    address: { department: e.address.department, municipality: e.address.municipality, district: e.address.district, line: e.address.line },
    phone: e.phone,
    email: e.email,
    numbering: String(e.numbering).toLowerCase() as 'per_establishment' | 'centralized',
    logo_url: e.logoUrl,
    is_large_taxpayer: e.isLargeTaxpayer,
    credentials: (e.credentials as Gql[]).map((c) => ({
      environment: c.environment,
      certificate_loaded: c.certificateLoaded,
      certificate_nit: c.certificateNit,
      mh_login_ok: c.mhLoginOk,
      checked_at: isoTime(c.checkedAt),
      mh_user: c.mhUser,
      certificate_valid_until: isoTime(c.certificateValidUntil),
      message: c.message,
    })),
    created_at: isoTime(e.createdAt)!,
    updated_at: isoTime(e.updatedAt)!,
  };
}

export const establishmentResource = z.object({
  id: z.string(),
  object: z.literal('establishment'),
  emitter_id: z.string(),
  code: z.string().describe('Código MH: M, B, S o P + 3 dígitos'),
  name: z.string().nullable(),
  type: z.string().describe('CAT-009'),
  address: addressResource,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  points_of_sale: z.array(z.object({ code: z.string(), name: z.string().nullable(), active: z.boolean() })),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Establishment' });

export function serializeEstablishment(e: Gql): z.infer<typeof establishmentResource> {
  return {
    id: e.id,
    object: 'establishment',
    emitter_id: e.emitterId,
    code: e.code,
    name: e.name,
    type: e.type,
    address: { department: e.address.department, municipality: e.address.municipality, district: e.address.district, line: e.address.line },
    phone: e.phone,
    email: e.email,
    active: e.active,
    points_of_sale: (e.pointsOfSale as Gql[]).map((p) => ({ code: p.code, name: p.name, active: p.active })),
    created_at: isoTime(e.createdAt)!,
    updated_at: isoTime(e.updatedAt)!,
  };
}
