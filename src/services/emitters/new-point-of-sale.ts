import type { EntityManager } from '@mikro-orm/core';
import type { PointOfSaleInput } from '../../domain/emitter/establishment-input.schema';
import { IdPrefix, newId } from '../../domain/shared/ids';
import { PointOfSaleEntity, type EstablishmentEntity } from '../../persistence/entities';

/**
 * A new point of sale of an establishment at `position` of its list (active unless the input says
 * otherwise, no document issued yet), added to the establishment's collection and persisted with
 * the caller's next flush: the one way creation and the PATCH of an establishment add one.
 */
export function addPointOfSale(em: EntityManager, establishment: EstablishmentEntity, p: PointOfSaleInput, position: number, now: Date): PointOfSaleEntity {
  const pos = em.create(PointOfSaleEntity, {
    id: newId(IdPrefix.pointOfSale, now.getTime()),
    establishment,
    code: p.code,
    name: p.name ?? null,
    active: p.active ?? true,
    position,
    documentsCount: 0,
    createdAt: now,
  });
  establishment.pointsOfSale.add(pos);
  return pos;
}
