import { customerToFormValues } from '../../domain/directory/customer-self-service-form';
import type { ServiceDeps } from '../shared/service-deps';
import { loadUsableEditLink } from './customer-edit-link-access';
import { customerAsInput } from './directory-rows';

export interface OpenedCustomerEditLink {
  emitterName: string;
  customerName: string;
  values: Record<string, string>;
  expiresAt: Date;
}

/**
 * What the self-service page shows for a link: the emitter asking and the customer's data as stored.
 * Reading spends nothing (a mail scanner's GET leaves the link usable); a used or expired link is its
 * refusal (the page says which).
 */
export class OpenCustomerEditLinkService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(token: unknown): Promise<OpenedCustomerEditLink> {
    const em = this.deps.orm.em.fork();
    const { link, customer } = await loadUsableEditLink(em, token, this.deps.clock.now());
    const emitter = customer.emitter;
    return { emitterName: emitter.tradeName ?? emitter.name, customerName: customer.name, values: customerToFormValues(customerAsInput(customer)), expiresAt: link.expiresAt };
  }
}
