/** The sections every type builder assembles, built once from the request, context and amounts. */
import type { ComputedAmounts } from '../amounts/amount.types';
import type { DocumentCreateInput } from '../document-create.schema';
import type { DteType } from '../dte.types';
import { buildApendice } from './apendice-section';
import type { BuildContext } from './build-context';
import { buildCuerpoDocumento } from './cuerpo-documento-section';
import { buildDocumentoRelacionado } from './documento-relacionado-section';
import { buildIdentificacion } from './identificacion-section';
import { buildReceptor } from './receptor-section';
import { buildResumen } from './resumen-section';

export interface DteParts {
  identificacion: Record<string, unknown>;
  documentoRelacionado: Record<string, unknown>[] | null;
  emisor: Record<string, unknown>;
  receptor: Record<string, unknown> | null;
  cuerpoDocumento: Record<string, unknown>[];
  resumen: Record<string, unknown>;
  apendice: Record<string, unknown>[] | null;
}

export function buildDteParts(
  type: DteType,
  input: DocumentCreateInput,
  ctx: BuildContext,
  amounts: ComputedAmounts,
  emisor: Record<string, unknown>,
): DteParts {
  return {
    identificacion: buildIdentificacion(type, ctx),
    documentoRelacionado: buildDocumentoRelacionado(ctx),
    emisor,
    receptor: buildReceptor(type, input.receiver),
    cuerpoDocumento: buildCuerpoDocumento(type, input.items ?? [], amounts.items),
    resumen: buildResumen(type, amounts.summary, input),
    apendice: buildApendice(input.appendix),
  };
}
