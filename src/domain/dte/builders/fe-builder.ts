/** Factura Electrónica (01), schema fe-f-v2: receptor may be null; no third-party sale, no associated documents. */
import type { DteParts } from './dte-parts';

export function buildFe(p: DteParts): Record<string, unknown> {
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
