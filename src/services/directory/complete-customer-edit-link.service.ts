import { formFieldOf, formToCustomerChange } from '../../domain/directory/customer-self-service-form';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import type { CustomerEntity } from '../../persistence/entities';
import type { RequestOrigin } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { loadUsableEditLink } from './customer-edit-link-access';
import { customerAsInput } from './directory-rows';
import { applyCustomerChange } from './update-customer.service';

/**
 * The self-service form's submission (ADR 0064): in one transaction, the link is locked and checked,
 * the customer's data replaced by what the form says (validated whole by the customer schema), the
 * change audited as `customer.self_service_completed`, the customer's `selfServiceCompletedAt` and the
 * link's `usedAt` set. A refusal (a field's message, an unknown field) changes nothing and leaves the
 * link usable; errors name the form's inputs.
 */
export class CompleteCustomerEditLinkService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(token: unknown, form: Record<string, unknown>, origin: RequestOrigin): Promise<CustomerEntity> {
    const em = this.deps.orm.em.fork();
    const now = this.deps.clock.now();
    const completed = await em.transactional(async (tx) => {
      const { link, customer } = await loadUsableEditLink(tx, token, now, true);
      const change = formToCustomerChange(form, customerAsInput(customer));
      if (!change.ok) throw DomainError.validation(change.errors);
      try {
        await applyCustomerChange(tx, now, customer, change.value, { anonymous: origin }, 'customer.self_service_completed', { selfServiceCompletedAt: now });
      } catch (err) {
        if (err instanceof DomainError) throw new DomainError(err.code, err.message, err.errors.map(onForm));
        throw err;
      }
      link.usedAt = now;
      await tx.flush();
      return customer;
    });
    // Issuance by reference in this process reads the change, not its cached copy.
    this.deps.emitterCaches?.forget(completed.emitter.id);
    return completed;
  }
}

/** A customer-schema error as the form names it (a field not on the form keeps its path). */
function onForm(e: FieldError): FieldError {
  if (e.path === null) return e;
  const top = e.path.split('.')[0]!;
  return { ...e, path: formFieldOf(e.path) ?? formFieldOf(top) ?? e.path };
}
