import type { EntityManager } from '@mikro-orm/core';
import { createCustomerSchema, type CustomerInput } from '../../domain/directory/customer-input.schema';
import type { DocumentCreateBody } from '../../domain/dte';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { CustomerEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { NoticeCache } from '../shared/notice-cache';
import { type SqlExecutor, preparedSql } from '../shared/sql';
import { customerColumns, newCustomerRow } from '../directory/directory-rows';

type Json = Record<string, unknown>;

/** What an issuance by reference does once its document is stored. */
export interface ReferenceFollowUp {
  /** The customer named by `customerId` (its `last_used_at` moves). */
  customerId: string | null;
  /** `saveCustomer`: the receiver to keep as the emitter's customer (by its document number), as a customer's input. */
  saveReceiver: CustomerInput | null;
}

/** A customer (its stored receiver) or a product (its line fields) as issuance by reference reads it. */
export interface DirectoryReference {
  kind: 'customer' | 'product';
  id: string;
  data: Json;
}

/**
 * The customer and the products named, in one statement, both scoped to the emitter and the
 * account: the customer's stored receiver, each product's fields as a line takes them (camelCase).
 */
const REFERENCES_SQL = `
  select 'customer' as kind, c.id, c.receiver as data from customers c
   where c.id = ? and c.emitter_id = ? and c.account_id = ?
  union all
  select 'product', p.id, jsonb_build_object('type', p.type, 'code', p.code, 'description', p.description,
         'unitCode', p.unit_code, 'unitPrice', p.unit_price, 'tax', p.tax, 'taxes', p.taxes)
    from products p where p.id = any(?::text[]) and p.emitter_id = ? and p.account_id = ?`;

/**
 * Resolves the directory references of an issuance body into a full DocumentCreate, as issued: the
 * customer's receiver in place of `customerId`, each `productId` line filled with the product's
 * fields under the line's own. One statement reads the customer and every product, scoped to the
 * body's emitter and the actor's account: anything else's is "not found" and nothing is issued.
 * With the process's cache (`EmitterCaches.references`, kept by the directory tables' notices)
 * only those not in it are read; a body whose references are all there reads nothing.
 */
export async function resolveDirectoryReferences(
  em: SqlExecutor, actor: Actor, body: DocumentCreateBody, cache?: NoticeCache<DirectoryReference> | null,
): Promise<{ body: Json; followUp: ReferenceFollowUp }> {
  const { customerId, saveCustomer, items, ...rest } = body;
  const saveReceiver = saveCustomer === true ? receiverAsCustomer(body.receiver) : null;
  const out: Json = { ...rest };
  const productIds = [...new Set((items ?? []).map((i) => i.productId).filter((id): id is string => id !== undefined))];
  const rows = await readReferences(em, actor, body.emitterId, customerId ?? null, productIds, cache);
  if (customerId !== undefined) {
    const customer = rows.find((r) => r.kind === 'customer');
    if (!customer) throw DomainError.notFound('un cliente', 'customerId');
    out.receiver = { ...customer.data };
  }
  if (items !== undefined) {
    const byId = new Map(rows.filter((r) => r.kind === 'product').map((r) => [r.id, r.data]));
    out.items = items.map((item, index) => {
      const { productId, ...given } = item;
      const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      if (productId === undefined) return defined;
      const fromProduct = byId.get(productId);
      if (!fromProduct) throw DomainError.notFound('un producto o servicio', `items[${index}].productId`);
      return { ...Object.fromEntries(Object.entries(fromProduct).filter(([, v]) => v !== null)), ...defined };
    });
  }
  return {
    body: out,
    followUp: { customerId: customerId ?? null, saveReceiver },
  };
}

/** The named customer and products of the emitter (those found): from the cache where it has them, the rest in one statement. */
async function readReferences(
  em: SqlExecutor, actor: Actor, emitterId: string, customerId: string | null, productIds: readonly string[], cache: NoticeCache<DirectoryReference> | null | undefined,
): Promise<DirectoryReference[]> {
  const keyOf = (kind: DirectoryReference['kind'], id: string) => `${kind}\u0000${actor.accountId}\u0000${emitterId}\u0000${id}`;
  const found: DirectoryReference[] = [];
  let customer = customerId;
  let products = productIds;
  if (cache) {
    const cached = customer !== null ? cache.get(keyOf('customer', customer)) : null;
    if (cached) {
      found.push(cached);
      customer = null;
    }
    products = productIds.filter((id) => {
      const hit = cache.get(keyOf('product', id));
      if (hit) found.push(hit);
      return !hit;
    });
    if (customer === null && products.length === 0) return found;
  }
  const generation = cache?.generation() ?? 0;
  const rows = await preparedSql<DirectoryReference>(em, REFERENCES_SQL, [customer, emitterId, actor.accountId, [...products], emitterId, actor.accountId]);
  for (const r of rows) cache?.set(keyOf(r.kind, r.id), emitterId, r, generation);
  return [...found, ...rows];
}

/**
 * `saveCustomer` asks for the receiver to be kept as a customer: it is read as a customer's input
 * here, once, and kept for after the document is stored. One a customer cannot be (a NIT or DUI whose
 * check digit fails; without a name or a document the body's schema already refused it) is refused
 * before anything is issued, naming the field — never issued with the customer silently left unsaved.
 */
function receiverAsCustomer(receiver: unknown): CustomerInput {
  const asCustomer = parseWith(createCustomerSchema, receiver);
  if (asCustomer.ok) return asCustomer.value as CustomerInput;
  throw DomainError.validation(
    asCustomer.errors.map((e) => ({ ...e, path: e.path ? `receiver.${e.path}` : 'receiver', message: `Para guardar el receptor como cliente (saveCustomer): ${e.message}` })),
  );
}

/**
 * After the document is stored: the named customer's last use, or the receiver saved as a customer
 * (`forget`: the emitter's cached references, once the saved customer is committed).
 */
export async function applyReferenceFollowUp(
  em: EntityManager, actor: Actor, emitterId: string, followUp: ReferenceFollowUp, now: Date, forget?: (emitterId: string) => void,
): Promise<void> {
  if (followUp.customerId !== null) {
    await em.nativeUpdate(CustomerEntity, { id: followUp.customerId, emitter: emitterId, accountId: actor.accountId }, { lastUsedAt: now });
  }
  if (followUp.saveReceiver === null) return;
  const cols = customerColumns(followUp.saveReceiver);
  await em.transactional(async (tx) => {
    const existing = await tx.findOne(CustomerEntity, { emitter: emitterId, documentNumber: cols.documentNumber });
    if (existing) {
      // The owner's own externalId stays: the receiver has none.
      Object.assign(existing, { ...cols, externalId: existing.externalId, updatedAt: now, lastUsedAt: now });
    } else {
      newCustomerRow(tx, actor, emitterId, cols, now, now);
    }
    await tx.flush();
  });
  forget?.(emitterId);
}
