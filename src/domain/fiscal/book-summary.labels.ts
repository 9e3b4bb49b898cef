/**
 * What a VAT book prints under its totals row, in the words of the Ley del IVA and its regulation
 * (RCT arts. 83–86; F-07 doc §6.2), from the report's `totals` (whose keys stay the API's). Only what
 * belongs to each book (ADR 0044):
 *
 * - libro de ventas a contribuyentes (art. 85): the closing summary the article asks for — sales to
 *   taxpayers and to final consumers, exempt and taxed apart, third-party sales separated — and the
 *   period's débito fiscal, own and third-party;
 * - libro de ventas a consumidores finales (art. 83): the débito fiscal of the invoices (taxed sales
 *   with IVA, their net and 13 %), carried to the taxpayers' book;
 * - libro de compras (art. 86) and the detalle de exportaciones (art. 84): their column totals only.
 *
 * Pure.
 */
import type { ReportType } from './report-params.schema';

/** A table of amounts under the book's totals: one row per kind of sale, one column per amount. */
export interface BookSummary {
  title: string;
  columns: string[];
  rows: { label: string; values: string[] }[];
  /** Single figures after the table (`label: value`). */
  lines: { label: string; value: string }[];
}

/** The label of the book's totals row (it spans the columns before the first amount). */
export const BOOK_TOTALS_LABEL = 'Totales del período';

const v = (totals: Record<string, string>, key: string) => totals[key] ?? '0.00';

export function bookSummary(type: ReportType, totals: Record<string, string>): BookSummary | null {
  const t = (key: string) => v(totals, key);
  switch (type) {
    case 'libro_ventas_contribuyentes':
      return {
        title: 'Resumen del período y cálculo del débito fiscal (art. 85 del Reglamento de aplicación del Código Tributario)',
        columns: ['Ventas exentas', 'Ventas no sujetas', 'Ventas gravadas (sin IVA)', 'Débito fiscal'],
        rows: [
          { label: 'Ventas a contribuyentes', values: [t('exempt_sales'), t('non_subject_sales'), t('taxed_sales'), t('vat_debit')] },
          { label: 'Ventas a consumidores finales', values: [t('consumer_exempt_sales'), t('consumer_non_subject_sales'), t('consumer_taxed_sales_net'), t('consumer_vat_debit')] },
          { label: 'Ventas a contribuyentes por cuenta de terceros', values: ['', '', t('third_party_sales'), t('third_party_vat_debit')] },
        ],
        lines: [
          { label: 'Ventas a consumidores finales por cuenta de terceros (IVA incluido)', value: t('consumer_third_party_sales') },
          { label: 'Débito fiscal propio del período', value: t('total_vat_debit') },
          { label: 'Débito fiscal por cuenta de terceros', value: t('total_third_party_vat_debit') },
          { label: 'IVA percibido', value: t('vat_perceived') },
        ],
      };
    case 'libro_ventas_consumidor':
      return {
        title: 'Resumen del cálculo del débito fiscal de las facturas (art. 83 del Reglamento de aplicación del Código Tributario)',
        columns: [],
        rows: [],
        lines: [
          { label: 'Ventas gravadas locales (IVA incluido)', value: t('taxed_sales') },
          { label: 'Ventas gravadas netas (÷ 1.13)', value: t('taxed_sales_net') },
          { label: 'Débito fiscal (13 %), que se traslada al libro de ventas a contribuyentes', value: t('vat_debit') },
        ],
      };
    default:
      return null;
  }
}
