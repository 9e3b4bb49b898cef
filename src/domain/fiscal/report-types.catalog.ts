/** The report catalog (`GET …/fiscal/report-types`): type, Spanish name, formats, params JSON Schema, rules version. */
import { z } from 'zod';
import { REPORT_PARAMS_SCHEMAS, REPORT_TYPE_NAMES, isBookType, type ReportType } from './report-params.schema';

export type ReportFormat = 'csv' | 'xlsx' | 'pdf';

export interface ReportTypeInfo {
  type: ReportType;
  name: string;
  formats: ReportFormat[];
  paramsSchema: Record<string, unknown>;
  /** Changes whenever the output for the same inputs and params would change. */
  rulesVersion: string;
  kind: 'annex' | 'book';
}

/** Bump when any generator's output changes for the same inputs. */
export const FISCAL_RULES_VERSION = '2026.4';

const NAMES: Readonly<Record<ReportType, string>> = {
  f07_anexo1: 'F-07 Anexo 1 — Detalle de ventas a contribuyentes',
  f07_anexo2: 'F-07 Anexo 2 — Detalle de ventas a consumidor final',
  f07_anexo3: 'F-07 Anexo 3 — Detalle de compras',
  f07_anexo4: 'F-07 Anexo 4 — Ventas gravadas por cuenta de terceros domiciliados',
  f07_anexo5: 'F-07 Anexo 5 — Compras a sujetos excluidos',
  f07_anexo7: 'F-07 Anexo 7 — Retención IVA 1 % efectuada al declarante',
  f07_anexo8: 'F-07 Anexo 8 — Percepción IVA 1 % efectuada al declarante',
  f07_anexo9: 'F-07 Anexo 9 — Percepción IVA 1 % efectuada por el declarante',
  f07_anexo10: 'F-07 Anexo 10 — Retención 1 % IVA a terceros domiciliados efectuada por el declarante',
  f07_anexo12: 'F-07 Anexo 12 — Retención 13 % IVA a terceros domiciliados efectuada por el declarante',
  f07_anulados: 'F-07 — Documentos legales y electrónicos anulados y/o extraviados',
  libro_ventas_contribuyentes: 'Libro de ventas a contribuyentes',
  libro_ventas_consumidor: 'Libro de ventas a consumidores finales',
  libro_compras: 'Libro de compras',
  detalle_exportaciones: 'Detalle de exportaciones (anexo al libro de ventas a consumidores finales)',
};

export const REPORT_TYPES: readonly ReportTypeInfo[] = REPORT_TYPE_NAMES.map((type) => {
  const book = isBookType(type);
  return {
    type,
    name: NAMES[type],
    formats: book ? ['csv', 'xlsx', 'pdf'] : ['csv'],
    paramsSchema: z.toJSONSchema(REPORT_PARAMS_SCHEMAS[type], { io: 'input' }) as Record<string, unknown>,
    rulesVersion: `${book ? 'rct-83-86' : 'f07-v14'}/${type}@${FISCAL_RULES_VERSION}`,
    kind: book ? 'book' : 'annex',
  };
});

export function reportTypeInfo(type: ReportType): ReportTypeInfo {
  return REPORT_TYPES.find((t) => t.type === type)!;
}

/**
 * Download file name. Annexes follow the portal: at most 25 characters and the `.CSV` extension
 * ("Solo se permiten archivos .CSV", F-07 doc §2), e.g. `F07_ANEXO1_202603.CSV`,
 * `F07_ANULADOS_202603.CSV`. Books: `libro_compras_2026-03.xlsx`.
 */
export function reportFileName(type: ReportType, period: string, format: ReportFormat): string {
  if (type.startsWith('f07_')) return `${type.toUpperCase()}_${period.replace('-', '')}.CSV`;
  return `${type}_${period}.${format}`;
}
