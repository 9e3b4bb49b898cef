/** Nota de Débito (06), schema fe-nd-v4: documentoRelacionado mandatory; no otrosDocumentos. */
import type { DteParts } from './dte-parts';

export function buildNd(p: DteParts): Record<string, unknown> {
  if (!p.documentoRelacionado) throw new Error('BUG: nota de débito sin documentos relacionados');
  return {
    identificacion: p.identificacion,
    documentoRelacionado: p.documentoRelacionado,
    emisor: p.emisor,
    receptor: p.receptor,
    ventaTercero: null,
    cuerpoDocumento: p.cuerpoDocumento,
    resumen: p.resumen,
    apendice: p.apendice,
  };
}
