/** Factura de Exportación (11), schema fe-fex-v3. API totals: subtotal totalGravada − descuGravada, iva 0.00, total totalPagar. */
import { findEntry } from '../../catalog/catalogs';
import { tributeName } from '../amounts/tribute-rules';
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { buildDocumentoRelacionado } from '../builders/documento-relacionado-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import { buildOtrosDocumentos } from '../extended/associated-documents';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { CASH_CONDITION, buildIdentificacionFor, buildPagosFor, checkPaymentAddsUp, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';
import { EXPORT_TRIBUTE, computeFexAmounts } from './fex-amounts';
import { exportItemType } from './fex-request.rules';

const EMISOR_KEYS = ['nit', 'nrc', 'nombre', 'codActividad', 'descActividad', 'nombreComercial', 'direccion', 'telefono', 'correo', 'codEstable', 'codPuntoVenta'];

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

export function buildFex(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const items = input.items ?? [];
  const x = input.export;
  const computed = computeFexAmounts(items, { globalDiscount: input.globalDiscount?.gravada, insurance: x?.insurance, freight: x?.freight });
  if (!computed.ok) return computed;
  const a = computed.value;
  const paymentErrors = checkPaymentAddsUp(input.payment, a.totalPagar);
  if (paymentErrors.length > 0) return { ok: false, errors: paymentErrors };
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const r = input.receiver!;
  const itemType = exportItemType(input);
  const incoterms = x?.incoterms ? findEntry('CAT-031', x.incoterms)?.name ?? null : null;
  const json = {
    identificacion: buildIdentificacionFor('11', ctx, { fusion: false }),
    documentoRelacionado: buildDocumentoRelacionado(ctx),
    emisor: {
      ...ordered(emisor.value, EMISOR_KEYS),
      tipoItemExpor: itemType,
      recintoFiscal: x?.customsOffice ?? null,
      tipoRegimen: x?.regimeType ?? null,
      regimen: x?.regime ?? null,
    },
    receptor: {
      nombre: r.name ?? null,
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
      descActividad: receiverActivity(r).descActividad,
      nombreComercial: r.tradeName ?? null,
      codPais: r.country,
      nombrePais: clip(findEntry('CAT-020', r.country!)?.name ?? r.country!, 50),
      complemento: r.foreignAddress,
      tipoPersona: Number(r.personType),
      telefono: r.phone ?? null,
      correo: r.email ?? null,
    },
    otrosDocumentos: buildOtrosDocumentos(input.associatedDocuments, { transport: true }),
    ventaTercero: null,
    compraTercero: null,
    cuerpoDocumento: items.map((item, i) => {
      const l = a.items[i];
      return {
        numItem: i + 1, tipoItem: Number(item.type), numeroDocumento: item.relatedDocument ?? null, cantidad: n(l.cantidad), codigo: item.code ?? null,
        codTributo: null, uniMedida: Number(item.unitCode), descripcion: item.description, precioUni: n(l.precioUni), montoDescu: n(l.montoDescu),
        ventaGravada: n(l.ventaGravada), tributos: l.tributos, noGravado: n(l.noGravado),
      };
    }),
    resumen: {
      totalGravada: n(a.totalGravada), descuGravada: n(a.descuGravada), porcentajeDescuento: n(a.porcentajeDescuento), totalDescu: n(a.totalDescu),
      seguro: n(a.seguro), flete: n(a.flete),
      tributos: a.hasC3 ? [{ codigo: EXPORT_TRIBUTE, descripcion: tributeName(EXPORT_TRIBUTE), valor: 0 }] : null,
      montoTotalOperacion: n(a.montoTotalOperacion), totalNoGravado: n(a.totalNoGravado), totalNoOnerosas: 0, totalPagar: n(a.totalPagar),
      totalLetras: a.totals.totalInWords, saldoFavor: 0, condicionOperacion: Number(input.payment?.condition ?? CASH_CONDITION),
      pagos: buildPagosFor(input.payment, a.totalPagar, { terms: true }),
      codIncoterms: x?.incoterms ?? null, descIncoterms: incoterms, numPagoElectronico: null, observaciones: input.notes ?? null,
    },
    apendice: buildApendice(input.appendix),
  };
  return { ok: true, json, totals: a.totals, warnings: [] };
}
