import type { z } from 'zod';
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
