/** `documentoRelacionado` from the related documents the caller resolved (null when there are none). */
import type { BuildContext } from './build-context';

export function buildDocumentoRelacionado(ctx: BuildContext): Record<string, unknown>[] | null {
  if (ctx.relatedDocuments.length === 0) return null;
  return ctx.relatedDocuments.map((d) => ({
    tipoDocumento: d.type,
    tipoGeneracion: d.generationType,
    numeroDocumento: d.number,
    fechaEmision: d.issuedOn,
  }));
}
