import type { AddressEmbeddable, EmitterEntity, EstablishmentEntity } from '../../persistence/entities';
import { type AddressType, type EmitterType, NumberingGql } from './emitter.types';
import type { EstablishmentType } from './establishment.types';

export function toAddress(a: AddressEmbeddable): AddressType {
  return { department: a.department, municipality: a.municipality, district: a.district, line: a.line };
}

export function toEmitter(e: EmitterEntity): EmitterType {
  return {
    id: e.id,
    nit: e.nit,
    nrc: e.nrc,
    name: e.name,
    tradeName: e.tradeName,
    economicActivity: e.economicActivity,
    establishmentType: e.establishmentType,
    address: toAddress(e.address),
    phone: e.phone,
    email: e.email,
    numbering: e.numbering as NumberingGql,
    logoUrl: e.logoUrl,
    isLargeTaxpayer: e.isLargeTaxpayer,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function toEstablishment(e: EstablishmentEntity): EstablishmentType {
  return {
    id: e.id,
    emitterId: e.emitter.id,
    code: e.code,
    name: e.name,
    type: e.type,
    address: toAddress(e.address),
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
