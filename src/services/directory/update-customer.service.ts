import { createCustomerSchema, updateCustomerSchema } from '../../domain/directory/customer-input.schema';
import { changedFields } from '../../domain/identity/audit-changes';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import type { CustomerEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { customerAsInput, customerColumns, customerDocumentTaken, loadCustomerFor, mergePatch } from './directory-rows';

/**
 * PATCH a customer: given fields replace, `null` clears; the merged customer is validated whole, as a
 * receiver. Documents already issued to it keep the receiver they were issued with.
 */
export class UpdateCustomerService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, id: string, input: unknown): Promise<CustomerEntity> {
    const patch = parseWith(updateCustomerSchema, input);
    const em = this.deps.orm.em.fork();
    const updated = await em.transactional(async (tx) => {
      const { customer: c } = await loadCustomerFor(tx, actor, emitterId, id);
      if (!patch.ok) throw DomainError.validation(patch.errors);
      return applyCustomerChange(tx, this.deps.clock.now(), c, mergePatch(customerAsInput(c), patch.value as Record<string, unknown>), { actor }, 'customer.updated');
    });
    // Issuance by reference in this process reads the change, not its cached copy.
    this.deps.emitterCaches?.forget(updated.emitter.id);
    return updated;
  }
}

/** Validates the merged customer, writes it and audits what changed (shared with the self-service page). */
export async function applyCustomerChange(
  tx: import('@mikro-orm/core').EntityManager,
  now: Date,
  c: CustomerEntity,
  merged: Record<string, unknown>,
  who: import('../audit/audit-trail').AuditSubject,
  action: 'customer.updated' | 'customer.self_service_completed',
  extra: Partial<Pick<CustomerEntity, 'selfServiceCompletedAt'>> = {},
): Promise<CustomerEntity> {
  const parsed = parseWith(createCustomerSchema, merged);
  if (!parsed.ok) throw DomainError.validation(parsed.errors);
  const before = customerAsInput(c);
  Object.assign(c, customerColumns(parsed.value), extra, { updatedAt: now });
  try {
    await tx.flush();
  } catch (err) {
    if (isUniqueViolation(err)) throw customerDocumentTaken(c.documentNumber ?? '');
    throw err;
  }
  const after = customerAsInput(c);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = changedFields(before, after, keys);
  if (changed.length || action === 'customer.self_service_completed') {
    await recordAudit(tx, now, who, {
      accountId: c.accountId, action, target: { type: 'emitter', id: c.emitter.id },
      details: { customer_id: c.id, name: c.name, changed },
    });
  }
  return c;
}
