/** NIT: 14 digits, or 9 for a DUI-based NIT; no dashes. */
export const NIT_PATTERN = /^(\d{14}|\d{9})$/;
/** NRC: 2 to 8 digits (MH's schemas require at least 2). */
export const NRC_PATTERN = /^\d{2,8}$/;
/** Establishment code assigned in MH's console: M (casa matriz), B (bodega), S (sucursal), P (patio) + 3 digits. */
export const ESTABLISHMENT_CODE_PATTERN = /^(M|B|S|P)\d{3}$/;
/** Point-of-sale code: P + 3 digits. */
export const POINT_OF_SALE_CODE_PATTERN = /^P\d{3}$/;

export const NIT_MESSAGE = 'El NIT debe tener 14 dígitos (o 9 si se basa en el DUI), sin guiones.';
export const NRC_MESSAGE = 'El NRC debe tener de 2 a 8 dígitos, sin guiones.';
export const ESTABLISHMENT_CODE_MESSAGE = 'El código de establecimiento es M, B, S o P seguido de 3 dígitos (por ejemplo M001).';
export const POINT_OF_SALE_CODE_MESSAGE = 'El código de punto de venta es P seguido de 3 dígitos (por ejemplo P001).';
