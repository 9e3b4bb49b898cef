import { z } from 'zod';
import { customerView, type CustomerView } from '../../src/domain/directory/customer-view';
import { productView, type ProductView } from '../../src/domain/directory/product-view';
import { restResourceOf } from './view-resource';

/** REST's `customer` and `product`, derived from their views (src/domain/directory/*-view.ts, ADR 0062). */
const customer = restResourceOf<CustomerView>(customerView, { object: 'customer', id: 'Customer' });
const product = restResourceOf<ProductView>(productView, { object: 'product', id: 'Product' });

export const customerResource = customer.schema;
export const productResource = product.schema;

export function serializeCustomer(c: CustomerView): z.infer<typeof customerResource> {
  return customer.serialize(c) as z.infer<typeof customerResource>;
}

export function serializeProduct(p: ProductView): z.infer<typeof productResource> {
  return product.serialize(p) as z.infer<typeof productResource>;
}

/** The answer of `POST …/customers/{customer_id}/edit-link`: the only place the link's token appears. */
export const customerEditLinkResource = z.object({
  object: z.literal('customer_edit_link'),
  url: z.string().describe('Página de un solo uso para el cliente (abrirla no la gasta; guardar el formulario sí)'),
  expires_at: z.string().describe('7 días después de creado'),
}).meta({ id: 'CustomerEditLink' });
