import type { CustomerView } from '../../domain/directory/customer-view';
import type { ProductView } from '../../domain/directory/product-view';
import type { CustomerRow, ProductRow } from '../../services/directory/directory-rows';

export function toCustomer(c: CustomerRow): CustomerView {
  const r = c.receiver;
  return {
    id: c.id,
    emitterId: c.emitter.id,
    externalId: c.externalId,
    name: c.name,
    documentType: r.documentType ?? null,
    documentNumber: r.documentNumber ?? null,
    nrc: r.nrc ?? null,
    economicActivity: r.economicActivity ?? null,
    tradeName: r.tradeName ?? null,
    address: r.address ? { ...r.address } : null,
    email: r.email ?? null,
    phone: r.phone ?? null,
    country: r.country ?? null,
    personType: r.personType ?? null,
    fiscalDomicile: r.fiscalDomicile ?? null,
    establishmentType: r.establishmentType ?? null,
    activityDescription: r.activityDescription ?? null,
    foreignAddress: r.foreignAddress ?? null,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    lastUsedAt: c.lastUsedAt,
    selfServiceCompletedAt: c.selfServiceCompletedAt,
  };
}

export function toProduct(p: ProductRow): ProductView {
  return {
    id: p.id,
    emitterId: p.emitter.id,
    code: p.code,
    description: p.description,
    type: p.type,
    unitCode: p.unitCode,
    unitPrice: p.unitPrice,
    tax: p.tax as ProductView['tax'],
    taxes: p.taxes,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    lastUsedAt: p.lastUsedAt,
  };
}
