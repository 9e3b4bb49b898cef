/** Comprobante de Crédito Fiscal (03), schema fe-ccf-v4. */
import type { DteParts } from './dte-parts';

export function buildCcf(p: DteParts): Record<string, unknown> {
  return {
    identificacion: p.identificacion,
    documentoRelacionado: p.documentoRelacionado,
    emisor: p.emisor,
    receptor: p.receptor,
    otrosDocumentos: null,
    ventaTercero: null,
    cuerpoDocumento: p.cuerpoDocumento,
    resumen: p.resumen,
    apendice: p.apendice,
  };
}
