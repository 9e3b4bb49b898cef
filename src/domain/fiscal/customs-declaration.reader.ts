/**
 * The customs declaration of a FEX (RCT 84 e: "número de declaración de mercancía / formulario
 * aduanero"). FEX v3 has no field of its own for it and CAT-021 no code (1 emisor, 2 receptor,
 * 3 médico, 4 transporte): the exporter records it as an `otrosDocumentos` entry of code 1 or 2 whose
 * description (`detalleDocumento`) names a DUCA, FAUCA, declaración de mercancías or formulario
 * aduanero; its identification (`descDocumento`) is the number. The first such entry wins; without
 * one the detail's column stays empty with the `missing_customs_declaration` warning.
 */
type Json = Record<string, unknown>;

const CUSTOMS = /\b(duca|fauca)\b|declaracion(es)? de mercancias?|formularios? aduaneros?|declaracion(es)? aduaneras?/;

function plain(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function customsDeclarationOf(json: Json): string | null {
  const list = Array.isArray(json.otrosDocumentos) ? (json.otrosDocumentos as unknown[]) : [];
  for (const raw of list) {
    if (raw === null || typeof raw !== 'object') continue;
    const o = raw as Json;
    const code = Number(o.codDocAsociado);
    if (code !== 1 && code !== 2) continue;
    const detail = typeof o.detalleDocumento === 'string' ? o.detalleDocumento : '';
    const number = typeof o.descDocumento === 'string' ? o.descDocumento.trim() : '';
    if (number !== '' && CUSTOMS.test(plain(detail))) return number;
  }
  return null;
}
