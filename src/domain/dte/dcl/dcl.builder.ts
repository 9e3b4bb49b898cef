/** Documento Contable de Liquidación (09), schema fe-dcl-v2: a single cuerpoDocumento object. */
import { buildApendice } from '../builders/apendice-section';
import type { BuildContext } from '../builders/build-context';
import { direccion } from '../builders/emisor-section';
import { jsonNumber as n } from '../builders/json-number';
import type { DocumentCreateInput } from '../document-create.schema';
import type { ExtendedBuild } from '../extended/extended-build.types';
import { buildIdentificacionFor, emisorValues, ordered, receiverActivity } from '../extended/extended-parts';
import { computeDclAmounts } from './dcl-amounts';

const EMISOR_KEYS = ['nit', 'nrc', 'nombre', 'codActividad', 'descActividad', 'nombreComercial', 'telefono', 'correo', 'direccion', 'codEstable', 'codPuntoVenta'];

export function buildDcl(input: DocumentCreateInput, ctx: BuildContext): ExtendedBuild {
  const s = input.settlement!;
  const computed = computeDclAmounts(s);
  if (!computed.ok) return computed;
  const emisor = emisorValues(ctx);
  if ('errors' in emisor) return { ok: false, errors: emisor.errors };
  const a = computed.value;
  const r = input.receiver!;
  const json = {
    identificacion: buildIdentificacionFor('09', ctx, { fusion: false }),
    emisor: ordered(emisor.value, EMISOR_KEYS),
    receptor: {
      nit: (r.documentNumber ?? '').replace(/-/g, ''),
      nrc: r.nrc ?? null,
      nombre: r.name ?? null,
      ...receiverActivity(r),
      nombreComercial: r.tradeName ?? null,
      tipoEstablecimiento: r.establishmentType,
      direccion: r.address ? direccion(r.address) : null,
      telefono: r.phone ?? null,
      correo: r.email,
    },
    cuerpoDocumento: {
      periodoLiquidacionFechaInicio: s.periodStart,
      periodoLiquidacionFechaFin: s.periodEnd,
      codLiquidacion: s.code ?? null,
      cantidadDoc: s.documentCount ?? null,
      valorOperaciones: n(a.valorOperaciones),
      montoSinPercepcion: n(a.montoSinPercepcion),
      descripSinPercepcion: s.nonPerceptionDescription ?? null,
      subTotal: n(a.subTotal),
      iva: n(a.iva),
      montoSujetoPercepcion: n(a.montoSujetoPercepcion),
      ivaPercibido: n(a.ivaPercibido),
      comision: n(a.comision),
      porcentComision: n(s.commissionPercent ?? '0'),
      ivaComision: n(a.ivaComision),
      liquidoApagar: n(a.liquidoApagar),
      totalLetras: a.totals.totalInWords,
      observaciones: input.notes ?? null,
    },
    extension: { nombEntrega: s.responsible.name, docuEntrega: s.responsible.documentNumber, codEmpleado: s.responsible.employeeCode ?? null },
    apendice: buildApendice(input.appendix),
  };
  return { ok: true, json, totals: a.totals, warnings: [] };
}
