/** Nota de Crédito (05), schema fe-nc-v4: documentoRelacionado mandatory; no otrosDocumentos. */
import type { DteParts } from './dte-parts';

export function buildNc(p: DteParts): Record<string, unknown> {
  if (!p.documentoRelacionado) throw new Error('BUG: nota de crédito sin documentos relacionados');
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
