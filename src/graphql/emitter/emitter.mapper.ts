import type { AddressView, EmitterView, EstablishmentView } from '../../services/emitters/emitter-view';
import { type AddressType, type EmitterType, NumberingGql } from './emitter.types';
import type { EstablishmentType } from './establishment.types';

export function toAddress(a: AddressView): AddressType {
  return { department: a.department, municipality: a.municipality, district: a.district, line: a.line };
}

export function toEmitter(e: EmitterView): EmitterType {
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

export function toEstablishment(e: EstablishmentView): EstablishmentType {
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
