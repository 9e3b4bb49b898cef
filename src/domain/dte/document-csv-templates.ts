/**
 * The example rows of each type's bulk-issuance template (ADR 0074): two documents, each valid as
 * written (a test previews every template and expects no error), the first with two rows where the
 * type has lines.
 */
import { columnsOf, type CsvDteType } from './document-csv-columns';

type Row = Record<string, string>;

const ROBLE: Row = { receptor_nombre: 'Distribuidora El Roble, S.A. de C.V.', receptor_tipo_documento: '36', receptor_numero_documento: '06142010901010', receptor_nrc: '2345678', receptor_actividad: '46900', receptor_correo: 'compras@elroble.com.sv', receptor_telefono: '22334455', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Col. Escalón, Av. Norte 1' };
const SUMINISTROS: Row = { receptor_nombre: 'Suministros Industriales, S.A. de C.V.', receptor_tipo_documento: '36', receptor_numero_documento: '06141507891234', receptor_nrc: '1122334', receptor_actividad: '46900', receptor_correo: 'cobros@suministros.com.sv', receptor_departamento: '05', receptor_municipio: '25', receptor_distrito: '11', receptor_direccion: 'Zona Industrial, Bodega 4' };
const LABORATORIOS: Row = { receptor_nombre: 'Laboratorios del Istmo, S.A. de C.V.', receptor_tipo_documento: '36', receptor_numero_documento: '06140911881234', receptor_nrc: '554433', receptor_actividad: '21001', receptor_domicilio_fiscal: '1', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Blvd. del Hipódromo 330' };
const related = (tipo: string, codigo: string, fecha: string): Row => ({ doc_relacionado_tipo: tipo, doc_relacionado_codigo: codigo, doc_relacionado_fecha: fecha });
const CCF_E = related('03', '7E1B1F4C-2B1D-4C3A-9F0E-1A2B3C4D5E6F', '2026-11-02');
const CCF_P = related('03', 'CCF-000451', '2026-11-05');

const EXAMPLES: Readonly<Record<CsvDteType, Row[]>> = {
  '01': [
    { id_externo: 'PEDIDO-1001', receptor_nombre: 'Juan Pérez', receptor_tipo_documento: '13', receptor_numero_documento: '01234567-8', receptor_correo: 'juan@example.com', condicion_pago: '1', tipo_item: '1', codigo: 'CAF-500', descripcion: 'Café molido 500 g', cantidad: '2', unidad: '59', precio_unitario: '5.65', tributo: 'gravada' },
    { id_externo: 'PEDIDO-1001', tipo_item: '2', descripcion: 'Envío a domicilio', cantidad: '1', unidad: '59', precio_unitario: '3.00', tributo: 'exenta' },
    { id_externo: 'PEDIDO-1002', receptor_nombre: 'Juan Pérez', receptor_tipo_documento: '13', receptor_numero_documento: '01234567-8', receptor_correo: 'juan@example.com', condicion_pago: '1', tipo_item: '1', codigo: 'TAZ-01', descripcion: 'Taza de cerámica', cantidad: '4', unidad: '59', precio_unitario: '4.52', descuento: '1.00', tributo: 'gravada' },
  ],
  '03': [
    { id_externo: 'PEDIDO-1001', ...ROBLE, condicion_pago: '1', tipo_item: '1', codigo: 'CAF-500', descripcion: 'Café molido 500 g', cantidad: '2', unidad: '59', precio_unitario: '5.00', tributo: 'gravada' },
    { id_externo: 'PEDIDO-1001', tipo_item: '2', descripcion: 'Envío a domicilio', cantidad: '1', unidad: '59', precio_unitario: '3.00', tributo: 'exenta' },
    { id_externo: 'PEDIDO-1002', ...ROBLE, condicion_pago: '1', tipo_item: '1', codigo: 'TAZ-01', descripcion: 'Taza de cerámica', cantidad: '4', unidad: '59', precio_unitario: '4.00', descuento: '1.00', tributo: 'gravada' },
  ],
  '04': [
    { id_externo: 'TRASLADO-31', ...ROBLE, titulo_bienes: '04', notas: 'Traslado a sucursal San Miguel', tipo_item: '1', codigo: 'BEB-24', descripcion: 'Cajas de bebidas de 24 unidades', cantidad: '20', unidad: '59', precio_unitario: '12.50', tributo: 'gravada' },
    { id_externo: 'TRASLADO-31', tipo_item: '1', descripcion: 'Material promocional', cantidad: '5', unidad: '59', precio_unitario: '3.00', tributo: 'exenta' },
    { id_externo: 'TRASLADO-32', ...ROBLE, titulo_bienes: '03', tipo_item: '1', codigo: 'BEB-24', descripcion: 'Cajas de bebidas en consignación', cantidad: '10', unidad: '59', precio_unitario: '12.50', tributo: 'gravada' },
  ],
  '05': [
    { id_externo: 'NC-2026-081', ...ROBLE, ...CCF_E, tipo_item: '1', descripcion: 'Devolución parcial', cantidad: '1', unidad: '59', precio_unitario: '100.00', tributo: 'gravada' },
    { id_externo: 'NC-2026-081', ...CCF_E, tipo_item: '2', descripcion: 'Descuento por pronto pago', cantidad: '1', unidad: '59', precio_unitario: '20.00', tributo: 'gravada' },
    { id_externo: 'NC-2026-082', ...ROBLE, ...CCF_P, tipo_item: '1', descripcion: 'Mercadería dañada', cantidad: '2', unidad: '59', precio_unitario: '15.00', tributo: 'gravada' },
  ],
  '06': [
    { id_externo: 'ND-2026-014', ...ROBLE, ...CCF_E, tipo_item: '2', descripcion: 'Intereses por mora', cantidad: '1', unidad: '59', precio_unitario: '25.00', tributo: 'gravada' },
    { id_externo: 'ND-2026-014', ...CCF_E, tipo_item: '2', descripcion: 'Gastos de cobranza', cantidad: '1', unidad: '59', precio_unitario: '10.00', tributo: 'gravada' },
    { id_externo: 'ND-2026-015', ...ROBLE, ...CCF_P, tipo_item: '1', descripcion: 'Diferencia de precio', cantidad: '3', unidad: '59', precio_unitario: '2.50', tributo: 'gravada' },
  ],
  '07': [
    { id_externo: 'RET-2026-03', ...SUMINISTROS, ...related('03', '8A2C3D4E-5F60-4718-9A0B-1C2D3E4F5A6B', '2026-11-03'), monto_sujeto: '1500.00', codigo_retencion: '22', descripcion: 'CCF de suministros de noviembre' },
    { id_externo: 'RET-2026-03', ...related('03', '1547', '2026-11-05'), monto_sujeto: '820.50', codigo_retencion: '22' },
    { id_externo: 'RET-2026-04', ...SUMINISTROS, ...related('03', '1552', '2026-11-12'), monto_sujeto: '300.00', codigo_retencion: '22' },
  ],
  '08': [
    { id_externo: 'LIQ-2026-11-1', ...LABORATORIOS, condicion_pago: '2', notas: 'Ventas en consignación, primera semana', ...related('03', '9B3D4E5F-6071-4829-8B1C-2D3E4F5A6B7C', '2026-11-04'), gravada: '400.00', percepcion: '4.00' },
    { id_externo: 'LIQ-2026-11-1', ...related('01', '0150', '2026-11-06'), gravada: '200.00', exenta: '50.00' },
    { id_externo: 'LIQ-2026-11-2', ...LABORATORIOS, condicion_pago: '2', ...related('03', '0162', '2026-11-11'), gravada: '150.00' },
  ],
  '09': [
    { id_externo: 'DCL-2026-0451', receptor_nombre: 'Restaurante La Ceiba, S.A. de C.V.', receptor_tipo_documento: '36', receptor_numero_documento: '06142503951234', receptor_nrc: '887766', receptor_actividad: '56101', receptor_tipo_establecimiento: '01', receptor_correo: 'admin@laceiba.com.sv', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Paseo General Escalón 4520', periodo_inicio: '2026-11-01', periodo_fin: '2026-11-07', codigo_liquidacion: 'LIQ-2026-0451', cantidad_documentos: '42', monto_operaciones: '11300.00', monto_sin_percepcion: '300.00', descripcion_sin_percepcion: 'Propinas', comision: '250.00', porcentaje_comision: '2.21', responsable_nombre: 'Ana López', responsable_documento: '01234567-8', responsable_codigo_empleado: 'E-221' },
    { id_externo: 'DCL-2026-0452', receptor_nombre: 'Restaurante La Ceiba, S.A. de C.V.', receptor_tipo_documento: '36', receptor_numero_documento: '06142503951234', receptor_nrc: '887766', receptor_actividad: '56101', receptor_tipo_establecimiento: '01', receptor_correo: 'admin@laceiba.com.sv', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Paseo General Escalón 4520', periodo_inicio: '2026-11-08', periodo_fin: '2026-11-14', cantidad_documentos: '37', monto_operaciones: '9800.00', comision: '215.60', responsable_nombre: 'Ana López', responsable_documento: '01234567-8' },
  ],
  '11': [
    { id_externo: 'EXP-2026-007', receptor_nombre: 'Importadora del Pacífico, S.A.', receptor_tipo_documento: '37', receptor_numero_documento: 'GT-5523410', receptor_pais: 'GT', receptor_tipo_persona: '2', receptor_actividad_descripcion: 'Comercio al por mayor de alimentos', receptor_direccion_exterior: '6a. Avenida 12-40, Zona 10, Ciudad de Guatemala', receptor_correo: 'compras@importadora.gt', condicion_pago: '2', recinto_fiscal: '02', regimen: '1000.000', tipo_regimen: 'EX-1', incoterms: '09', flete: '350.00', seguro: '120.00', tipo_item: '1', codigo: 'CAFE-69', descripcion: 'Café oro lavado, sacos de 69 kg', cantidad: '100', unidad: '59', precio_unitario: '245.50' },
    { id_externo: 'EXP-2026-007', tipo_item: '1', descripcion: 'Café tostado molido', cantidad: '40', unidad: '59', precio_unitario: '18.75', descuento: '30.00' },
    { id_externo: 'EXP-2026-008', receptor_nombre: 'Importadora del Pacífico, S.A.', receptor_tipo_documento: '37', receptor_numero_documento: 'GT-5523410', receptor_pais: 'GT', receptor_tipo_persona: '2', receptor_actividad_descripcion: 'Comercio al por mayor de alimentos', receptor_direccion_exterior: '6a. Avenida 12-40, Zona 10, Ciudad de Guatemala', condicion_pago: '1', recinto_fiscal: '01', regimen: '1000.000', tipo_regimen: 'EX-1', incoterms: '09', tipo_item: '1', codigo: 'CAFE-69', descripcion: 'Café oro lavado, sacos de 69 kg', cantidad: '50', unidad: '59', precio_unitario: '245.50' },
  ],
  '14': [
    { id_externo: 'COMPRA-2026-118', receptor_nombre: 'María Elena Ramírez', receptor_tipo_documento: '13', receptor_numero_documento: '01234567-8', receptor_telefono: '70001234', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Mercado Central, puesto 45', condicion_pago: '1', retencion_renta: '10', tipo_item: '1', descripcion: 'Quintales de maíz', cantidad: '10', unidad: '59', precio_unitario: '25.00' },
    { id_externo: 'COMPRA-2026-118', tipo_item: '2', descripcion: 'Acarreo', cantidad: '1', unidad: '99', precio_unitario: '30.00' },
    { id_externo: 'COMPRA-2026-119', receptor_nombre: 'José Antonio Cruz', receptor_tipo_documento: '13', receptor_numero_documento: '04567890-1', receptor_departamento: '06', receptor_municipio: '23', receptor_distrito: '14', receptor_direccion: 'Cantón El Matazano', condicion_pago: '1', tipo_item: '1', descripcion: 'Cajas de tomate', cantidad: '12', unidad: '59', precio_unitario: '8.00' },
  ],
  '15': [
    { id_externo: 'DON-2026-021', ...ROBLE, receptor_domicilio_fiscal: '1', receptor_pais: 'SV', doc_asociado_codigo: '1', doc_asociado_identificacion: 'Resolución DGII 12-2025', doc_asociado_descripcion: 'Autorización como entidad donataria', tipo_donacion: '1', descripcion: 'Donación en efectivo para el programa de becas', cantidad: '1', unidad: '99', precio_unitario: '1500.00' },
    { id_externo: 'DON-2026-021', tipo_donacion: '2', descripcion: 'Computadoras portátiles usadas', cantidad: '3', unidad: '59', precio_unitario: '400.00', depreciacion: '300.00' },
    { id_externo: 'DON-2026-022', ...ROBLE, receptor_domicilio_fiscal: '1', receptor_pais: 'SV', doc_asociado_codigo: '1', doc_asociado_identificacion: 'Resolución DGII 12-2025', doc_asociado_descripcion: 'Autorización como entidad donataria', tipo_donacion: '3', descripcion: 'Horas de consultoría contable donadas', cantidad: '10', unidad: '99', precio_unitario: '25.00' },
  ],
};

/** The header row and the example rows of a type's template (only the type's own columns). */
export function csvTemplateRows(type: CsvDteType): string[][] {
  const headers = columnsOf(type).map((c) => c.header);
  return [headers, ...EXAMPLES[type].map((values) => headers.map((h) => values[h] ?? ''))];
}

/** The example cells the type's columns leave out (a test keeps the examples and the columns in step). */
export function exampleCellsOutsideColumns(type: CsvDteType): string[] {
  const headers = new Set(columnsOf(type).map((c) => c.header));
  return [...new Set(EXAMPLES[type].flatMap((r) => Object.keys(r)))].filter((h) => !headers.has(h));
}
