/**
 * Checks of the 2026 events that MH applies beyond the schema (Normativa v2.0 Anexo V, as read in
 * odoo-localizations `03_events.md` FR-116–127):
 *
 * Evento de Retorno (18): every related document is a sealed, not invalidated FE, FEX or FSE of the
 * emitter (all of one type, dated as sealed), every line names one of them, the return comes within
 * the window from the related document's seal (3 months by default, `returnWindowMonths`), and what
 * all returns take back never exceeds the document's value (951).
 * Evento de Operaciones Especiales (17): a referenced earlier event exists (961); the operations of a
 * month are reported by the 10th business day of the next month (960).
 */
import { addMonthsClamped, formatMhDate, instantOfLocal, localDateTime, addDays } from '../../domain/mh-rules/el-salvador-time';
import { tenthBusinessDayOfNextMonth } from '../../domain/mh-rules/invalidation-deadline';
import { SIMULATOR_CODES, reject, type MhRejection } from '../rules/mh-codes';
import { D, num, obj, sum, type Json } from '../rules/recompute-helpers';
import type { SimulatorContext } from '../simulator-context';
import { docKey } from '../store/simulator-state';

export const RETURNABLE_TYPES: ReadonlySet<string> = new Set(['01', '11', '14']);

/** The value of an FE/FEX/FSE a return may take back: Σ of its lines' sales (FSE: purchases). */
export function returnableValue(tipoDte: string, dte: Json): string | null {
  if (!RETURNABLE_TYPES.has(tipoDte)) return null;
  const items = (Array.isArray(dte.cuerpoDocumento) ? dte.cuerpoDocumento : []).map(obj);
  const keys = tipoDte === '14' ? ['compra'] : ['ventaNoSuj', 'ventaExenta', 'ventaGravada'];
  return sum(items.flatMap((it) => keys.map((k) => num(it[k])))).toFixed();
}

/** Return event: value returned per related document (Σ of the line amounts naming it). */
export function returnValues(dte: Json): { code: string; value: string }[] {
  const items = (Array.isArray(dte.cuerpoDocumento) ? dte.cuerpoDocumento : []).map(obj);
  const out = new Map<string, D>();
  for (const it of items) {
    const value = ['ventaNoSuj', 'ventaExenta', 'ventaGravada', 'compra'].reduce((acc, k) => acc.plus(num(it[k])), new D(0));
    const code = String(it.codigoGeneracion);
    out.set(code, (out.get(code) ?? new D(0)).plus(value));
  }
  return [...out].map(([code, value]) => ({ code, value: value.toFixed() }));
}

export function returnEventRejection(ctx: SimulatorContext, dte: Json, nit: string, ambiente: string, at: Date): MhRejection | null {
  const related = (Array.isArray(dte.documentoRelacionado) ? dte.documentoRelacionado : []).map(obj);
  const code = SIMULATOR_CODES.returnRelatedDocument;
  const types = new Set(related.map((r) => r.tipoDocumento));
  if (types.size !== 1 || !RETURNABLE_TYPES.has(String(related[0]?.tipoDocumento))) {
    return reject(code, '[documentoRelacionado.tipoDocumento] EL RETORNO SE HACE SOBRE FACTURAS, FACTURAS DE EXPORTACION O FACTURAS DE SUJETO EXCLUIDO, TODAS DEL MISMO TIPO');
  }
  const codes = new Set(related.map((r) => String(r.codigoGeneracion)));
  for (const r of related) {
    const sealed = ctx.state.sealed.get(docKey(ambiente, nit, String(r.codigoGeneracion)));
    if (!sealed || sealed.tipoDte !== r.tipoDocumento) {
      return reject(code, '[documentoRelacionado.codigoGeneracion] NO EXISTE UN DOCUMENTO PROCESADO CON ESE VALOR PARA EL EMISOR', [String(r.codigoGeneracion)]);
    }
    if (sealed.fecEmi !== r.fechaEmision) return reject(code, '[documentoRelacionado.fechaEmision] NO COINCIDE CON EL DOCUMENTO PROCESADO', [String(r.codigoGeneracion)]);
    if (sealed.invalidatedBy !== null) return reject(code, '[documentoRelacionado.codigoGeneracion] EL DOCUMENTO ESTA INVALIDADO', [String(r.codigoGeneracion)]);
    const lastDay = addMonthsClamped(localDateTime(sealed.sealedAt).date, ctx.settings.returnWindowMonths);
    if (at.getTime() >= instantOfLocal(addDays(lastDay, 1)).getTime()) {
      return reject(SIMULATOR_CODES.returnWindow, `PLAZO PARA EL RETORNO VENCIDO: ERA HASTA EL ${formatMhDate(lastDay)} 23:59:59`, [String(r.codigoGeneracion)]);
    }
  }
  const items = (Array.isArray(dte.cuerpoDocumento) ? dte.cuerpoDocumento : []).map(obj);
  const stray = items.findIndex((it) => !codes.has(String(it.codigoGeneracion)));
  if (stray >= 0) return reject(code, `[cuerpoDocumento[${stray}].codigoGeneracion] NO ESTA ENTRE LOS DOCUMENTOS RELACIONADOS`);
  for (const r of returnValues(dte)) {
    const key = docKey(ambiente, nit, r.code);
    const sealed = ctx.state.sealed.get(key)!;
    const limit = new D(sealed.returnableValue ?? '0');
    const taken = new D(ctx.state.returnedValue.get(key) ?? '0').plus(new D(r.value));
    if (taken.gt(limit)) {
      return reject(SIMULATOR_CODES.returnExceedsValue, '[cuerpoDocumento] EL VALOR RETORNADO SUPERA EL VALOR DEL DOCUMENTO RELACIONADO',
        [`${r.code}: valor ${limit.toFixed(2)}, retornado ${taken.toFixed(2)}`]);
    }
  }
  return null;
}

export function specialOperationRejection(ctx: SimulatorContext, dte: Json, nit: string, ambiente: string, at: Date): MhRejection | null {
  const items = (Array.isArray(dte.cuerpoDocumento) ? dte.cuerpoDocumento : []).map(obj);
  const eventDate = String(obj(dte.identificacion).fecEmi);
  for (const [i, it] of items.entries()) {
    const ref = it.codigoGeneracionRef;
    if (typeof ref === 'string') {
      const earlier = ctx.state.sealed.get(docKey(ambiente, nit, ref));
      if (!earlier || earlier.tipoDte !== '17' || earlier.invalidatedBy !== null) {
        return reject(SIMULATOR_CODES.specialOperationReference, `[cuerpoDocumento[${i}].codigoGeneracionRef] NO EXISTE UN EVENTO DE OPERACIONES ESPECIALES ACTIVO CON ESE VALOR`);
      }
    }
    if (typeof it.fechaEmision === 'string') {
      if (it.fechaEmision > eventDate) return reject(SIMULATOR_CODES.specialOperationLate, `[cuerpoDocumento[${i}].fechaEmision] POSTERIOR A LA FECHA DEL EVENTO`);
      const lastDay = tenthBusinessDayOfNextMonth(it.fechaEmision, ctx.settings.calendar);
      if (at.getTime() >= instantOfLocal(addDays(lastDay, 1)).getTime()) {
        return reject(SIMULATOR_CODES.specialOperationLate, `[cuerpoDocumento[${i}].fechaEmision] PLAZO PARA INFORMAR LAS OPERACIONES VENCIDO: ERA HASTA EL ${formatMhDate(lastDay)} 23:59:59`);
      }
    }
  }
  return null;
}
