/**
 * Anexo de documentos legales y electrónicos anulados y/o extraviados (10 columns, **no annex
 * number**) [F-07 doc §3.13]. Source: issued documents invalidated (status voided). A = control
 * number (compact by default), B = 4, C/D = 0, E = tipo, F = `D` (DTE invalidado), G = the
 * document's seal, H/I = 0, J = generation code with hyphens (36, MH's literal text) by default
 * (§9 C3, params `resolution`/`generation`). Period: of the invalidation by default (`voids`).
 */
import { dteFacts } from './dte-facts.reader';
import { compactCode, compactControlNumber, hyphenatedCode } from './identifier-format.helpers';
import { selectVoided } from './ledger.selector';
import type { ReportParams } from './report-params.schema';
import { WarningCode, warn } from './report-warning.catalog';
import { columnsOf, type FiscalReport, type ReportInput, type ReportWarning } from './report.types';

export const ANULADOS_COLUMNS = columnsOf([
  ['resolution_number', 'Número de resolución', 'text'],
  ['doc_class', 'Clase de documento', 'code'],
  ['preprinted_from', 'Desde (preimpreso)', 'code'],
  ['preprinted_to', 'Hasta (preimpreso)', 'code'],
  ['doc_type', 'Tipo de documento', 'code'],
  ['detail_type', 'Tipo de detalle', 'code'],
  ['series', 'Serie', 'text'],
  ['from', 'Desde', 'code'],
  ['to', 'Hasta', 'code'],
  ['generation_code', 'Código de generación', 'text'],
], true);

export function generateAnulados(input: ReportInput, params: ReportParams<'f07_anulados'>): FiscalReport {
  const warnings: ReportWarning[] = [];
  const rows = selectVoided(input.documents, input.period, params.voids).map((doc) => {
    const f = dteFacts(doc);
    if (!doc.seal) warnings.push(warn(WarningCode.missingSeal, `El documento anulado ${f.controlNumber} no tiene sello de recepción (columna G).`, doc.id));
    const resolution = params.resolution === 'hyphenated' ? f.controlNumber : compactControlNumber(f.controlNumber);
    const code = params.generation === 'hyphenated' ? hyphenatedCode(f.generationCode) : compactCode(f.generationCode);
    return [resolution, '4', '0', '0', f.type, 'D', doc.seal ?? '', '0', '0', code];
  });
  return { columns: ANULADOS_COLUMNS, rows, totals: {}, warnings };
}
