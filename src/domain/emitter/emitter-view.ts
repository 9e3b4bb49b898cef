import { z } from 'zod';
import { credentialStatusView } from '../credentials/credential-status-view';

/**
 * An emitter and its establishments as the API shows them — THE declaration of those outputs
 * (ADR 0062). GraphQL's `Emitter`, `Establishment`, `Address`, `PointOfSale` (src/graphql/emitter/)
 * and REST's `emitter` and `establishment` resources with their OpenAPI schemas
 * (rest-adapter/resources/emitter.resource.ts) are derived from these views; the mappers
 * (src/services/emitters/emitter-view.ts) fail the type check until they fill a field added here.
 * test/unit/views/emitter-view-parity.test.ts fails when a door and a view disagree by one field.
 */
export const addressView = z
  .object({
    department: z.string().meta({ gqlDescription: 'Departamento (CAT-012).', restDescription: 'CAT-012' }),
    municipality: z.string().meta({ gqlDescription: 'Municipio (CAT-013), del departamento.', restDescription: 'CAT-013' }),
    district: z.string().meta({ gqlDescription: 'Distrito (CAT-008), del departamento.', restDescription: 'CAT-008' }),
    line: z.string().meta({ gqlDescription: 'Complemento de la dirección.' }),
  })
  .meta({ id: 'Address' });

export const EMITTER_NUMBERINGS = ['per_establishment', 'centralized'] as const;

const date = z.date();

export const emitterView = z.object({
  id: z.string().meta({ gql: 'ID' }),
  nit: z.string(),
  nrc: z.string(),
  name: z.string(),
  tradeName: z.string().nullable(),
  economicActivity: z.string().meta({ gqlDescription: 'Actividad económica (CAT-019).', restDescription: 'CAT-019' }),
  establishmentType: z.string().nullable().meta({ gqlDescription: 'Tipo de establecimiento (CAT-009).', restDescription: 'CAT-009' }),
  address: addressView,
  phone: z.string().nullable(),
  email: z.string(),
  numbering: z.enum(EMITTER_NUMBERINGS).meta({ gqlEnum: 'Numbering' }),
  logoUrl: z.string().nullable(),
  isLargeTaxpayer: z.boolean(),
  /** Its credentials' status per environment, read apart (GraphQL resolves the field with a loader). */
  credentials: z.array(credentialStatusView).meta({ gql: false }),
  createdAt: date,
  updatedAt: date,
});

/** An emitter as the API shows it, its credentials included (what REST answers). */
export type EmitterWithCredentialsView = z.infer<typeof emitterView>;
/** An emitter as the API shows it; `credentials` are read apart. */
export type EmitterView = Omit<EmitterWithCredentialsView, 'credentials'>;
export type AddressView = z.infer<typeof addressView>;
export type EmitterNumbering = (typeof EMITTER_NUMBERINGS)[number];

export const pointOfSaleView = z
  .object({
    code: z.string().meta({ gqlDescription: 'Código MH: P + 3 dígitos.' }),
    name: z.string().nullable(),
    active: z.boolean().meta({ gqlDescription: 'Un punto de venta con documentos emitidos nunca se borra: queda inactivo.' }),
  })
  .meta({ id: 'PointOfSale' });

export const establishmentView = z.object({
  id: z.string().meta({ gql: 'ID' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  code: z.string().meta({ gqlDescription: 'Código MH: M, B, S o P + 3 dígitos.', restDescription: 'Código MH: M, B, S o P + 3 dígitos' }),
  name: z.string().nullable(),
  type: z.string().meta({ gqlDescription: 'Tipo de establecimiento (CAT-009).', restDescription: 'CAT-009' }),
  address: addressView,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  active: z.boolean(),
  pointsOfSale: z.array(pointOfSaleView),
  createdAt: date,
  updatedAt: date,
});

export type EstablishmentView = z.infer<typeof establishmentView>;
export type PointOfSaleView = z.infer<typeof pointOfSaleView>;
