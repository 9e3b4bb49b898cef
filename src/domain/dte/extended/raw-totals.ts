/** API totals of a `raw` document of the other seven types, read from its own summary. */
import Decimal from 'decimal.js';
import { amountInWords } from '../amount-in-words';
import type { ExtendedDteType, Totals } from '../dte.types';

type Json = Record<string, unknown>;

function money(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? new Decimal(String(v)).toFixed(2) : '0.00';
}

function tributo(resumen: Json, code: string): unknown {
  const list = Array.isArray(resumen.tributos) ? (resumen.tributos as Json[]) : [];
  return list.find((t) => t.codigo === code)?.valor ?? 0;
}

export function extendedRawTotals(type: ExtendedDteType, doc: Json): Totals {
  const resumen = (typeof doc.resumen === 'object' && doc.resumen !== null ? doc.resumen : {}) as Json;
  const body = (typeof doc.cuerpoDocumento === 'object' && doc.cuerpoDocumento !== null && !Array.isArray(doc.cuerpoDocumento) ? doc.cuerpoDocumento : {}) as Json;
  let t: { subtotal: string; iva: string; total: string; words: unknown };
  switch (type) {
    case '04': t = { subtotal: money(resumen.subTotal), iva: money(tributo(resumen, '20')), total: money(resumen.montoTotalOperacion), words: resumen.totalLetras }; break;
    case '07': t = { subtotal: money(resumen.totalSujetoRetencion), iva: money(resumen.totalIva), total: money(resumen.totalIvaRetenido), words: resumen.totalLetras }; break;
    case '08': t = { subtotal: money(resumen.subTotalVentas), iva: money(tributo(resumen, '20')), total: money(resumen.total), words: resumen.totalLetras }; break;
    case '09': t = { subtotal: money(body.subTotal), iva: money(body.iva), total: money(body.liquidoApagar), words: body.totalLetras }; break;
    case '11': {
      const subtotal = new Decimal(money(resumen.totalGravada)).minus(money(resumen.descuGravada)).toFixed(2);
      t = { subtotal, iva: '0.00', total: money(resumen.totalPagar), words: resumen.totalLetras };
      break;
    }
    case '14': t = { subtotal: money(resumen.subTotal), iva: '0.00', total: money(resumen.totalPagar), words: resumen.totalLetras }; break;
    case '15': t = { subtotal: money(resumen.valorTotal), iva: '0.00', total: money(resumen.valorTotal), words: resumen.totalLetras }; break;
  }
  const words = typeof t.words === 'string' && t.words.trim() ? t.words : amountInWords(t.total);
  return { subtotal: t.subtotal, iva: t.iva, total: t.total, totalInWords: words };
}
