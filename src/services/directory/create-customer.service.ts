import { createCustomerSchema } from '../../domain/directory/customer-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { CustomerEntity, EmitterEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { customerColumns, customerDocumentTaken, loadOwnCustomer } from './directory-rows';

const CUSTOMER_RESOURCE = 'customer';

/** Adds a customer (receiver) to an emitter's directory, validated as DocumentCreate.receiver is. */
export class CreateCustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: unknown): Promise<CustomerEntity> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const resumed = resumedResource(actor, CUSTOMER_RESOURCE);
    if (resumed) return loadOwnCustomer(em, emitter, resumed);
    const parsed = parseWith(createCustomerSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const now = this.deps.clock.now();
    const cols = customerColumns(parsed.value);
    try {
      return await em.transactional(async (tx) => {
        const c = tx.create(CustomerEntity, {
          id: newId(IdPrefix.customer, now.getTime()),
          accountId: actor.accountId,
          emitter: tx.getReference(EmitterEntity, emitter.id),
          ...cols,
          createdAt: now,
          updatedAt: now,
          lastUsedAt: null,
          selfServiceCompletedAt: null,
        });
        await tx.flush();
        await linkCreatedResource(tx, actor, CUSTOMER_RESOURCE, c.id);
        await recordAudit(tx, now, { actor }, {
          accountId: actor.accountId, action: 'customer.created', target: { type: 'emitter', id: emitter.id },
          details: { customer_id: c.id, name: c.name },
        });
        return c;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw customerDocumentTaken(cols.documentNumber ?? '');
      throw err;
    }
  }
}
