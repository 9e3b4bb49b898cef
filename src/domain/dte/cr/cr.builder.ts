/** Comprobante de Retención (07), schema fe-cr-v2. */
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { direccion } from '../builders/emisor-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { buildIdentificacionFor, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';
import { relatedDocumentFields } from '../extended/related-documents.rules';
import { computeCrAmounts } from './cr-amounts';

const EMISOR_KEYS = ['nit', 'nrc', 'nombre', 'codActividad', 'descActividad', 'nombreComercial', 'direccion', 'codEstable', 'codPuntoVenta', 'telefono', 'correo'];

export function buildCr(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const lines = input.withholdings ?? [];
  const computed = computeCrAmounts(lines);
  if (!computed.ok) return computed;
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const a = computed.value;
  const r = input.receiver!;
  const json = {
    identificacion: buildIdentificacionFor('07', ctx, { fusion: true }),
    emisor: ordered(emisor.value, EMISOR_KEYS),
    receptor: {
      tipoDocumento: r.documentType ?? null,
      numDocumento: r.documentNumber ?? null,
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
      return {
        numItem: i + 1, tipoDte: d.tipoDte, tipoGeneracion: d.tipoGeneracion, numeroDocumento: d.numeroDocumento, fechaEmision: d.fechaEmision,
        montoSujetoGrav: n(a.lines[i].montoSujetoGrav), codigoRetencionMH: l.code, ivaRetenido: n(a.lines[i].ivaRetenido),
        descripcion: l.description ?? null,
      };
    }),
    resumen: {
      totalSujetoRetencion: n(a.totalSujetoRetencion), totalIva: n(a.totalIva), totalIvaRetenido: n(a.totalIvaRetenido),
      totalLetras: a.totals.totalInWords, observaciones: input.notes ?? null,
    },
    apendice: buildApendice(input.appendix),
  };
  return { ok: true, json, totals: a.totals, warnings: [] };
}
