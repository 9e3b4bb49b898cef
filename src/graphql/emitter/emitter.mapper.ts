import type { EstablishmentRecord } from '../../services/emitters/emitter-view';
import type { EstablishmentType } from './establishment.types';

export function toEstablishment(e: EstablishmentRecord): EstablishmentType {
  return {
    id: e.id,
    emitterId: e.emitter.id,
    code: e.code,
    name: e.name,
    type: e.type,
    address: { department: e.address.department, municipality: e.address.municipality, district: e.address.district, line: e.address.line },
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
