import { updateEmitterSchema } from '../../domain/emitter/emitter-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { EmitterEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { nitTaken } from './create-emitter.service';
import { loadOwnEmitter } from './emitter-access';

/** PATCH semantics: fields present replace the stored ones (the address as a whole); `null` clears an optional field. */
export class UpdateEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown): Promise<EmitterEntity> {
    const em = this.deps.orm.em.fork();
    const emitter = await loadOwnEmitter(em, actor, id);
    const parsed = parseWith(updateEmitterSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (v.nit !== undefined && v.nit !== emitter.nit && (await em.count(EmitterEntity, { account: actor.accountId, nit: v.nit }))) {
      throw nitTaken(v.nit);
    }
    if (v.nit !== undefined) emitter.nit = v.nit;
    if (v.nrc !== undefined) emitter.nrc = v.nrc;
    if (v.name !== undefined) emitter.name = v.name;
    if (v.tradeName !== undefined) emitter.tradeName = v.tradeName;
    if (v.economicActivity !== undefined) emitter.economicActivity = v.economicActivity;
    if (v.establishmentType !== undefined) emitter.establishmentType = v.establishmentType;
    if (v.address !== undefined) emitter.address = Object.assign(emitter.address, v.address);
    if (v.phone !== undefined) emitter.phone = v.phone;
    if (v.email !== undefined) emitter.email = v.email;
    if (v.numbering !== undefined) emitter.numbering = v.numbering;
    if (v.logoUrl !== undefined) emitter.logoUrl = v.logoUrl;
    if (v.isLargeTaxpayer !== undefined) emitter.isLargeTaxpayer = v.isLargeTaxpayer;
    emitter.updatedAt = this.deps.clock.now();
    try {
      await em.flush();
    } catch (err) {
      if (isUniqueViolation(err)) throw nitTaken(emitter.nit);
      throw err;
    }
    this.deps.emitterCaches?.forget(emitter.id);
    return emitter;
  }
}
