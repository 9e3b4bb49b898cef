/** Factura de Sujeto Excluido (14), schema fe-fse-v2. API totals: subtotal subTotal, iva 0.00, total totalPagar. */
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { direccion } from '../builders/emisor-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { CASH_CONDITION, buildIdentificacionFor, buildPagosFor, checkPaymentAddsUp, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';
import { computeFseAmounts } from './fse-amounts';

const EMISOR_KEYS = ['nit', 'nrc', 'nombre', 'codActividad', 'descActividad', 'direccion', 'telefono', 'codEstable', 'codPuntoVenta', 'correo'];

export function buildFse(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const items = input.items ?? [];
  const computed = computeFseAmounts(items, { globalDiscount: input.globalDiscount?.total, rentaRate: input.withholding?.renta });
  if (!computed.ok) return computed;
  const a = computed.value;
  const paymentErrors = checkPaymentAddsUp(input.payment, a.totalPagar);
  if (paymentErrors.length > 0) return { ok: false, errors: paymentErrors };
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const r = input.receiver!;
  const json = {
    identificacion: buildIdentificacionFor('14', ctx, { fusion: false }),
    emisor: ordered(emisor.value, EMISOR_KEYS),
    receptor: {
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
      nombre: r.name ?? null,
      ...receiverActivity(r),
      direccion: direccion(r.address!),
      telefono: r.phone ?? null,
      correo: r.email ?? null,
    },
    cuerpoDocumento: items.map((item, i) => {
      const l = a.items[i];
      return {
        numItem: i + 1, tipoItem: Number(item.type), cantidad: n(l.cantidad), codigo: item.code ?? null, uniMedida: Number(item.unitCode),
        descripcion: item.description, precioUni: n(l.precioUni), montoDescu: n(l.montoDescu), compra: n(l.compra),
      };
    }),
    resumen: {
      totalCompra: n(a.totalCompra), descu: n(a.descu), totalDescu: n(a.totalDescu), subTotal: n(a.subTotal), reteRenta: n(a.reteRenta),
      totalPagar: n(a.totalPagar), totalLetras: a.totals.totalInWords, condicionOperacion: Number(input.payment?.condition ?? CASH_CONDITION),
      pagos: buildPagosFor(input.payment, a.totalPagar, { terms: true }), observaciones: input.notes ?? null,
    },
    apendice: buildApendice(input.appendix),
  };
  return { ok: true, json, totals: a.totals, warnings: [] };
}
