import type { z } from 'zod';
import { credentialStatusView } from '../../src/domain/credentials/credential-status-view';
import { addressView, emitterView, establishmentView, type EmitterWithCredentialsView, type EstablishmentView } from '../../src/domain/emitter/emitter-view';
import { restResourceOf, restSchemaOf } from './view-resource';

/** An address as REST shows it (inline wherever it appears), from its view. */
export const addressResource = restSchemaOf(addressView);

/** Status of one environment's certificate and MH login, as embedded in an emitter (from its view). */
export const emitterCredentialStatus = restSchemaOf(credentialStatusView);

/**
 * The REST `emitter` and `establishment` resources and their OpenAPI schemas, derived from their
 * views (src/domain/emitter/emitter-view.ts, ADR 0062): the view's fields in snake_case, dates as
 * ISO text; an emitter carries its credentials' status.
 */
const emitter = restResourceOf<EmitterWithCredentialsView>(emitterView, { object: 'emitter', id: 'Emitter' });
export const emitterResource = emitter.schema;

export function serializeEmitter(v: EmitterWithCredentialsView): z.infer<typeof emitterResource> {
  return emitter.serialize(v) as z.infer<typeof emitterResource>;
}

const establishment = restResourceOf<EstablishmentView>(establishmentView, { object: 'establishment', id: 'Establishment' });
export const establishmentResource = establishment.schema;

export function serializeEstablishment(v: EstablishmentView): z.infer<typeof establishmentResource> {
  return establishment.serialize(v) as z.infer<typeof establishmentResource>;
}
