import { createProductSchema } from '../../domain/directory/product-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { EmitterEntity, ProductEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { loadOwnEmitter } from '../emitters/emitter-access';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { loadOwnProduct, productCodeTaken, productColumns } from './directory-rows';

const PRODUCT_RESOURCE = 'product';

/** Adds a product or service to an emitter's catalogue, validated as an issuance line's fields are. */
export class CreateProductService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: unknown): Promise<ProductEntity> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const resumed = resumedResource(actor, PRODUCT_RESOURCE);
    if (resumed) return loadOwnProduct(em, emitter, resumed);
    const parsed = parseWith(createProductSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const now = this.deps.clock.now();
    const cols = productColumns(parsed.value);
    try {
      return await em.transactional(async (tx) => {
        const p = tx.create(ProductEntity, {
          id: newId(IdPrefix.product, now.getTime()),
          accountId: actor.accountId,
          emitter: tx.getReference(EmitterEntity, emitter.id),
          ...cols,
          createdAt: now,
          updatedAt: now,
          lastUsedAt: null,
        });
        await tx.flush();
        await linkCreatedResource(tx, actor, PRODUCT_RESOURCE, p.id);
        await recordAudit(tx, now, { actor }, {
          accountId: actor.accountId, action: 'product.created', target: { type: 'emitter', id: emitter.id },
          details: { product_id: p.id, code: p.code, description: p.description },
        });
        return p;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw productCodeTaken(cols.code ?? '');
      throw err;
    }
  }
}
