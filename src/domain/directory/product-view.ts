import { z } from 'zod';
import { PRODUCT_TAXES } from './product-input.schema';

/**
 * A product or service as the API shows it — THE declaration of the Product output (ADR 0062, ADR 0064):
 * GraphQL's `Product` and REST's `product` (with its OpenAPI schema) are derived from it.
 */
export const productView = z.object({
  id: z.string().meta({ gql: 'ID' }),
  emitterId: z.string().meta({ gql: 'ID' }),
  code: z.string().nullable(),
  description: z.string(),
  type: z.string().nullable().meta({ gqlDescription: 'CAT-011: 1 bienes, 2 servicios, 3 ambos, 4 otros tributos.', restDescription: 'CAT-011' }),
  unitCode: z.string().describe('CAT-014'),
  unitPrice: z.string().meta({ gqlDescription: 'Decimal en texto (hasta 8 decimales).', restDescription: 'Decimal en texto' }),
  tax: z.enum(PRODUCT_TAXES).nullable().meta({ gql: 'String', gqlDescription: 'gravada, exenta o no_sujeta.' }),
  taxes: z.array(z.string()).nullable().meta({ gqlDescription: 'Tributos (CAT-015).', restDescription: 'CAT-015' }),
  createdAt: z.date(),
  updatedAt: z.date(),
  lastUsedAt: z.date().nullable(),
});

export type ProductView = z.infer<typeof productView>;
