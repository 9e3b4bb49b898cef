import { IdPrefix, newId } from '../../domain/shared/ids';
import { CustomerEditLinkEntity } from '../../persistence/entities';
import { holdIdempotencyRecord, linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { CUSTOMER_EDIT_LINK_TTL_S, editLinkUrl, hashEditLinkToken, newEditLinkToken } from './customer-edit-link-token';
import { loadCustomerFor } from './directory-rows';

export interface CreatedCustomerEditLink {
  url: string;
  expiresAt: Date;
}

const EDIT_LINK_RESOURCE = 'customer_edit_link';

/**
 * A single-use link (7 days) to a page where the customer types their own fiscal data (ADR 0064). Only
 * the token's SHA-256 is stored; the token is in the answer only. A retry of a request whose process
 * died gives the same link a new token (the undelivered one stops working): one key, one live link.
 * Earlier links of the customer stay valid until used or expired.
 */
export class CreateCustomerEditLinkService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, customerId: string): Promise<CreatedCustomerEditLink> {
    const em = this.deps.orm.em.fork();
    const { customer } = await loadCustomerFor(em, actor, emitterId, customerId);
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + CUSTOMER_EDIT_LINK_TTL_S * 1000);
    const token = newEditLinkToken();
    const resumed = resumedResource(actor, EDIT_LINK_RESOURCE);
    if (resumed) {
      const rows = await em.transactional(async (tx) => {
        await holdIdempotencyRecord(tx, actor);
        return sql(tx, 'update customer_edit_links set token_hash = ?, expires_at = ?, used_at = null where id = ? and account_id = ? returning id', [hashEditLinkToken(token), expiresAt, resumed, actor.accountId]);
      });
      if (rows.length) return { url: editLinkUrl(this.deps.baseUrl(), token), expiresAt };
    }
    await em.transactional(async (tx) => {
      const id = newId(IdPrefix.customerEditLink, now.getTime());
      tx.create(CustomerEditLinkEntity, { id, tokenHash: hashEditLinkToken(token), accountId: actor.accountId, customer, expiresAt, createdAt: now });
      await tx.flush();
      await linkCreatedResource(tx, actor, EDIT_LINK_RESOURCE, id);
    });
    return { url: editLinkUrl(this.deps.baseUrl(), token), expiresAt };
  }
}
