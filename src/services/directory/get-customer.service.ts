import { DomainError } from '../../domain/shared/domain-error';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadCustomerFor, type CustomerRow } from './directory-rows';

/** One customer of an emitter; null when the emitter or the customer is not this account's. */
export class GetCustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, id: string): Promise<CustomerRow | null> {
    const em = this.deps.orm.em.fork();
    try {
      return (await loadCustomerFor(em, actor, emitterId, id)).customer;
    } catch (err) {
      if (err instanceof DomainError && err.code === 'resource_not_found') return null;
      throw err;
    }
  }
}
