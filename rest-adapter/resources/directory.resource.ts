import { z } from 'zod';
import type { CustomerType } from '../../src/graphql/directory/customer.types';
import type { ProductType } from '../../src/graphql/directory/product.types';
import { addressResource } from './emitter.resource';
import { isoTime } from './iso-time';

export const customerResource = z.object({
  id: z.string(),
  object: z.literal('customer'),
  emitter_id: z.string(),
  external_id: z.string().nullable(),
  name: z.string(),
  document_type: z.string().nullable().describe('CAT-022'),
  document_number: z.string().nullable(),
  nrc: z.string().nullable(),
  economic_activity: z.string().nullable().describe('CAT-019'),
  trade_name: z.string().nullable(),
  address: addressResource.nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable().describe('CAT-020'),
  person_type: z.string().nullable(),
  fiscal_domicile: z.string().nullable(),
  establishment_type: z.string().nullable(),
  activity_description: z.string().nullable(),
  foreign_address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used_at: z.string().nullable(),
  self_service_completed_at: z.string().nullable(),
}).meta({ id: 'Customer' });

export function serializeCustomer(c: CustomerType): z.infer<typeof customerResource> {
  return {
    id: c.id,
    object: 'customer',
    emitter_id: c.emitterId,
    external_id: c.externalId,
    name: c.name,
    document_type: c.documentType,
    document_number: c.documentNumber,
    nrc: c.nrc,
    economic_activity: c.economicActivity,
    trade_name: c.tradeName,
    address: c.address ? { department: c.address.department, municipality: c.address.municipality, district: c.address.district, line: c.address.line } : null,
    email: c.email,
    phone: c.phone,
    country: c.country,
    person_type: c.personType,
    fiscal_domicile: c.fiscalDomicile,
    establishment_type: c.establishmentType,
    activity_description: c.activityDescription,
    foreign_address: c.foreignAddress,
    created_at: isoTime(c.createdAt)!,
    updated_at: isoTime(c.updatedAt)!,
    last_used_at: isoTime(c.lastUsedAt),
    self_service_completed_at: isoTime(c.selfServiceCompletedAt),
  };
}

export const productResource = z.object({
  id: z.string(),
  object: z.literal('product'),
  emitter_id: z.string(),
  code: z.string().nullable(),
  description: z.string(),
  type: z.string().nullable().describe('CAT-011'),
  unit_code: z.string().describe('CAT-014'),
  unit_price: z.string().describe('Decimal en texto'),
  tax: z.enum(['gravada', 'exenta', 'no_sujeta']).nullable(),
  taxes: z.array(z.string()).nullable().describe('CAT-015'),
  created_at: z.string(),
  updated_at: z.string(),
  last_used_at: z.string().nullable(),
}).meta({ id: 'Product' });

export function serializeProduct(p: ProductType): z.infer<typeof productResource> {
  return {
    id: p.id,
    object: 'product',
    emitter_id: p.emitterId,
    code: p.code,
    description: p.description,
    type: p.type,
    unit_code: p.unitCode,
    unit_price: p.unitPrice,
    tax: p.tax as 'gravada' | 'exenta' | 'no_sujeta' | null,
    taxes: p.taxes,
    created_at: isoTime(p.createdAt)!,
    updated_at: isoTime(p.updatedAt)!,
    last_used_at: isoTime(p.lastUsedAt),
  };
}
