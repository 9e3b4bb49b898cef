/**
 * The `amounts` and `attributes` keys of each fiscal record resource, named after the F-07 annex
 * column they fill (decisions.md "Fiscal books"). This table drives validation and the README.
 * Keys stay snake_case: they are free-form maps at the REST level and arrive as the user sends them.
 */

export const FISCAL_RESOURCES = ['purchases', 'withholdings-received', 'external-sales', 'withholdings-made'] as const;
export type FiscalResource = (typeof FISCAL_RESOURCES)[number];

export interface KeySpec {
  key: string;
  /** Annex and column filled, e.g. `A3 G`. */
  column: string;
  meaning: string;
}

/** purchases → annex 3 (doc types 03/05/06/11/12/13) and annex 5 (doc type 14). */
export const PURCHASE_AMOUNTS: readonly KeySpec[] = [
  { key: 'exempt_internal', column: 'A3 G', meaning: 'Compras internas exentas y/o no sujetas' },
  { key: 'exempt_internment', column: 'A3 H', meaning: 'Internaciones exentas y/o no sujetas (DUCA)' },
  { key: 'exempt_import', column: 'A3 I', meaning: 'Importaciones exentas y/o no sujetas (DUCA, mandamiento)' },
  { key: 'taxed_internal', column: 'A3 J', meaning: 'Compras internas gravadas (sin IVA)' },
  { key: 'taxed_internment_goods', column: 'A3 K', meaning: 'Internaciones gravadas de bienes (DUCA)' },
  { key: 'taxed_import_goods', column: 'A3 L', meaning: 'Importaciones gravadas de bienes (DUCA)' },
  { key: 'taxed_import_services', column: 'A3 M', meaning: 'Importaciones gravadas de servicios (mandamiento de ingreso)' },
  { key: 'vat_credit', column: 'A3 N', meaning: 'Crédito fiscal (13 % de J a M)' },
  { key: 'operation_amount', column: 'A5 G', meaning: 'Monto de la operación con sujeto excluido (solo tipo 14)' },
  { key: 'vat_withheld', column: 'A5 H / libro de compras k', meaning: 'IVA retenido: 13 % al sujeto excluido (tipo 14) o retención a terceros del libro de compras' },
];

export const PURCHASE_ATTRIBUTES: readonly KeySpec[] = [
  { key: 'operation_type', column: 'A3 Q / A5 I', meaning: 'Tipo de operación (Renta): 1 gravada, 2 no gravada, 3 excluido o no constituye renta, 4 mixta, 8 informada en más de un anexo, 9 no deducible / sector público' },
  { key: 'classification', column: 'A3 R / A5 J', meaning: 'Clasificación: 1 costo, 2 gasto (8, 9 como arriba)' },
  { key: 'sector', column: 'A3 S / A5 K', meaning: 'Sector: 1 industria, 2 comercio, 3 agropecuaria, 4 servicios, profesiones, artes y oficios (8, 9)' },
  { key: 'cost_type', column: 'A3 T / A5 L', meaning: 'Tipo de costo/gasto 1–7 (8, 9); combinaciones permitidas por MH' },
  { key: 'document_number', column: 'A3 D / A5 F', meaning: 'Número del documento no electrónico (clases 1, 2 y 3: impreso, formulario único, DUCA o mandamiento)' },
  { key: 'series', column: 'A5 E', meaning: 'Serie del documento impreso (clases 1 y 2)' },
  { key: 'other_id_number', column: 'A5 A=3 / B', meaning: 'Documento de identidad del sujeto excluido distinto de NIT y DUI (máx. 14)' },
];

/** withholdings-received → annex 7 (kind retention_1) and annex 8 (kind perception_1). */
export const WITHHOLDING_RECEIVED_AMOUNTS: readonly KeySpec[] = [
  { key: 'subject_amount', column: 'A7 F / A8 F', meaning: 'Monto sujeto' },
  { key: 'withheld_amount', column: 'A7 G', meaning: 'Monto de la retención IVA 1 % (kind retention_1)' },
  { key: 'perceived_amount', column: 'A8 G', meaning: 'Monto de la percepción IVA 1 % (kind perception_1)' },
];

export const WITHHOLDING_RECEIVED_ATTRIBUTES: readonly KeySpec[] = [
  { key: 'kind', column: 'anexo', meaning: '`retention_1` → anexo 7 (casilla 162); `perception_1` → anexo 8 (casilla 163)' },
  { key: 'document_number', column: 'A7 E / A8 E', meaning: 'Número del documento no electrónico (clases 1, 2, 3)' },
  { key: 'series', column: 'A7 D / A8 D', meaning: 'Serie del documento impreso (clases 1 y 2)' },
];

/** external-sales → annex 1 (03/05/06), annex 2 (01/11), annex 9 (vat_perceived). */
export const EXTERNAL_SALE_AMOUNTS: readonly KeySpec[] = [
  { key: 'exempt', column: 'A1 J / A2 K', meaning: 'Ventas exentas' },
  { key: 'exempt_non_proportional', column: 'A2 L', meaning: 'Ventas internas exentas no sujetas a proporcionalidad (tipo 01)' },
  { key: 'non_subject', column: 'A1 K / A2 M', meaning: 'Ventas no sujetas' },
  { key: 'taxed', column: 'A1 L / A2 N', meaning: 'Ventas gravadas locales (03/05/06 sin IVA; 01 con IVA incluido)' },
  { key: 'vat_debit', column: 'A1 M', meaning: 'Débito fiscal (03/05/06)' },
  { key: 'third_party_taxed', column: 'A1 N / A2 S', meaning: 'Ventas a cuenta de terceros no domiciliados' },
  { key: 'third_party_vat_debit', column: 'A1 O', meaning: 'Débito fiscal por ventas a cuenta de terceros (03/05/06)' },
  { key: 'exports_central_america', column: 'A2 O', meaning: 'Exportaciones dentro del área centroamericana (tipo 11)' },
  { key: 'exports_outside_central_america', column: 'A2 P', meaning: 'Exportaciones fuera del área centroamericana (tipo 11)' },
  { key: 'exports_services', column: 'A2 Q', meaning: 'Exportaciones de servicios (tipo 11)' },
  { key: 'free_zone', column: 'A2 R', meaning: 'Ventas a zonas francas y DPA, tasa cero (tipo 11)' },
  { key: 'vat_perceived', column: 'A9 H (G = taxed)', meaning: 'IVA percibido 1 % por el declarante (03/05/06)' },
];

export const EXTERNAL_SALE_ATTRIBUTES: readonly KeySpec[] = [
  { key: 'operation_type', column: 'A1 R / A2 U', meaning: 'Tipo de operación (Renta): 1, 2, 3, 4, 12, 13' },
  { key: 'income_type', column: 'A1 S / A2 V', meaning: 'Tipo de ingreso (Renta): 1–10, 12, 13' },
  { key: 'resolution', column: 'A1 D / A2 D / A9 D', meaning: 'Número de resolución del documento impreso (clases 1 y 2)' },
  { key: 'series', column: 'A1 E / A2 E / A9 E', meaning: 'Serie del documento impreso (clases 1 y 2)' },
  { key: 'document_number', column: 'A1 F / A2 F,H / A9 F', meaning: 'Número del documento impreso (clases 1 y 2); en tipo 01/11, el primero del rango' },
  { key: 'last_document_number', column: 'A2 G,I', meaning: 'Último número del rango (tipos 01/11 impresos; por omisión = document_number)' },
  { key: 'last_generation_code', column: 'A2 I', meaning: 'Código de generación del último DTE del día (tipos 01/11 clase 4; por omisión = generation_code)' },
];

/** withholdings-made → annex 10 (kind retention_1) and annex 12 (kind retention_13). */
export const WITHHOLDING_MADE_AMOUNTS: readonly KeySpec[] = [
  { key: 'subject_amount', column: 'A10 G / A12 G', meaning: 'Monto sujeto' },
  { key: 'withheld_amount', column: 'A10 H / A12 H', meaning: 'Monto de la retención (1 % o 13 %)' },
];

export const WITHHOLDING_MADE_ATTRIBUTES: readonly KeySpec[] = [
  { key: 'kind', column: 'anexo', meaning: '`retention_1` → anexo 10 (casilla 170); `retention_13` → anexo 12 (casilla 172)' },
  { key: 'resolution', column: 'A10 D / A12 E', meaning: 'Número de resolución del documento impreso (clases 1 y 2)' },
  { key: 'series', column: 'A10 E / A12 D', meaning: 'Serie del documento impreso (clases 1 y 2)' },
  { key: 'document_number', column: 'A10 F / A12 F', meaning: 'Número del documento impreso (clases 1 y 2)' },
];

export const RESOURCE_KEYS: Readonly<Record<FiscalResource, { amounts: readonly KeySpec[]; attributes: readonly KeySpec[] }>> = {
  purchases: { amounts: PURCHASE_AMOUNTS, attributes: PURCHASE_ATTRIBUTES },
  'withholdings-received': { amounts: WITHHOLDING_RECEIVED_AMOUNTS, attributes: WITHHOLDING_RECEIVED_ATTRIBUTES },
  'external-sales': { amounts: EXTERNAL_SALE_AMOUNTS, attributes: EXTERNAL_SALE_ATTRIBUTES },
  'withholdings-made': { amounts: WITHHOLDING_MADE_AMOUNTS, attributes: WITHHOLDING_MADE_ATTRIBUTES },
};
