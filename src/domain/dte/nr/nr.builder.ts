/**
 * Nota de Remisión (04), schema fe-nr-v4. Amounts as a CCF's (prices without IVA, IVA as tributo 20,
 * CAT-015 tributes, global discounts); no payments, perception or withholding. API totals: subtotal
 * `subTotal`, iva tributo 20, total `montoTotalOperacion` (an NR has no totalPagar).
 */
import { toAmountItems } from '../amounts/amount-items';
import { computeAmounts } from '../amounts/compute-amounts';
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { direccion } from '../builders/emisor-section';
import { buildDocumentoRelacionado } from '../builders/documento-relacionado-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { buildIdentificacionFor, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';

const EMISOR_KEYS = ['nit', 'nrc', 'nombre', 'codActividad', 'descActividad', 'nombreComercial', 'direccion', 'telefono', 'correo', 'codEstable', 'codPuntoVenta'];

export function buildNr(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const computed = computeAmounts({ type: '03', items: toAmountItems(input.items), globalDiscount: input.globalDiscount, isLargeTaxpayer: false });
  if (!computed.ok) return { ok: false, errors: computed.errors };
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const { summary: s, items: amounts } = computed.value;
  const r = input.receiver!;
  const items = input.items ?? [];
  const json = {
    identificacion: buildIdentificacionFor('04', ctx, { fusion: false }),
    documentoRelacionado: buildDocumentoRelacionado(ctx),
    emisor: ordered(emisor.value, EMISOR_KEYS),
    receptor: {
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
      nrc: r.nrc ?? null,
      nombre: r.name ?? null,
      ...receiverActivity(r),
      nombreComercial: r.tradeName ?? null,
      direccion: r.address ? direccion(r.address) : null,
      telefono: r.phone ?? null,
      correo: r.email ?? null,
      bienTitulo: input.goodsTitle,
    },
    ventaTercero: null,
    cuerpoDocumento: items.map((item, i) => {
      const a = amounts[i];
      return {
        numItem: i + 1, tipoItem: Number(item.type), numeroDocumento: item.relatedDocument ?? null, codigo: item.code ?? null,
        codTributo: a.codTributo, descripcion: item.description, cantidad: n(a.cantidad), uniMedida: Number(item.unitCode),
        precioUni: n(a.precioUni), montoDescu: n(a.montoDescu), ventaNoSuj: n(a.ventaNoSuj), ventaExenta: n(a.ventaExenta),
        ventaGravada: n(a.ventaGravada), tributos: a.tributos,
      };
    }),
    resumen: {
      totalNoSuj: n(s.totalNoSuj), totalExenta: n(s.totalExenta), totalGravada: n(s.totalGravada), subTotalVentas: n(s.subTotalVentas),
      descuNoSuj: n(s.descuNoSuj), descuExenta: n(s.descuExenta), descuGravada: n(s.descuGravada), porcentajeDescuento: n(s.porcentajeDescuento),
      totalDescu: n(s.totalDescu),
      tributos: s.tributos ? s.tributos.map((t) => ({ codigo: t.codigo, descripcion: t.descripcion, valor: n(t.valor) })) : null,
      subTotal: n(s.subTotal), montoTotalOperacion: n(s.montoTotalOperacion), totalLetras: s.totalLetras, observaciones: input.notes ?? null,
    },
    apendice: buildApendice(input.appendix),
  };
  return {
    ok: true,
    json,
    totals: { subtotal: s.subTotal, iva: s.iva, total: s.montoTotalOperacion, totalInWords: s.totalLetras },
    warnings: computed.value.warnings,
  };
}
