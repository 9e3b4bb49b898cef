import { createEstablishmentSchema } from '../../domain/emitter/establishment-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { EmitterEntity, EstablishmentEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { loadOwnEmitter, loadOwnEstablishment } from './emitter-access';
import { addPointOfSale } from './new-point-of-sale';

export function establishmentCodeTaken(code: string): DomainError {
  const message = `El emisor ya tiene un establecimiento con el código ${code}.`;
  return new DomainError('establishment_code_taken', message, [{ path: 'code', code: 'establishment_code_taken', message }]);
}

/** The resource type a creation links to its Idempotency-Key record. */
const ESTABLISHMENT_RESOURCE = 'establishment';

/**
 * Adds an establishment (with its points of sale) to an emitter. It is linked to the request's
 * Idempotency-Key record in its own commit, so a retry of a request whose process died answers that
 * establishment as it is now instead of 409 `establishment_code_taken` for the code it added itself.
 */
export class CreateEstablishmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: unknown): Promise<EstablishmentEntity> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const resumed = resumedResource(actor, ESTABLISHMENT_RESOURCE);
    if (resumed) return loadOwnEstablishment(em, emitter, resumed);
    const parsed = parseWith(createEstablishmentSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (await em.count(EstablishmentEntity, { emitter, code: v.code })) throw establishmentCodeTaken(v.code);
    const now = this.deps.clock.now();
    const fields = {
      id: newId(IdPrefix.establishment, now.getTime()),
      code: v.code,
      name: v.name ?? null,
      type: v.type,
      address: { ...v.address },
      phone: v.phone ?? null,
      email: v.email ?? null,
      active: v.active ?? true,
      createdAt: now,
      updatedAt: now,
    };
    let est: EstablishmentEntity;
    try {
      est = await em.transactional(async (tx) => {
        const est = tx.create(EstablishmentEntity, { ...fields, emitter: tx.getReference(EmitterEntity, emitter.id) });
        (v.pointsOfSale ?? []).forEach((p, i) => addPointOfSale(tx, est, p, i, now));
        await tx.flush();
        await linkCreatedResource(tx, actor, ESTABLISHMENT_RESOURCE, est.id);
        await recordAudit(tx, now, { actor }, {
          accountId: actor.accountId, action: 'establishment.created', target: { type: 'emitter', id: emitter.id },
          details: { establishment_id: est.id, code: est.code, points_of_sale: (v.pointsOfSale ?? []).map((p) => p.code) },
        });
        return est;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw establishmentCodeTaken(v.code);
      throw err;
    }
    this.deps.emitterCaches?.forget(emitter.id);
    return est;
  }
}
