/** Official DTE JSON built by the project's engine, and render inputs, for the PDF tests. */
import { PNG } from 'pngjs';
import { buildDte, parseDocumentCreate } from '../../../src/domain/dte/index';
import type { DteType } from '../../../src/domain/dte/dte.types';
import type { PdfDocumentInput } from '../../../src/integrations/pdf/render-document-pdf';
import { CCF_RECEIVER, RELATED_CCF, body, item, makeContext, type Body } from '../dte/dte-fixtures';

export type Json = Record<string, any>;

export const SEAL = '2026E68208639D4549FB9FA06E7CB6D57D2A3BED';
export const PROCESSED_AT = new Date('2026-03-10T16:45:33Z');

export function buildJson(type: DteType, overrides: Body = {}, ctx = makeContext(type)): Json {
  const parsed = parseDocumentCreate(body(type, overrides));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const built = buildDte(parsed.value, ctx);
  if (!built.ok) throw new Error(JSON.stringify(built.errors));
  return built.json as Json;
}

const PRODUCTS = [
  'Licencia anual de software de facturación electrónica (módulo de inventario y contabilidad)',
  'Servicio de soporte técnico en sitio — visita de diagnóstico',
  'Café de altura de Apaneca, tostado medio, bolsa de 454 g',
  'Piñata artesanal con diseño personalizado',
  'Cable UTP categoría 6, bobina de 305 m',
  'Consultoría de implementación: análisis de procesos, parametrización del sistema, migración de datos históricos y capacitación de usuarios finales en las oficinas del cliente',
  'Mantenimiento preventivo de equipo de cómputo',
  'Resma de papel bond tamaño carta, 75 g/m²',
  'Tóner compatible para impresora láser',
  'Hosting administrado — plan empresarial (mensual)',
];

/** `count` items with a mix of taxed, exempt and non-subject sales, discounts, units and codes. */
export function items(count: number, relatedDocument?: string): Body[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const tax = n % 7 === 0 ? 'exenta' : n % 11 === 0 ? 'no_sujeta' : 'gravada';
    return item({
      description: `${PRODUCTS[i % PRODUCTS.length]}${count > PRODUCTS.length ? ` (línea ${n})` : ''}`,
      quantity: ['1', '2', '12', '0.5', '3.25'][i % 5],
      unitCode: ['59', '59', '58', '34', '36'][i % 5],
      unitPrice: ['125.00', '45.50', '1.3275', '18.75', '4.99'][i % 5],
      ...(n % 4 === 0 ? { discount: '1.00' } : {}),
      ...(n % 3 === 0 ? { code: `SKU-${String(1000 + n)}` } : {}),
      ...(relatedDocument ? { relatedDocument } : {}),
      tax,
      type: n % 2 === 0 ? '2' : '1',
    });
  });
}

/** FE to the final consumer (no receiver), 10 lines, cash. */
export function feJson(lines = 10): Json {
  const json = buildJson('01', { items: items(lines), notes: 'Gracias por su compra. Garantía de 30 días en productos electrónicos.' });
  return json;
}

/** CCF with receiver, withholding, credit terms and an appendix. */
export function ccfJson(lines = 6): Json {
  const probe = buildJson('03', { items: items(lines), withholding: { iva1: true } });
  return buildJson('03', {
    items: items(lines),
    withholding: { iva1: true },
    payment: { condition: '2', methods: [{ code: '05', amount: probe.resumen.totalPagar.toFixed(2), reference: 'Transferencia BAC 99812', term: '01', period: 30 }] },
    notes: 'Entrega en bodega del cliente. Favor referenciar la orden de compra en su pago.',
    appendix: [{ field: 'ordenCompra', label: 'Orden de compra', value: 'OC-2026-0042' }, { field: 'vendedor', label: 'Vendedor', value: 'Ana Beatriz Peña' }],
  });
}

export function ncJson(): Json {
  return buildJson('05', { items: items(3, RELATED_CCF), notes: 'Devolución parcial de mercadería dañada.' });
}

export function input(dte: Json, overrides: Partial<PdfDocumentInput> = {}): PdfDocumentInput {
  return { dte, seal: SEAL, processedAt: PROCESSED_AT, status: 'processed', establishmentCode: 'M001', pointOfSaleCode: 'P001', ...overrides };
}

/** The same JSON as issued in production (ambiente 01). */
export function inProduction(json: Json): Json {
  return { ...json, identificacion: { ...json.identificacion, ambiente: '01' } };
}

export { CCF_RECEIVER, RELATED_CCF };

/** A small PNG logo (navy badge with an orange bar), made with pngjs. */
export function logoPng(): Buffer {
  const width = 240;
  const height = 150;
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const dx = x - 75;
      const dy = y - 75;
      const inCircle = dx * dx + dy * dy < 68 * 68;
      const inBar = x > 120 && x < 232 && y > 60 && y < 90;
      const [r, g, b, a] = inCircle ? [30, 58, 95, 255] : inBar ? [234, 120, 30, 255] : [255, 255, 255, 0];
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = a;
    }
  }
  return PNG.sync.write(png);
}
