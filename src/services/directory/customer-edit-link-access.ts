import { LockMode, type EntityManager } from '@mikro-orm/core';
import { DomainError } from '../../domain/shared/domain-error';
import { CustomerEditLinkEntity, CustomerEntity } from '../../persistence/entities';
import { hashEditLinkToken, isWellFormedEditLinkToken } from './customer-edit-link-token';

const EXPIRED = 'Este enlace expiró o no es válido: pida uno nuevo a quien se lo envió.';
const USED = 'Este enlace ya fue usado: sus datos ya se guardaron. Si necesita cambiarlos, pida un enlace nuevo a quien se lo envió.';

export const editLinkExpired = (): DomainError => new DomainError('customer_edit_link_expired', EXPIRED);
export const editLinkUsed = (): DomainError => new DomainError('customer_edit_link_used', USED);

/**
 * The link a token names, still usable at `now` (its customer loaded); otherwise the refusal the page
 * shows: already used, or expired / unknown. `lock` takes the row for the one submission that spends it.
 */
export async function loadUsableEditLink(em: EntityManager, token: unknown, now: Date, lock = false): Promise<{ link: CustomerEditLinkEntity; customer: CustomerEntity }> {
  if (!isWellFormedEditLinkToken(token)) throw editLinkExpired();
  const link = await em.findOne(CustomerEditLinkEntity, { tokenHash: hashEditLinkToken(token) }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!link) throw editLinkExpired();
  if (link.usedAt) throw editLinkUsed();
  if (link.expiresAt.getTime() <= now.getTime()) throw editLinkExpired();
  const customer = await em.findOneOrFail(CustomerEntity, { id: link.customer.id }, { populate: ['emitter'] });
  return { link, customer };
}
