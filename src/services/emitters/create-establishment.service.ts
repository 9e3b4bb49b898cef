import { createEstablishmentSchema } from '../../domain/emitter/establishment-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { EstablishmentEntity, PointOfSaleEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { loadOwnEmitter } from './emitter-access';

export function establishmentCodeTaken(code: string): DomainError {
  const message = `El emisor ya tiene un establecimiento con el código ${code}.`;
  return new DomainError('establishment_code_taken', message, [{ path: 'code', code: 'establishment_code_taken', message }]);
}

export class CreateEstablishmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, input: unknown): Promise<EstablishmentEntity> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, emitterId, 'emitterId');
    const parsed = parseWith(createEstablishmentSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (await em.count(EstablishmentEntity, { emitter, code: v.code })) throw establishmentCodeTaken(v.code);
    const now = this.deps.clock.now();
    const est = em.create(EstablishmentEntity, {
      id: newId(IdPrefix.establishment, now.getTime()),
      emitter,
      code: v.code,
      name: v.name ?? null,
      type: v.type,
      address: { ...v.address },
      phone: v.phone ?? null,
      email: v.email ?? null,
      active: v.active ?? true,
      createdAt: now,
      updatedAt: now,
    });
    (v.pointsOfSale ?? []).forEach((p, i) => {
      est.pointsOfSale.add(
        em.create(PointOfSaleEntity, {
          id: newId(IdPrefix.pointOfSale, now.getTime()),
          establishment: est,
          code: p.code,
          name: p.name ?? null,
          active: p.active ?? true,
          position: i,
          documentsCount: 0,
          createdAt: now,
        }),
      );
    });
    try {
      await em.flush();
    } catch (err) {
      if (isUniqueViolation(err)) throw establishmentCodeTaken(v.code);
      throw err;
    }
    this.deps.emitterCaches?.forget(emitter.id);
    return est;
  }
}
