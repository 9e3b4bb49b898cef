import { z } from 'zod';

/**
 * A customer as the API shows it — THE declaration of the Customer output (ADR 0062, ADR 0064): GraphQL's
 * `Customer` (src/graphql/directory/customer.types.ts) and REST's `customer` with its OpenAPI schema
 * (rest-adapter/resources/directory.resource.ts) are derived from it; the mapper that builds it
 * (src/graphql/directory/directory.mapper.ts) fails the type check until it fills a new field.
 */

/** A postal address as the directory shows it; GraphQL's existing `Address` type, REST inline. */
export const addressView = z
  .object({
    department: z.string().meta({ gqlDescription: 'Departamento (CAT-012).', restDescription: 'CAT-012' }),
    municipality: z.string().meta({ gqlDescription: 'Municipio (CAT-013), del departamento.', restDescription: 'CAT-013' }),
    district: z.string().meta({ gqlDescription: 'Distrito (CAT-008), del departamento.', restDescription: 'CAT-008' }),
    line: z.string().meta({ gqlDescription: 'Complemento de la dirección.' }),
  })
  .meta({ id: 'Address' });

const text = z.string().nullable();
const date = z.date();

export const customerView = z.object({
  id: z.string().meta({ gql: 'ID' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  externalId: text,
  name: z.string(),
  documentType: text.meta({ gqlDescription: 'CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carné de residente.', restDescription: 'CAT-022' }),
  documentNumber: text,
  nrc: text,
  economicActivity: text.describe('CAT-019'),
  tradeName: text,
  address: addressView.nullable(),
  email: text,
  phone: text,
  country: text.describe('CAT-020'),
  personType: text.meta({ gqlDescription: 'CAT-029' }),
  fiscalDomicile: text.meta({ gqlDescription: 'CAT-032' }),
  establishmentType: text.meta({ gqlDescription: 'CAT-009' }),
  activityDescription: text,
  foreignAddress: text,
  createdAt: date,
  updatedAt: date,
  lastUsedAt: date.nullable().meta({ gqlDescription: 'Última emisión que lo nombró (customerId o saveCustomer).' }),
  selfServiceCompletedAt: date.nullable().meta({ gqlDescription: 'Cuándo el cliente completó sus datos con un enlace de autoservicio.' }),
});

export type CustomerView = z.infer<typeof customerView>;
export type AddressView = z.infer<typeof addressView>;
