import { recordAudit } from '../audit/audit-trail';
import { createEmitterSchema } from '../../domain/emitter/emitter-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { parseWith } from '../../domain/shared/zod-errors';
import { AccountEntity, EmitterEntity } from '../../persistence/entities';
import { linkCreatedResource, resumedResource } from '../idempotency/idempotency-handle';
import type { Actor } from '../shared/actor';
import { loadOwnEmitter, assertKeyMayCreateEmitter } from './emitter-access';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';

export function nitTaken(nit: string): DomainError {
  const message = `Ya existe un emisor con el NIT ${nit} en esta cuenta.`;
  return new DomainError('emitter_nit_taken', message, [{ path: 'nit', code: 'emitter_nit_taken', message }]);
}

/** The resource type a creation links to its Idempotency-Key record. */
const EMITTER_RESOURCE = 'emitter';

/**
 * Registers an emitter of the caller's account (one per NIT). The emitter is linked to the request's
 * Idempotency-Key record in its own commit, so a retry of a request whose process died answers that
 * emitter as it is now instead of 409 `emitter_nit_taken` for the NIT it registered itself.
 */
export class CreateEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, input: unknown): Promise<EmitterEntity> {
    assertKeyMayCreateEmitter(actor);
    const em = this.deps.orm.em.fork();
    const resumed = resumedResource(actor, EMITTER_RESOURCE);
    if (resumed) return loadOwnEmitter(em, actor, resumed);
    const parsed = parseWith(createEmitterSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (await em.count(EmitterEntity, { account: actor.accountId, nit: v.nit })) throw nitTaken(v.nit);
    const now = this.deps.clock.now();
    const fields = {
      id: newId(IdPrefix.emitter, now.getTime()),
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
    };
    try {
      return await em.transactional(async (tx) => {
        const emitter = tx.create(EmitterEntity, { ...fields, account: tx.getReference(AccountEntity, actor.accountId) });
        await tx.flush();
        await linkCreatedResource(tx, actor, EMITTER_RESOURCE, emitter.id);
        await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'emitter.created', target: { type: 'emitter', id: emitter.id }, details: { name: emitter.name, nit: emitter.nit } });
        return emitter;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nitTaken(v.nit);
      throw err;
    }
  }
}
