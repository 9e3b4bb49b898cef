/**
 * The Spanish columns of the bulk-issuance CSV, per document type (ADR 0074). One table: each
 * column names the issuance-body path it fills, whether it is read once per document or once per
 * row (a line), and the types whose template carries it. A column a type's template does not carry
 * is an unknown header in that type's file, so a file never sends a field the type's schema has no
 * place for (document-types.md, field-placement.ts).
 */
import { ALL_DTE_TYPES, type AnyDteType } from './dte.types';

/** Every type may be issued from a file. */
export const CSV_DTE_TYPES = ALL_DTE_TYPES as readonly [AnyDteType, ...AnyDteType[]];
export type CsvDteType = AnyDteType;

export function isCsvDteType(type: string): type is CsvDteType {
  return (CSV_DTE_TYPES as readonly string[]).includes(type);
}

/**
 * What one row of a type's file is: a line item (`items`), a withheld document (CR: `withholdings`),
 * a settled document (CL: `settledDocuments`), or — DCL, a settlement with no lines — the whole
 * document (`none`: one row per document).
 */
export type CsvLineKind = 'items' | 'withholdings' | 'settledDocuments' | 'none';

export const CSV_LINE_KIND: Readonly<Record<CsvDteType, CsvLineKind>> = {
  '01': 'items', '03': 'items', '04': 'items', '05': 'items', '06': 'items', '07': 'withholdings',
  '08': 'settledDocuments', '09': 'none', '11': 'items', '14': 'items', '15': 'items',
};

export interface CsvColumn {
  /** Spanish header, as written in the template. */
  header: string;
  /**
   * Path in the issuance body (dots; a number is an array index): for a document column from the
   * body, for a line column from the line (item, withholding or settled document).
   */
  path: string;
  level: 'document' | 'line';
  /** The types whose template carries the column. */
  types: readonly CsvDteType[];
  /** The types whose file must have the column. */
  requiredFor?: readonly CsvDteType[];
  /** `lower`: the value is lowercased (tax treatments); `integer`: digits become a JSON number. */
  kind?: 'lower' | 'integer';
  /** Body paths the service may name that belong to this column (beside `path`). */
  aliases?: readonly string[];
  /** The template's help (docs/bulk-issuance.md). */
  help: string;
}

const ALL = CSV_DTE_TYPES;
const except = (...out: CsvDteType[]) => ALL.filter((t) => !out.includes(t));
const ITEM_TYPES = ALL.filter((t) => CSV_LINE_KIND[t] === 'items');
/** Types whose lines may name the document they adjust or come from. */
const RELATED_TYPES: CsvDteType[] = ['01', '03', '04', '05', '06', '07', '08', '11'];
const SALE_TAX_TYPES: CsvDteType[] = ['01', '03', '04', '05', '06'];

const DOCUMENT_COLUMNS: CsvColumn[] = [
  { header: 'id_externo', path: 'externalId', level: 'document', types: ALL, requiredFor: ALL, help: 'Su referencia del documento (p. ej. el número de pedido): las filas con el mismo valor son un solo documento.' },
  { header: 'establecimiento', path: 'establishment', level: 'document', types: ALL, help: 'Código del MH del establecimiento (M001); vacío: el elegido al subir el archivo.' },
  { header: 'punto_venta', path: 'pointOfSale', level: 'document', types: ALL, help: 'Código del MH del punto de venta (P001); vacío: el elegido al subir el archivo.' },
  { header: 'receptor_nombre', path: 'receiver.name', level: 'document', types: ALL, help: 'Nombre o razón social del receptor (en FSE el sujeto excluido; en CD el donante).' },
  { header: 'receptor_tipo_documento', path: 'receiver.documentType', level: 'document', types: ALL, help: 'CAT-022: 36 NIT, 13 DUI, 37 otro, 03 pasaporte, 02 carné de residente.' },
  { header: 'receptor_numero_documento', path: 'receiver.documentNumber', level: 'document', types: ALL, help: 'Número del documento, sin guiones el NIT; el DUI con su guion (01234567-8).' },
  { header: 'receptor_nrc', path: 'receiver.nrc', level: 'document', types: except('11', '14'), help: 'NRC del receptor, sin guiones (obligatorio en CCF).' },
  { header: 'receptor_actividad', path: 'receiver.economicActivity', level: 'document', types: ALL, help: 'Código de actividad económica (CAT-019) del receptor (obligatorio en CCF).' },
  { header: 'receptor_actividad_descripcion', path: 'receiver.activityDescription', level: 'document', types: ['11'], help: 'FEX: la actividad del receptor en el exterior, en texto (o su código en receptor_actividad).' },
  { header: 'receptor_nombre_comercial', path: 'receiver.tradeName', level: 'document', types: ['03', '04', '05', '06', '07', '08', '09', '11'], help: 'Nombre comercial del receptor.' },
  { header: 'receptor_correo', path: 'receiver.email', level: 'document', types: ALL, help: 'Correo del receptor.' },
  { header: 'receptor_telefono', path: 'receiver.phone', level: 'document', types: ALL, help: 'Teléfono del receptor.' },
  { header: 'receptor_departamento', path: 'receiver.address.department', level: 'document', types: except('11'), help: 'Departamento (CAT-012) de la dirección del receptor.' },
  { header: 'receptor_municipio', path: 'receiver.address.municipality', level: 'document', types: except('11'), help: 'Municipio (CAT-013).' },
  { header: 'receptor_distrito', path: 'receiver.address.district', level: 'document', types: except('11'), help: 'Distrito (CAT-013, 2024).' },
  { header: 'receptor_direccion', path: 'receiver.address.line', level: 'document', types: except('11'), help: 'Complemento de la dirección.' },
  { header: 'receptor_pais', path: 'receiver.country', level: 'document', types: ['11', '15'], help: 'País del receptor (CAT-020), p. ej. GT; en CD, el del donante no domiciliado.' },
  { header: 'receptor_direccion_exterior', path: 'receiver.foreignAddress', level: 'document', types: ['11'], requiredFor: ['11'], help: 'FEX: la dirección del receptor en el exterior.' },
  { header: 'receptor_tipo_persona', path: 'receiver.personType', level: 'document', types: ['11'], requiredFor: ['11'], help: 'FEX: CAT-029, 1 persona natural, 2 jurídica.' },
  { header: 'receptor_domicilio_fiscal', path: 'receiver.fiscalDomicile', level: 'document', types: ['08', '15'], help: 'CAT-032: 1 domiciliado, 2 no domiciliado.' },
  { header: 'receptor_tipo_establecimiento', path: 'receiver.establishmentType', level: 'document', types: ['09'], help: 'DCL: tipo de establecimiento del receptor (CAT-009), p. ej. 01 sucursal.' },
  { header: 'titulo_bienes', path: 'goodsTitle', level: 'document', types: ['04'], requiredFor: ['04'], help: 'NR: título a que se remiten los bienes (CAT-025), p. ej. 03 consignación, 04 traslado.' },
  { header: 'condicion_pago', path: 'payment.condition', level: 'document', types: ['01', '03', '05', '06', '08', '11', '14'], help: 'CAT-016: 1 contado, 2 crédito, 3 otro; vacío: contado.' },
  { header: 'retencion_renta', path: 'withholding.renta', level: 'document', types: ['14'], help: 'FSE: tasa de retención de renta en porcentaje (10 = 10 % del subtotal); vacío: sin retención.' },
  { header: 'recinto_fiscal', path: 'export.customsOffice', level: 'document', types: ['11'], help: 'FEX: recinto fiscal (CAT-027), obligatorio al exportar bienes.' },
  { header: 'regimen', path: 'export.regime', level: 'document', types: ['11'], help: 'FEX: régimen de exportación (CAT-028), p. ej. 1000.000.' },
  { header: 'tipo_regimen', path: 'export.regimeType', level: 'document', types: ['11'], help: 'FEX: tipo de régimen (CAT-033), p. ej. EX-1.' },
  { header: 'incoterms', path: 'export.incoterms', level: 'document', types: ['11'], help: 'FEX: INCOTERMS (CAT-031), p. ej. 09 FOB.' },
  { header: 'flete', path: 'export.freight', level: 'document', types: ['11'], help: 'FEX: flete en dólares.' },
  { header: 'seguro', path: 'export.insurance', level: 'document', types: ['11'], help: 'FEX: seguro en dólares.' },
  { header: 'doc_asociado_codigo', path: 'associatedDocuments.0.code', level: 'document', types: ['11', '15'], help: 'Documento asociado (CAT-021): en CD 1 o 2, obligatorio (p. ej. la autorización como donataria); en FEX 1 a 3.' },
  { header: 'doc_asociado_identificacion', path: 'associatedDocuments.0.identification', level: 'document', types: ['11', '15'], help: 'Identificación del documento asociado (p. ej. Resolución DGII 12-2025).' },
  { header: 'doc_asociado_descripcion', path: 'associatedDocuments.0.description', level: 'document', types: ['11', '15'], help: 'Descripción del documento asociado.' },
  { header: 'periodo_inicio', path: 'settlement.periodStart', level: 'document', types: ['09'], requiredFor: ['09'], help: 'DCL: primer día del período liquidado (AAAA-MM-DD).' },
  { header: 'periodo_fin', path: 'settlement.periodEnd', level: 'document', types: ['09'], requiredFor: ['09'], help: 'DCL: último día del período liquidado (AAAA-MM-DD).' },
  { header: 'codigo_liquidacion', path: 'settlement.code', level: 'document', types: ['09'], help: 'DCL: su código de la liquidación.' },
  { header: 'cantidad_documentos', path: 'settlement.documentCount', level: 'document', types: ['09'], kind: 'integer', help: 'DCL: número de documentos liquidados (entero).' },
  { header: 'monto_operaciones', path: 'settlement.operationsAmount', level: 'document', types: ['09'], requiredFor: ['09'], help: 'DCL: monto de las operaciones en dólares.' },
  { header: 'monto_sin_percepcion', path: 'settlement.nonPerceptionAmount', level: 'document', types: ['09'], help: 'DCL: monto sin percepción (p. ej. propinas).' },
  { header: 'descripcion_sin_percepcion', path: 'settlement.nonPerceptionDescription', level: 'document', types: ['09'], help: 'DCL: qué es el monto sin percepción.' },
  { header: 'comision', path: 'settlement.commission', level: 'document', types: ['09'], requiredFor: ['09'], help: 'DCL: comisión en dólares.' },
  { header: 'porcentaje_comision', path: 'settlement.commissionPercent', level: 'document', types: ['09'], help: 'DCL: comisión en porcentaje.' },
  { header: 'responsable_nombre', path: 'settlement.responsible.name', level: 'document', types: ['09'], requiredFor: ['09'], help: 'DCL: nombre de quien responde por la liquidación.' },
  { header: 'responsable_documento', path: 'settlement.responsible.documentNumber', level: 'document', types: ['09'], requiredFor: ['09'], help: 'DCL: su documento de identificación.' },
  { header: 'responsable_codigo_empleado', path: 'settlement.responsible.employeeCode', level: 'document', types: ['09'], help: 'DCL: su código de empleado.' },
  { header: 'notas', path: 'notes', level: 'document', types: except('15'), help: 'Observaciones del documento.' },
];

const LINE_COLUMNS: CsvColumn[] = [
  { header: 'tipo_item', path: 'type', level: 'line', types: ITEM_TYPES.filter((t) => t !== '15'), requiredFor: ITEM_TYPES.filter((t) => t !== '15'), help: 'CAT-011: 1 bien, 2 servicio, 3 ambos, 4 otro.' },
  { header: 'tipo_donacion', path: 'donationType', level: 'line', types: ['15'], requiredFor: ['15'], help: 'CD: CAT-026, 1 efectivo (cantidad 1, unidad 99), 2 bien, 3 servicio (unidad 99).' },
  { header: 'doc_relacionado_tipo', path: 'relatedDocument.type', level: 'line', types: RELATED_TYPES, requiredFor: ['05', '06', '07', '08'], help: 'Tipo (CAT-002) del documento relacionado: en NC/ND el CCF (03) o CR (07) que ajusta; en CR el documento retenido; en CL el liquidado.' },
  { header: 'doc_relacionado_codigo', path: 'relatedDocument.generationCode', level: 'line', types: RELATED_TYPES, requiredFor: ['05', '06', '07', '08'], aliases: ['relatedDocument'], help: 'Su código de generación (electrónico) o su número (en papel).' },
  { header: 'doc_relacionado_fecha', path: 'relatedDocument.issuedOn', level: 'line', types: RELATED_TYPES, requiredFor: ['05', '06', '07', '08'], help: 'Su fecha de emisión (AAAA-MM-DD).' },
  { header: 'codigo', path: 'code', level: 'line', types: ITEM_TYPES, help: 'Su código del producto.' },
  { header: 'descripcion', path: 'description', level: 'line', types: [...ITEM_TYPES, '07'], requiredFor: ITEM_TYPES, help: 'Descripción de la línea.' },
  { header: 'cantidad', path: 'quantity', level: 'line', types: ITEM_TYPES, requiredFor: ITEM_TYPES, help: 'Cantidad, con punto decimal (2 o 1.5).' },
  { header: 'unidad', path: 'unitCode', level: 'line', types: ITEM_TYPES, requiredFor: ITEM_TYPES, help: 'Unidad de medida (CAT-014): 59 unidad, 99 otra.' },
  { header: 'precio_unitario', path: 'unitPrice', level: 'line', types: ITEM_TYPES, requiredFor: ITEM_TYPES, help: 'Precio unitario en dólares, con punto decimal; en FE con IVA incluido, en CCF/NC/ND sin IVA.' },
  { header: 'descuento', path: 'discount', level: 'line', types: ITEM_TYPES.filter((t) => t !== '15'), help: 'Descuento de la línea en dólares.' },
  { header: 'depreciacion', path: 'depreciation', level: 'line', types: ['15'], help: 'CD: depreciación del bien donado en dólares.' },
  { header: 'tributo', path: 'tax', level: 'line', types: [...SALE_TAX_TYPES, '11'], requiredFor: SALE_TAX_TYPES, kind: 'lower', help: 'gravada, exenta o no_sujeta.' },
  { header: 'monto_sujeto', path: 'taxableAmount', level: 'line', types: ['07'], requiredFor: ['07'], help: 'CR: monto sujeto a retención del documento, en dólares.' },
  { header: 'codigo_retencion', path: 'code', level: 'line', types: ['07'], requiredFor: ['07'], help: 'CR: código de retención (CAT-006): 22 retención IVA 1 %, C4 13 %, C9 otras.' },
  { header: 'monto_retenido', path: 'withheldAmount', level: 'line', types: ['07'], help: 'CR: IVA retenido en dólares; vacío: calculado con el código.' },
  { header: 'no_sujeta', path: 'noSujeta', level: 'line', types: ['08'], help: 'CL: ventas no sujetas del documento liquidado.' },
  { header: 'exenta', path: 'exenta', level: 'line', types: ['08'], help: 'CL: ventas exentas.' },
  { header: 'gravada', path: 'gravada', level: 'line', types: ['08'], help: 'CL: ventas gravadas (negativas para un documento invalidado).' },
  { header: 'exportaciones', path: 'exports', level: 'line', types: ['08'], help: 'CL: exportaciones.' },
  { header: 'percepcion', path: 'perception', level: 'line', types: ['08'], help: 'CL: percepción de IVA 1 % en dólares.' },
  { header: 'notas_linea', path: 'notes', level: 'line', types: ['08'], help: 'CL: observaciones del documento liquidado.' },
];

const BY_TYPE = new Map(CSV_DTE_TYPES.map((t) => [t, [...DOCUMENT_COLUMNS, ...LINE_COLUMNS].filter((c) => c.types.includes(t))]));

/** The columns of a type's template, in template order (document columns, then line columns). */
export function columnsOf(type: CsvDteType): readonly CsvColumn[] {
  return BY_TYPE.get(type) ?? [];
}

/** The template's file name: `plantilla-emision-<short name>.csv`. */
export function csvTemplateFilename(type: CsvDteType): string {
  return `plantilla-emision-${CSV_TYPE_SLUG[type]}.csv`;
}

const CSV_TYPE_SLUG: Readonly<Record<CsvDteType, string>> = {
  '01': 'fe', '03': 'ccf', '04': 'nr', '05': 'nc', '06': 'nd', '07': 'cr', '08': 'cl', '09': 'dcl', '11': 'fex', '14': 'fse', '15': 'cd',
};
