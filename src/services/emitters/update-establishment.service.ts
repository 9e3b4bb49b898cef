import type { EntityManager } from '@mikro-orm/core';
import { updateEstablishmentSchema, type PointOfSaleInput } from '../../domain/emitter/establishment-input.schema';
import { DomainError } from '../../domain/shared/domain-error';
import { parseWith } from '../../domain/shared/zod-errors';
import { changedFields } from '../../domain/identity/audit-changes';
import { EstablishmentEntity, PointOfSaleEntity } from '../../persistence/entities';
import { recordAudit } from '../audit/audit-trail';
import type { Actor } from '../shared/actor';
import type { ServiceDeps } from '../shared/service-deps';
import { sql } from '../shared/sql';
import { isUniqueViolation } from '../shared/unique-violation';
import { establishmentCodeTaken } from './create-establishment.service';
import { loadOwnEmitter, loadOwnEstablishment } from './emitter-access';
import { addPointOfSale } from './new-point-of-sale';

/**
 * PATCH an establishment. `pointsOfSale` replaces the whole list: listed codes are created or
 * updated; an unlisted point of sale is deleted, unless it has issued documents, in which case it
 * is kept with `active: false` so its control numbers stay traceable. A change is audited
 * (`establishment.updated`, the fields named) in its transaction.
 */
export class UpdateEstablishmentService {
  constructor(private readonly deps: ServiceDeps) {}

  async execute(actor: Actor, emitterId: string, establishmentId: string, input: unknown): Promise<EstablishmentEntity> {
    const em = this.deps.orm.em.fork();
    const updated = await em.transactional(async (tx) => {
      const emitter = await loadOwnEmitter(tx, actor, emitterId, 'emitterId');
      const est = await loadOwnEstablishment(tx, emitter, establishmentId);
      const parsed = parseWith(updateEstablishmentSchema, input);
      if (!parsed.ok) throw DomainError.validation(parsed.errors);
      const v = parsed.value;
      if (v.code !== undefined && v.code !== est.code && (await tx.count(EstablishmentEntity, { emitter, code: v.code }))) {
        throw establishmentCodeTaken(v.code);
      }
      const before = { code: est.code, name: est.name, type: est.type, address: { ...est.address }, phone: est.phone, email: est.email, active: est.active };
      if (v.code !== undefined) est.code = v.code;
      if (v.name !== undefined) est.name = v.name;
      if (v.type !== undefined) est.type = v.type;
      if (v.address !== undefined) est.address = Object.assign(est.address, v.address);
      if (v.phone !== undefined) est.phone = v.phone;
      if (v.email !== undefined) est.email = v.email;
      if (v.active !== undefined) est.active = v.active;
      if (v.pointsOfSale !== undefined) await this.replacePointsOfSale(tx, est, v.pointsOfSale);
      const now = this.deps.clock.now();
      est.updatedAt = now;
      try {
        await tx.flush();
      } catch (err) {
        if (isUniqueViolation(err)) throw establishmentCodeTaken(est.code);
        throw err;
      }
      const after = { code: est.code, name: est.name, type: est.type, address: est.address, phone: est.phone, email: est.email, active: est.active };
      const changed = [...changedFields(before, after, ['code', 'name', 'type', 'address', 'phone', 'email', 'active']), ...(v.pointsOfSale !== undefined ? ['pointsOfSale'] : [])];
      if (changed.length) {
        await recordAudit(tx, now, { actor }, {
          accountId: actor.accountId, action: 'establishment.updated', target: { type: 'emitter', id: emitter.id },
          details: { establishment_id: est.id, code: est.code, changed, ...(v.pointsOfSale !== undefined ? { points_of_sale: v.pointsOfSale.map((p) => p.code) } : {}) },
        });
      }
      return est;
    });
    this.deps.emitterCaches?.forget(emitterId);
    return updated;
  }

  private async replacePointsOfSale(tx: EntityManager, est: EstablishmentEntity, list: PointOfSaleInput[]): Promise<void> {
    // Lock the rows so a document issued concurrently cannot slip past the "has documents" check.
    await sql(tx, 'select id from points_of_sale where establishment_id = ? for update', [est.id]);
    const current = await tx.find(PointOfSaleEntity, { establishment: est }, { refresh: true });
    const existing = new Map(current.map((p) => [p.code, p]));
    const now = this.deps.clock.now();
    const listed = new Set<string>();
    list.forEach((p, i) => {
      listed.add(p.code);
      const current = existing.get(p.code);
      if (current) {
        if (p.name !== undefined) current.name = p.name;
        current.active = p.active ?? true;
        current.position = i;
      } else {
        addPointOfSale(tx, est, p, i, now);
      }
    });
    let next = list.length;
    for (const [code, pos] of existing) {
      if (listed.has(code)) continue;
      if (pos.documentsCount > 0) {
        pos.active = false;
        pos.position = next++;
      } else {
        est.pointsOfSale.remove(pos);
        tx.remove(pos);
      }
    }
  }
}
