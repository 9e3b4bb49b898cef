import { updateEmitterSchema } from '../../domain/emitter/emitter-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { changedFields } from '../../domain/identity/audit-changes';
import { EmitterEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import { removeLogo } from './emitter-logo-store';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { isUniqueViolation } from '../shared/unique-violation';
import { nitTaken } from './create-emitter.service';
import { loadOwnEmitter } from './emitter-access';

/**
 * PATCH semantics: fields present replace the stored ones (the address as a whole); `null` clears an
 * optional field. A change of any field is audited (`emitter.updated`, the fields named) in its transaction.
 */
export class UpdateEmitterService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, id: string, input: unknown): Promise<EmitterEntity> {
    const em = this.deps.orm.em.fork();
    const found = await loadOwnEmitter(em, actor, id);
    const parsed = parseWith(updateEmitterSchema, input);
    if (!parsed.ok) throw DomainError.validation(parsed.errors);
    const v = parsed.value;
    if (v.nit !== undefined && v.nit !== found.nit && (await em.count(EmitterEntity, { account: actor.accountId, nit: v.nit }))) {
      throw nitTaken(v.nit);
    }
    const now = this.deps.clock.now();
    let emitter: EmitterEntity;
    try {
      emitter = await em.transactional(async (tx) => {
        const e = await loadOwnEmitter(tx, actor, id);
        const before = { ...e, address: { ...e.address } };
        if (v.nit !== undefined) e.nit = v.nit;
        if (v.nrc !== undefined) e.nrc = v.nrc;
        if (v.name !== undefined) e.name = v.name;
        if (v.tradeName !== undefined) e.tradeName = v.tradeName;
        if (v.economicActivity !== undefined) e.economicActivity = v.economicActivity;
        if (v.establishmentType !== undefined) e.establishmentType = v.establishmentType;
        if (v.address !== undefined) e.address = Object.assign(e.address, v.address);
        if (v.phone !== undefined) e.phone = v.phone;
        if (v.email !== undefined) e.email = v.email;
        if (v.numbering !== undefined) e.numbering = v.numbering;
        // A logo_url set by hand replaces an uploaded logo (which stops being served and drawn).
        if (v.logoUrl !== undefined && v.logoUrl !== e.logoUrl) await removeLogo(tx, e.id);
        if (v.logoUrl !== undefined) e.logoUrl = v.logoUrl;
        if (v.isLargeTaxpayer !== undefined) e.isLargeTaxpayer = v.isLargeTaxpayer;
        e.updatedAt = now;
        await tx.flush();
        const changed = changedFields(before, { ...e }, EMITTER_AUDITED_FIELDS);
        if (changed.length) await recordAudit(tx, now, { actor }, { accountId: actor.accountId, action: 'emitter.updated', target: { type: 'emitter', id: e.id }, details: { changed, name: e.name, nit: e.nit } });
        return e;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw nitTaken(v.nit ?? found.nit);
      throw err;
    }
    this.deps.emitterCaches?.forget(emitter.id);
    return emitter;
  }
}

/** The issuer's fields a change may touch, as the audit entry names them (`details.changed`). */
export const EMITTER_AUDITED_FIELDS = [
  'nit', 'nrc', 'name', 'tradeName', 'economicActivity', 'establishmentType', 'address', 'phone', 'email', 'numbering', 'logoUrl', 'isLargeTaxpayer',
] as const;
