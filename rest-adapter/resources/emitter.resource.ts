import { z } from 'zod';
import { credentialStatusView } from '../../src/domain/credentials/credential-status-view';
import { addressView, emitterView, type EmitterWithCredentialsView } from '../../src/domain/emitter/emitter-view';
import { isoTime } from './iso-time';
import { restResourceOf, restSchemaOf } from './view-resource';

/** An address as REST shows it (inline wherever it appears), from its view. */
export const addressResource = restSchemaOf(addressView);

/** Status of one environment's certificate and MH login, as embedded in an emitter (from its view). */
export const emitterCredentialStatus = restSchemaOf(credentialStatusView);

/**
 * The REST `emitter` resource and its OpenAPI schema, derived from its view
 * (src/domain/emitter/emitter-view.ts, ADR 0062): the view's fields in snake_case, dates as ISO
 * text; an emitter carries its credentials' status.
 */
const emitter = restResourceOf<EmitterWithCredentialsView>(emitterView, { object: 'emitter', id: 'Emitter' });
export const emitterResource = emitter.schema;

export function serializeEmitter(v: EmitterWithCredentialsView): z.infer<typeof emitterResource> {
  return emitter.serialize(v) as z.infer<typeof emitterResource>;
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

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

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
