/** Comprobante de Liquidación (08), schema fe-cl-v2: tipoModelo/tipoOperacion fixed to 1. */
import { tributeName } from '../amounts/tribute-rules';
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { direccion } from '../builders/emisor-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { CASH_CONDITION, buildIdentificacionFor, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';
import { relatedDocumentFields } from '../extended/related-documents.rules';
import { computeClAmounts } from './cl-amounts';

const EMISOR_KEYS = ['nit', 'nrc', 'nombre', 'codActividad', 'descActividad', 'nombreComercial', 'direccion', 'telefono', 'correo', 'codEstable', 'codPuntoVenta'];

export function buildCl(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const lines = input.settledDocuments ?? [];
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const a = computeClAmounts(lines);
  const r = input.receiver!;
  const e = ordered(emisor.value, EMISOR_KEYS);
  // CL's nombreComercial needs at least 2 characters.
  if (typeof e.nombreComercial === 'string' && e.nombreComercial.length < 2) e.nombreComercial = null;
  const json = {
    identificacion: buildIdentificacionFor('08', ctx, { fusion: true }),
    emisor: e,
    receptor: {
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
      codDomiciliado: Number(r.fiscalDomicile ?? '1'),
      nrc: r.nrc ?? null,
      nombre: r.name ?? null,
      ...receiverActivity(r),
      nombreComercial: r.tradeName ?? null,
      direccion: direccion(r.address!),
      telefono: r.phone ?? null,
      correo: r.email ?? null,
    },
    cuerpoDocumento: lines.map((l, i) => {
      const d = relatedDocumentFields(l.relatedDocument);
      const x = a.lines[i];
      return {
        numItem: i + 1, tipoDte: d.tipoDte, tipoGeneracion: d.tipoGeneracion, numeroDocumento: d.numeroDocumento, fechaEmision: d.fechaEmision,
        ventaNoSuj: n(x.ventaNoSuj), ventaExenta: n(x.ventaExenta), ventaGravada: n(x.ventaGravada), exportaciones: n(x.exportaciones),
        tributos: x.tributos, ivaItem: n(x.ivaItem), observaciones: l.notes ?? null,
      };
    }),
    resumen: {
      totalNoSuj: n(a.totalNoSuj), totalExenta: n(a.totalExenta), totalGravada: n(a.totalGravada), exportacion: n(a.exportacion),
      subTotalVentas: n(a.subTotalVentas),
      tributos: a.hasTributo ? [{ codigo: '20', descripcion: tributeName('20'), valor: n(a.iva) }] : null,
      montoTotalOperacion: n(a.montoTotalOperacion), ivaPerci: n(a.ivaPerci), total: n(a.total), totalLetras: a.totals.totalInWords,
      condicionOperacion: Number(input.payment?.condition ?? CASH_CONDITION), observaciones: input.notes ?? null,
    },
    apendice: buildApendice(input.appendix),
  };
  return { ok: true, json, totals: a.totals, warnings: [] };
}
