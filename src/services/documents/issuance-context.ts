import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { BuildContext, DocumentCreateInput } from '../../domain/dte';
import { FE_RECEIVER_THRESHOLD_DEFAULT } from '../../domain/dte';
import { placeholderControlNumber } from '../../domain/numbering/control-number';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import { DocumentEntity, type EmitterEntity, EstablishmentEntity, type PointOfSaleEntity } from '../../persistence/entities';
import type { Actor } from '../shared/actor';

export const ISSUED_AT_SLACK_MS = 30 * 60_000;
const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

export interface IssuanceContext {
  emitter: EmitterEntity;
  establishment: EstablishmentEntity;
  pointOfSale: PointOfSaleEntity;
  build: BuildContext;
  /** Related documents with the id of ours when we issued them. */
  related: { id: string | null; type: string; generationCode: string; issuedOn: string }[];
}

/**
 * Everything the engine needs besides the body: the issuer's data, its establishment and point of
 * sale (both active), the issue instant within the 30-minute slack, related documents looked up when
 * this service issued them (an external one is taken as given), a fresh generation code and a
 * placeholder control number (the real one is allocated inside the issuing transaction).
 */
export async function resolveIssuanceContext(
  em: EntityManager,
  actor: Actor,
  emitter: EmitterEntity,
  input: DocumentCreateInput,
  now: Date,
  opts: { feReceiverThreshold?: string; contingency?: { type: number; reason: string | null } | null } = {},
): Promise<IssuanceContext> {
  const errors: FieldError[] = [];
  const establishment = await em.findOne(EstablishmentEntity, { emitter, code: input.establishment }, { populate: ['pointsOfSale'] });
  const pointOfSale = establishment?.pointsOfSale.getItems().find((p) => p.code === input.pointOfSale);
  if (!establishment || !establishment.active) {
    errors.push({ path: 'establishment', code: 'unknown_establishment', message: `El emisor no tiene un establecimiento activo con el código ${input.establishment}.` });
  } else if (!pointOfSale || !pointOfSale.active) {
    errors.push({ path: 'pointOfSale', code: 'unknown_point_of_sale', message: `El establecimiento ${input.establishment} no tiene un punto de venta activo con el código ${input.pointOfSale}.` });
  }
  const issuedAt = input.issuedAt ? new Date(input.issuedAt) : now;
  if (Math.abs(issuedAt.getTime() - now.getTime()) > ISSUED_AT_SLACK_MS) {
    errors.push({ path: 'issuedAt', code: 'issued_at_out_of_range', message: 'La fecha y hora de emisión debe estar a no más de 30 minutos de la hora actual.' });
  }
  const related: IssuanceContext['related'] = [];
  for (const [i, r] of (input.relatedDocuments ?? []).entries()) {
    const ours = await em.findOne(DocumentEntity, { accountId: actor.accountId, environment: actor.environment, generationCode: r.generationCode, emitter });
    if (ours) {
      if (ours.type !== r.type) {
        errors.push({ path: `relatedDocuments[${i}].type`, code: 'invalid_reference', message: `El documento ${r.generationCode} es de tipo ${ours.type}, no ${r.type}.` });
      }
      related.push({ id: ours.id, type: ours.type, generationCode: ours.generationCode, issuedOn: ours.issueDate });
    } else {
      related.push({ id: null, type: r.type, generationCode: r.generationCode, issuedOn: r.issuedOn });
    }
  }
  if (errors.length) throw DomainError.validation(errors);
  const build: BuildContext = {
    environment: actor.environment,
    generationCode: randomUUID().toUpperCase(),
    controlNumber: placeholderControlNumber(input.type, input.establishment, input.pointOfSale),
    issuedAt,
    emitter: {
      nit: emitter.nit,
      nrc: emitter.nrc,
      name: emitter.name,
      tradeName: emitter.tradeName,
      economicActivity: emitter.economicActivity,
      phone: emitter.phone,
      email: emitter.email,
      address: { ...emitter.address },
      isLargeTaxpayer: emitter.isLargeTaxpayer,
    },
    establishment: {
      code: establishment!.code,
      type: establishment!.type,
      address: { ...establishment!.address },
      phone: establishment!.phone,
      email: establishment!.email,
    },
    pointOfSale: { code: pointOfSale!.code },
    contingency: opts.contingency ?? null,
    relatedDocuments: related.map((r) => ({ type: r.type, generationType: UUID.test(r.generationCode) ? 2 : 1, number: r.generationCode, issuedOn: r.issuedOn })),
    feReceiverThreshold: opts.feReceiverThreshold ?? FE_RECEIVER_THRESHOLD_DEFAULT,
  };
  return { emitter, establishment: establishment!, pointOfSale: pointOfSale!, build, related };
}
