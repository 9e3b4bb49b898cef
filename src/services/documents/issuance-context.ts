import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { BuildContext, DocumentCreateInput } from '../../domain/dte';
import { FE_RECEIVER_THRESHOLD_DEFAULT, isGenerationCode } from '../../domain/dte';
import { placeholderControlNumber } from '../../domain/numbering/control-number';
import { DomainError, type FieldError } from '../../domain/shared/domain-error';
import type { DocumentQueries } from '../../persistence/documents/document-queries';
import { openEpisodeOfEmitterSql } from '../../persistence/contingency/contingency-episode-store';
import type { Actor } from '../shared/actor';
import { preparedSql } from '../shared/sql';
import { readThrough, type NoticeCache } from '../shared/notice-cache';
import { emitterFieldsOf, type EmitterColumnsRow } from '../emitters/emitter-row';

export const ISSUED_AT_SLACK_MS = 30 * 60_000;

/** What issuance reads of the issuer: the engine's emitter data plus id and numbering (an `EmitterEntity` has this shape). */
export type IssuingEmitter = BuildContext['emitter'] & { id: string; numbering: string };

export type IssuingEstablishment = BuildContext['establishment'] & { id: string; active: boolean };

export interface IssuingPointOfSale {
  id: string;
  code: string;
  active: boolean;
}

interface EstablishmentRow {
  id: string;
  code: string;
  type: string;
  address_department: string;
  address_municipality: string;
  address_district: string;
  address_line: string;
  phone: string | null;
  email: string | null;
  active: boolean;
  pos_id: string | null;
  pos_code: string | null;
  pos_active: boolean | null;
}

export interface IssuingPlace {
  establishment: IssuingEstablishment | null;
  pointOfSale: IssuingPointOfSale | null;
}

/**
 * The establishment of emitter `e` with code (2nd parameter) and its point of sale with code (1st
 * parameter), as one jsonb value (null when the establishment is unknown).
 */
const PLACE_SQL = `(select jsonb_build_object('id', s.id, 'code', s.code, 'type', s.type, 'address_department', s.address_department,
      'address_municipality', s.address_municipality, 'address_district', s.address_district, 'address_line', s.address_line,
      'phone', s.phone, 'email', s.email, 'active', s.active, 'pos_id', p.id, 'pos_code', p.code, 'pos_active', p.active)
    from establishments s left join points_of_sale p on p.establishment_id = s.id and p.code = ?
   where s.emitter_id = e.id and s.code = ?)`;

function placeFrom(r: EstablishmentRow | null): IssuingPlace {
  if (!r) return { establishment: null, pointOfSale: null };
  return {
    establishment: {
      id: r.id,
      code: r.code,
      type: r.type,
      address: { department: r.address_department, municipality: r.address_municipality, district: r.address_district, line: r.address_line },
      phone: r.phone,
      email: r.email,
      active: r.active,
    },
    pointOfSale: r.pos_id ? { id: r.pos_id, code: r.pos_code!, active: r.pos_active! } : null,
  };
}

/** The issuer's establishment with the requested point of sale (null when either is unknown), in one query. */
async function loadPlace(em: EntityManager, emitterId: string, code: string, pointOfSale: string): Promise<IssuingPlace> {
  const [r] = await preparedSql<{ place: EstablishmentRow | null }>(em, `select ${PLACE_SQL} as place from emitters e where e.id = ?`, [pointOfSale, code, emitterId]);
  return placeFrom(r?.place ?? null);
}

interface IssuerRow extends EmitterColumnsRow {
  open_episode: { id: string; contingency_type: number; reason: string | null } | null;
  credential: { version: number; sealed_private_key: string; mh_user: string | null; sealed_mh_password: string | null } | null;
  place: EstablishmentRow | null;
}

export interface Issuer {
  emitter: IssuingEmitter;
  /** The open contingency episode of this environment: while MH is unreachable, documents are born in contingency. */
  openEpisode: IssuerRow['open_episode'];
  /** The signing credential and MH API user of this environment (null: none uploaded). */
  credential: IssuerRow['credential'];
  /** The establishment and point of sale the document names. */
  place: IssuingPlace;
}

/**
 * The caller's emitter with its open contingency episode, its signing credential for the caller's
 * environment and the establishment / point of sale the document names, in one query.
 */
export async function loadIssuer(em: EntityManager, actor: Actor, emitterId: string, at: { establishment: string; pointOfSale: string }, cache?: NoticeCache<Issuer> | null): Promise<Issuer> {
  const issuer = typeof emitterId === 'string' && emitterId.length <= 64
    ? await readThrough(cache, [actor.accountId, actor.environment, emitterId, at.establishment, at.pointOfSale].join('\u0000'), emitterId, () => readIssuer(em, actor, emitterId, at))
    : null;
  if (!issuer) throw DomainError.notFound('un emisor', 'emitterId');
  return issuer;
}

/** The issuer's open contingency episode, read with the issuer (its store writes the SQL). */
const OPEN_EPISODE_SQL = openEpisodeOfEmitterSql('e');

async function readIssuer(em: EntityManager, actor: Actor, emitterId: string, at: { establishment: string; pointOfSale: string }): Promise<Issuer | null> {
  const [r] = await preparedSql<IssuerRow>(
    em,
    `select e.id, e.nit, e.nrc, e.name, e.trade_name, e.economic_activity, e.phone, e.email, e.address_department, e.address_municipality,
            e.address_district, e.address_line, e.is_large_taxpayer, e.numbering,
            ${OPEN_EPISODE_SQL} as open_episode,
            (select jsonb_build_object('version', c.version, 'sealed_private_key', c.sealed_private_key, 'mh_user', c.mh_user, 'sealed_mh_password', c.sealed_mh_password) from emitter_credentials c
              where c.emitter_id = e.id and c.environment = ?) as credential,
            ${PLACE_SQL} as place
       from emitters e where e.id = ? and e.account_id = ?`,
    [actor.environment, actor.environment, at.pointOfSale, at.establishment, emitterId, actor.accountId],
  );
  if (!r) return null;
  return {
    emitter: emitterFieldsOf(r),
    openEpisode: r.open_episode,
    credential: r.credential,
    place: placeFrom(r.place),
  };
}

export interface IssuanceContext {
  emitter: IssuingEmitter;
  establishment: IssuingEstablishment;
  pointOfSale: IssuingPointOfSale;
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
  emitter: IssuingEmitter,
  input: DocumentCreateInput,
  now: Date,
  opts: { documents: DocumentQueries; feReceiverThreshold?: string; contingency?: { type: number; reason: string | null } | null; place?: IssuingPlace },
): Promise<IssuanceContext> {
  const errors: FieldError[] = [];
  const documents = opts.documents;
  const { establishment, pointOfSale } = opts.place ?? (await loadPlace(em, emitter.id, input.establishment, input.pointOfSale));
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
    const ours = await documents.findByGenerationCode(em, actor, emitter.id, r.generationCode);
    if (ours) {
      if (ours.type !== r.type) {
        errors.push({ path: `relatedDocuments[${i}].type`, code: 'invalid_reference', message: `El documento ${r.generationCode} es de tipo ${ours.type}, no ${r.type}.` });
      }
      related.push({ id: ours.id, type: ours.type, generationCode: ours.generation_code, issuedOn: ours.issue_date });
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
    relatedDocuments: related.map((r) => ({ type: r.type, generationType: isGenerationCode(r.generationCode) ? 2 : 1, number: r.generationCode, issuedOn: r.issuedOn })),
    feReceiverThreshold: opts.feReceiverThreshold ?? FE_RECEIVER_THRESHOLD_DEFAULT,
  };
  return { emitter, establishment: establishment!, pointOfSale: pointOfSale!, build, related };
}
