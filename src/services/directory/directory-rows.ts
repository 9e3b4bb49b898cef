import type { EntityManager } from '@mikro-orm/core';
import type { CustomerInput, CustomerReceiver } from '../../domain/directory/customer-input.schema';
import type { ProductInput } from '../../domain/directory/product-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { CustomerEntity, EmitterEntity, ProductEntity } from '../../persistence/entities';
import { loadOwnEmitter } from '../emitters/emitter-access';
import type { Actor } from '../shared/actor';

export type CustomerRow = CustomerEntity;
export type ProductRow = ProductEntity;

export function customerDocumentTaken(documentNumber: string): DomainError {
  const message = `El emisor ya tiene un cliente con el documento ${documentNumber}.`;
  return new DomainError('customer_document_taken', message, [{ path: 'documentNumber', code: 'customer_document_taken', message }]);
}

export function productCodeTaken(code: string): DomainError {
  const message = `El emisor ya tiene un producto o servicio con el código ${code}.`;
  return new DomainError('product_code_taken', message, [{ path: 'code', code: 'product_code_taken', message }]);
}

const validId = (id: unknown): id is string => typeof id === 'string' && id.length > 0 && id.length <= 64;

/** A customer of this emitter; another emitter's or account's is "not found". */
export async function loadOwnCustomer(em: EntityManager, emitter: EmitterEntity, id: string, path = 'customerId'): Promise<CustomerEntity> {
  const c = validId(id) ? await em.findOne(CustomerEntity, { id, emitter }) : null;
  if (!c) throw DomainError.notFound('un cliente', path);
  return c;
}

export async function loadOwnProduct(em: EntityManager, emitter: EmitterEntity, id: string, path = 'productId'): Promise<ProductEntity> {
  const p = validId(id) ? await em.findOne(ProductEntity, { id, emitter }) : null;
  if (!p) throw DomainError.notFound('un producto o servicio', path);
  return p;
}

/** The receiver fields without the owner's `externalId`, with absent keys left out (the stored JSON). */
export function receiverOf(input: CustomerInput): CustomerReceiver {
  const { externalId: _ignored, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as CustomerReceiver;
}

/** The columns a customer copies out of its receiver (what lists show and the search folds). */
export function customerColumns(input: CustomerInput): Pick<CustomerEntity, 'name' | 'tradeName' | 'documentType' | 'documentNumber' | 'nrc' | 'email' | 'externalId' | 'receiver'> {
  return {
    name: input.name,
    tradeName: input.tradeName ?? null,
    documentType: input.documentType ?? null,
    documentNumber: input.documentNumber ?? null,
    nrc: input.nrc ?? null,
    email: input.email ?? null,
    externalId: input.externalId ?? null,
    receiver: receiverOf(input),
  };
}

export function productColumns(input: ProductInput): Pick<ProductEntity, 'code' | 'description' | 'type' | 'unitCode' | 'unitPrice' | 'tax' | 'taxes'> {
  return {
    code: input.code ?? null,
    description: input.description,
    type: input.type ?? null,
    unitCode: input.unitCode,
    unitPrice: input.unitPrice,
    tax: input.tax ?? null,
    taxes: input.taxes ?? null,
  };
}

/** A customer as its create body would state it (camelCase): what a PATCH merges into. */
export function customerAsInput(c: CustomerEntity): Record<string, unknown> {
  return { ...c.receiver, ...(c.externalId !== null ? { externalId: c.externalId } : {}) };
}

export function productAsInput(p: ProductEntity): Record<string, unknown> {
  const all: Record<string, unknown> = { code: p.code, description: p.description, type: p.type, unitCode: p.unitCode, unitPrice: p.unitPrice, tax: p.tax, taxes: p.taxes };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== null));
}

/** PATCH semantics: a given key replaces, `null` clears, an absent key keeps. */
export function mergePatch(current: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/**
 * A customer and its emitter, by the REST path (emitter and customer ids: the customer must be that
 * emitter's) or by the customer's id alone (GraphQL `customer(id)`): either way only this account's,
 * and only an emitter the actor may see (an embed view's, a limited key's).
 */
export async function loadCustomerFor(em: EntityManager, actor: Actor, emitterId: string | null, id: string): Promise<{ emitter: EmitterEntity; customer: CustomerEntity }> {
  if (emitterId !== null) {
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    return { emitter, customer: await loadOwnCustomer(em, emitter, id, 'id') };
  }
  const customer = validId(id) ? await em.findOne(CustomerEntity, { id, accountId: actor.accountId }) : null;
  if (!customer) throw DomainError.notFound('un cliente', 'id');
  const emitter = await loadOwnEmitter(em, actor, customer.emitter.id, 'id');
  return { emitter, customer };
}

export async function loadProductFor(em: EntityManager, actor: Actor, emitterId: string | null, id: string): Promise<{ emitter: EmitterEntity; product: ProductEntity }> {
  if (emitterId !== null) {
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    return { emitter, product: await loadOwnProduct(em, emitter, id, 'id') };
  }
  const product = validId(id) ? await em.findOne(ProductEntity, { id, accountId: actor.accountId }) : null;
  if (!product) throw DomainError.notFound('un producto o servicio', 'id');
  const emitter = await loadOwnEmitter(em, actor, product.emitter.id, 'id');
  return { emitter, product };
}

/** A new customer row of an emitter (the single create, the import and `saveCustomer` add them alike). */
export function newCustomerRow(tx: EntityManager, actor: Actor, emitterId: string, cols: ReturnType<typeof customerColumns>, now: Date, lastUsedAt: Date | null = null): CustomerEntity {
  return tx.create(CustomerEntity, {
    id: newId(IdPrefix.customer, now.getTime()),
    accountId: actor.accountId,
    emitter: tx.getReference(EmitterEntity, emitterId),
    ...cols,
    createdAt: now,
    updatedAt: now,
    lastUsedAt,
    selfServiceCompletedAt: null,
  });
}

/** A new product row of an emitter (the single create and the import add them alike). */
export function newProductRow(tx: EntityManager, actor: Actor, emitterId: string, cols: ReturnType<typeof productColumns>, now: Date): ProductEntity {
  return tx.create(ProductEntity, {
    id: newId(IdPrefix.product, now.getTime()),
    accountId: actor.accountId,
    emitter: tx.getReference(EmitterEntity, emitterId),
    ...cols,
    createdAt: now,
    updatedAt: now,
    lastUsedAt: null,
  });
}
