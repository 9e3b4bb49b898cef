import { createEmitterSchema } from '../../domain/emitter/emitter-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { AccountEntity, EmitterEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';

export function nitTaken(nit: string): DomainError {
  const message = `Ya existe un emisor con el NIT ${nit} en esta cuenta.`;
  return new DomainError('emitter_nit_taken', message, [{ path: 'nit', code: 'emitter_nit_taken', message }]);
}

export class CreateEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: unknown): Promise<EmitterEntity> {
    const parsed = parseWith(createEmitterSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    const em = this.deps.orm.em.fork();
    if (await em.count(EmitterEntity, { account: actor.accountId, nit: v.nit })) throw nitTaken(v.nit);
    const now = this.deps.clock.now();
    const emitter = em.create(EmitterEntity, {
      id: newId(IdPrefix.emitter, now.getTime()),
      account: em.getReference(AccountEntity, actor.accountId),
      nit: v.nit,
      nrc: v.nrc,
      name: v.name,
      tradeName: v.tradeName ?? null,
      economicActivity: v.economicActivity,
      establishmentType: v.establishmentType ?? null,
      address: { ...v.address },
      phone: v.phone ?? null,
      email: v.email,
      numbering: v.numbering ?? 'per_establishment',
      logoUrl: v.logoUrl ?? null,
      isLargeTaxpayer: v.isLargeTaxpayer ?? false,
      createdAt: now,
      updatedAt: now,
    });
    try {
      await em.flush();
    } catch (err) {
      if (isUniqueViolation(err)) throw nitTaken(v.nit);
      throw err;
    }
    return emitter;
  }
}
