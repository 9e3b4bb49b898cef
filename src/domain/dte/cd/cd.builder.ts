/** Comprobante de Donación (15), schema fe-cd-v2: tipoModelo/tipoOperacion fixed to 1. */
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { direccion } from '../builders/emisor-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import { buildOtrosDocumentos } from '../extended/associated-documents';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { buildIdentificacionFor, buildPagosFor, checkPaymentAddsUp, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';
import { computeCdAmounts } from './cd-amounts';

const EMISOR_KEYS = ['tipoDocumento', 'numDocumento', 'nrc', 'nombre', 'codActividad', 'descActividad', 'nombreComercial', 'direccion', 'telefono', 'correo', 'codEstable', 'codPuntoVenta'];
/** CAT-022 NIT: the donee is identified by its NIT. */
const NIT_DOCUMENT = '36';

export function buildCd(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const items = input.items ?? [];
  const computed = computeCdAmounts(items);
  if (!computed.ok) return computed;
  const a = computed.value;
  if (input.payment?.methods) {
    const mismatch = checkPaymentAddsUp(input.payment, a.cashTotal);
    if (mismatch.length > 0) return { ok: false, errors: mismatch };
  }
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const r = input.receiver!;
  const activity = receiverActivity(r);
  const hasCash = Number(a.cashTotal) > 0;
  const json = {
    identificacion: buildIdentificacionFor('15', ctx, { fusion: false }),
    emisor: ordered({ ...emisor.value, tipoDocumento: NIT_DOCUMENT, numDocumento: ctx.emitter.nit }, EMISOR_KEYS),
    receptor: {
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
      nrc: r.nrc ?? null,
      nombre: r.name ?? null,
      codActividad: activity.codActividad,
      descActividad: activity.codActividad ? activity.descActividad : null,
      direccion: r.address ? direccion(r.address) : null,
      telefono: r.phone ?? null,
      correo: r.email ?? null,
      codDomiciliado: Number(r.fiscalDomicile ?? '1'),
      codPais: r.country ?? 'SV',
    },
    otrosDocumentos: buildOtrosDocumentos(input.associatedDocuments, { transport: false }),
    cuerpoDocumento: items.map((item, i) => {
      const l = a.items[i];
      return {
        numItem: i + 1, tipoDonacion: Number(item.donationType), cantidad: n(l.cantidad), codigo: item.code ?? null, uniMedida: Number(item.unitCode),
        descripcion: item.description, tipoDepreciacion: n(l.tipoDepreciacion), valorUni: n(l.valorUni), valor: n(l.valor),
      };
    }),
    resumen: {
      valorTotal: n(a.valorTotal),
      totalLetras: a.totals.totalInWords,
      pagos: hasCash ? buildPagosFor(input.payment, a.cashTotal, { terms: false }) : null,
    },
    apendice: buildApendice(input.appendix),
  };
  return { ok: true, json, totals: a.totals, warnings: [] };
}
