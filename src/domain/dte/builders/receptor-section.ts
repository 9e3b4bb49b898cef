/**
 * `receptor` per type:
 *   FE  — null when no receiver is given; else tipoDocumento, numDocumento, nrc, nombre, codActividad,
 *         descActividad, direccion, telefono, correo (each null when not given).
 *   CCF — nit (the NIT, or a DUI without its dash: homologated as NIT), nrc, nombre, codActividad,
 *         descActividad, nombreComercial, direccion, telefono, correo.
 *   NC/ND — tipoDocumento, numDocumento and the CCF fields except nit.
 * Presence of the mandatory fields is checked beforehand (document-type-rules.ts).
 */
import { economicActivityName } from '../../catalog/catalogs';
import type { ReceiverInput } from '../document-create.schema';
import type { DteType } from '../dte.types';
import { direccion } from './emisor-section';

function activity(r: ReceiverInput): { codActividad: string | null; descActividad: string | null } {
  const code = r.economicActivity ?? null;
  return { codActividad: code, descActividad: code ? economicActivityName(code) ?? null : null };
}

export function buildReceptor(type: DteType, r: ReceiverInput | undefined): Record<string, unknown> | null {
  if (type === '01') {
    if (!r) return null;
    return {
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
      nrc: r.nrc ?? null,
      nombre: r.name ?? null,
      ...activity(r),
      direccion: r.address ? direccion(r.address) : null,
      telefono: r.phone ?? null,
      correo: r.email ?? null,
    };
  }
  if (!r) throw new Error(`BUG: receptor ausente en tipo ${type} (debió validarse antes)`);
  const common = {
    nrc: r.nrc ?? null,
    nombre: r.name ?? null,
    ...activity(r),
    nombreComercial: r.tradeName ?? null,
    direccion: r.address ? direccion(r.address) : null,
    telefono: r.phone ?? null,
    correo: r.email ?? null,
  };
  if (type === '03') return { nit: (r.documentNumber ?? '').replace(/-/g, ''), ...common };
  return { tipoDocumento: r.documentType ?? null, numDocumento: r.documentNumber ?? null, ...common };
}
