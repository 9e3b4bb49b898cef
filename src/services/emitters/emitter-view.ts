import type { CredentialStatusView } from '../../domain/credentials/credential-status-view';
import type { EmitterNumbering, EmitterView, EmitterWithCredentialsView, EstablishmentView } from '../../domain/emitter/emitter-view';
import type { CredentialStatus } from '../credentials/credential-status';

/**
 * What the services hand out of an emitter and its establishments (their stored records, which have
 * these fields), and the one mapping of each to its view (src/domain/emitter/emitter-view.ts, ADR
 * 0062) that both doors show: the doors map from these shapes, never from the persistence layer.
 */
export interface AddressRecord {
  department: string;
  municipality: string;
  district: string;
  line: string;
}

export interface EmitterRecord {
  id: string;
  nit: string;
  nrc: string;
  name: string;
  tradeName: string | null;
  economicActivity: string;
  establishmentType: string | null;
  address: AddressRecord;
  phone: string | null;
  email: string;
  numbering: string;
  logoUrl: string | null;
  isLargeTaxpayer: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface PointOfSaleRecord {
  code: string;
  name: string | null;
  active: boolean;
  position: number;
}

export interface EstablishmentRecord {
  id: string;
  emitter: { id: string };
  code: string;
  name: string | null;
  type: string;
  address: AddressRecord;
  phone: string | null;
  email: string | null;
  active: boolean;
  /** Loaded with the establishment or not (then the doors show none). */
  pointsOfSale: { isInitialized(): boolean; getItems(): readonly PointOfSaleRecord[] };
  createdAt: Date;
  updatedAt: Date;
}

const addressOf = (a: AddressRecord) => ({ department: a.department, municipality: a.municipality, district: a.district, line: a.line });

export function toEmitterView(e: EmitterRecord): EmitterView {
  return {
    id: e.id,
    nit: e.nit,
    nrc: e.nrc,
    name: e.name,
    tradeName: e.tradeName,
    economicActivity: e.economicActivity,
    establishmentType: e.establishmentType,
    address: addressOf(e.address),
    phone: e.phone,
    email: e.email,
    numbering: e.numbering as EmitterNumbering,
    logoUrl: e.logoUrl,
    isLargeTaxpayer: e.isLargeTaxpayer,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

/** A credential's status as the views show it (the environment is one of CREDENTIAL_ENVIRONMENTS). */
export function toCredentialStatusView(c: CredentialStatus): CredentialStatusView {
  return { ...c, environment: c.environment as CredentialStatusView['environment'] };
}

/** An emitter with its credentials' status, read apart (`listCredentialsByEmitter`). */
export function toEmitterWithCredentialsView(e: EmitterRecord, credentials: readonly CredentialStatus[]): EmitterWithCredentialsView {
  return { ...toEmitterView(e), credentials: credentials.map(toCredentialStatusView) };
}

export function toEstablishmentView(e: EstablishmentRecord): EstablishmentView {
  return {
    id: e.id,
    emitterId: e.emitter.id,
    code: e.code,
    name: e.name,
    type: e.type,
    address: addressOf(e.address),
    phone: e.phone,
    email: e.email,
    active: e.active,
    pointsOfSale: e.pointsOfSale.isInitialized()
      ? [...e.pointsOfSale.getItems()].sort((a, b) => a.position - b.position).map((p) => ({ code: p.code, name: p.name, active: p.active }))
      : [],
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}
