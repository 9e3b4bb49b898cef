import { createProductSchema, updateProductSchema } from '../../domain/directory/product-input.schema';
import { changedFields } from '../../domain/identity/audit-changes';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import type { ProductEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { loadProductFor, mergePatch, productAsInput, productCodeTaken, productColumns } from './directory-rows';

/** PATCH a product: given fields replace, `null` clears; documents already issued keep their lines as issued. */
export class UpdateProductService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string | null, id: string, input: unknown): Promise<ProductEntity> {
    const patch = parseWith(updateProductSchema, input);
    const em = this.deps.orm.em.fork();
    const updated = await em.transactional(async (tx) => {
      const { emitter, product: p } = await loadProductFor(tx, actor, emitterId, id);
      if (!patch.ok) throw DomainError.validation(patch.errors);
      const parsed = parseWith(createProductSchema, mergePatch(productAsInput(p), patch.value as Record<string, unknown>));
      if (!parsed.ok) throw DomainError.validation(parsed.errors);
      const before = productAsInput(p);
      const now = this.deps.clock.now();
      Object.assign(p, productColumns(parsed.value), { updatedAt: now });
      try {
        await tx.flush();
      } catch (err) {
        if (isUniqueViolation(err)) throw productCodeTaken(p.code ?? '');
        throw err;
      }
      const after = productAsInput(p);
      const changed = changedFields(before, after, [...new Set([...Object.keys(before), ...Object.keys(after)])]);
      if (changed.length) {
        await recordAudit(tx, now, { actor }, {
          accountId: actor.accountId, action: 'product.updated', target: { type: 'emitter', id: emitter.id },
          details: { product_id: p.id, code: p.code, changed },
        });
      }
      return p;
    });
    // Issuance by reference in this process reads the change, not its cached copy.
    this.deps.emitterCaches?.forget(updated.emitter.id);
    return updated;
  }
}
