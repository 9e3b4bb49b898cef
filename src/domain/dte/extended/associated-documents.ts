/**
 * `otrosDocumentos` (CAT-021) of FEX and CD. Code 4 (transport, FEX only) carries the transport
 * (CAT-030 mode, vehicle, driver); the other codes carry the document's identification and description.
 */
import type { DocumentCreateInput } from '../document-create.schema';
import type { FieldError } from '../dte.types';

type Associated = NonNullable<DocumentCreateInput['associatedDocuments']>[number];

export const TRANSPORT_DOCUMENT = '4';

export function checkAssociatedDocuments(list: readonly Associated[] | undefined, allowedCodes: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  (list ?? []).forEach((d, i) => {
    const base = `associatedDocuments[${i}]`;
    if (!allowedCodes.includes(d.code)) {
      errors.push({ path: `${base}.code`, code: 'not_allowed_for_type', message: `Este documento admite documentos asociados de código ${allowedCodes.join(', ')} (CAT-021).` });
      return;
    }
    if (d.code === TRANSPORT_DOCUMENT) {
      if (!d.transport) errors.push({ path: `${base}.transport`, code: 'required', message: 'El documento asociado de transporte (4) indica el medio, el vehículo y el conductor.' });
      return;
    }
    if (d.transport) errors.push({ path: `${base}.transport`, code: 'invalid_combination', message: 'Solo el documento asociado de transporte (4) lleva datos de transporte.' });
    if (d.identification === undefined) errors.push({ path: `${base}.identification`, code: 'required', message: 'Indique la identificación del documento asociado.' });
    if (d.description === undefined) errors.push({ path: `${base}.description`, code: 'required', message: 'Indique la descripción del documento asociado.' });
  });
  return errors;
}

export function buildOtrosDocumentos(list: readonly Associated[] | undefined, opts: { transport: boolean }): Record<string, unknown>[] | null {
  if (!list || list.length === 0) return null;
  return list.map((d) => {
    const base = { codDocAsociado: Number(d.code), descDocumento: d.identification ?? null, detalleDocumento: d.description ?? null };
    if (!opts.transport) return base;
    const t = d.transport;
    return {
      ...base,
      placaTrans: t?.vehicleId ?? null,
      modoTransp: t ? Number(t.mode) : null,
      numConductor: t?.driverDocument ?? null,
      nombreConductor: t?.driverName ?? null,
    };
  });
}
