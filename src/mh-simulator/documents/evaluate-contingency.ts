/**
 * The contingency event (`/fesv/contingencia`, contingencia-schema-v4), MH-2026-RULES §2: signature,
 * schema, the outage period (end after start, not in the future), the event sent within 24 h after
 * the outage ended, 1–1000 distinct documents of types that may be issued in contingency and not
 * already sealed. Answer: `{estado, fechaHora, mensaje, selloRecibido, observaciones}`.
 */
import { grantCovers, type TokenGrant } from '../auth/token-registry';
import { formatMhDateTime, instantOfLocal } from '../../domain/mh-rules/el-salvador-time';
import { OBSERVED_CODES, PRODUCTION_REFUSAL, SIMULATOR_CODES, reject, type MhRejection } from '../rules/mh-codes';
import { generateSeal } from '../rules/seal';
import type { SimulatorContext } from '../simulator-context';
import type { EventEntry } from '../store/journal-entry.types';
import { docKey } from '../store/simulator-state';
import { schemaRejection } from './schema-check';
import { asObject, asString, decodeJws, verifySignature, type Json } from './signed-document';

export const CONTINGENCY_EVENT_WINDOW_MS = 24 * 3_600_000;
/** CAT-002 types that may be issued in contingency (FE, CCF, NR, NC, ND, CR, FEX, FSE, Evento de Retorno). */
export const CONTINGENCY_TYPES: ReadonlySet<string> = new Set(['01', '03', '04', '05', '06', '07', '11', '14', '18']);

export interface ContingencyAnswer {
  estado: 'RECIBIDO' | 'RECHAZADO';
  fechaHora: string;
  mensaje: string;
  selloRecibido: string | null;
  observaciones: string[];
}

export interface ContingencyInput {
  grant: TokenGrant;
  nit: string;
  jws: string;
}

export interface ContingencyOutcome {
  httpStatus: 200 | 400;
  answer: ContingencyAnswer;
  entry: EventEntry;
}

export function evaluateContingency(ctx: SimulatorContext, input: ContingencyInput): ContingencyOutcome {
  const at = ctx.clock.now();
  const fechaHora = formatMhDateTime(at);
  let ambiente: string | null = null;
  let code: string | null = null;
  let documents: string[] = [];
  let tipoContingencia: number | null = null;
  const outcome = (answer: ContingencyAnswer, seal: string | null): ContingencyOutcome => ({
    httpStatus: seal ? 200 : 400,
    answer,
    entry: {
      t: 'event', kind: 'contingency', at: at.toISOString(), nit: input.nit, ambiente, codigoGeneracion: code,
      status: answer.estado, seal, documents, tipoContingencia, answer,
    },
  });
  const refuse = (r: MhRejection) => outcome({ estado: 'RECHAZADO', fechaHora, mensaje: r.message, selloRecibido: null, observaciones: r.observations }, null);

  const decoded = decodeJws(input.jws);
  if (!decoded.ok) return refuse(decoded.rejection);
  const ev = decoded.payload;
  const ident = asObject(ev.identificacion);
  ambiente = asString(ident.ambiente);
  code = asString(ident.codigoGeneracion);
  documents = (Array.isArray(ev.detalleDTE) ? ev.detalleDTE : []).map((d) => String(asObject(d).codigoGeneracion));
  const motivo = asObject(ev.motivo);
  tipoContingencia = typeof motivo.tipoContingencia === 'number' ? motivo.tipoContingencia : null;
  if (ambiente === null) return refuse(reject(OBSERVED_CODES.schema.code, OBSERVED_CODES.schema.message, ['Campo #/identificacion/ambiente campo obligatorio']));
  if (ambiente === '01' && !ctx.settings.allowProduction) return refuse(reject(SIMULATOR_CODES.production, PRODUCTION_REFUSAL));
  if (asObject(ev.emisor).nit !== input.nit || !grantCovers(input.grant, input.nit, ambiente)) {
    return refuse(reject(SIMULATOR_CODES.notAuthorisedNit, '[emisor.nit] NO CORRESPONDE AL USUARIO AUTENTICADO'));
  }
  const signature = verifySignature(ctx.state, input.jws, decoded.headerExact, input.nit, ambiente);
  if (signature) return refuse(signature);
  if (code !== null && ctx.state.acceptedEvents.has(`contingency|${docKey(ambiente, input.nit, code)}`)) {
    return refuse(reject(OBSERVED_CODES.duplicate.code, `[identificacion.codigoGeneracion] ${OBSERVED_CODES.duplicate.message}`));
  }
  const schema = schemaRejection('contingencia-v4', ev);
  if (schema) return refuse(schema);
  const rule = periodRejection(motivo, at) ?? detailRejection(ctx, ev, ambiente, input.nit);
  if (rule) return refuse(rule);

  const seal = generateSeal(at);
  return outcome({ estado: 'RECIBIDO', fechaHora, mensaje: 'EVENTO DE CONTINGENCIA RECIBIDO', selloRecibido: seal, observaciones: [] }, seal);
}

function periodRejection(motivo: Json, at: Date): MhRejection | null {
  const start = instantOfLocal(String(motivo.fInicio), String(motivo.hInicio));
  const end = instantOfLocal(String(motivo.fFin), String(motivo.hFin));
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) {
    return reject(SIMULATOR_CODES.contingencyPeriod, '[motivo.hFin] FECHA U HORA DE LA CONTINGENCIA NO VALIDA', ['Formato de hora HH:mm:ss']);
  }
  if (end.getTime() <= start.getTime()) return reject(SIMULATOR_CODES.contingencyPeriod, '[motivo.fFin] EL FIN DE LA CONTINGENCIA DEBE SER POSTERIOR A SU INICIO');
  if (end.getTime() > at.getTime()) return reject(SIMULATOR_CODES.contingencyPeriod, '[motivo.fFin] EL FIN DE LA CONTINGENCIA NO PUEDE SER POSTERIOR A LA RECEPCION DEL EVENTO');
  if (at.getTime() - end.getTime() > CONTINGENCY_EVENT_WINDOW_MS) {
    return reject(SIMULATOR_CODES.contingencyWindow, 'EVENTO TRANSMITIDO FUERA DEL PLAZO DE 24 HORAS POSTERIORES AL FIN DE LA CONTINGENCIA');
  }
  return null;
}

function detailRejection(ctx: SimulatorContext, ev: Json, ambiente: string, nit: string): MhRejection | null {
  const detail = (ev.detalleDTE as unknown[]).map(asObject);
  const seen = new Set<string>();
  const problems: string[] = [];
  detail.forEach((d, i) => {
    const c = String(d.codigoGeneracion);
    if (!CONTINGENCY_TYPES.has(String(d.tipoDoc))) problems.push(`[detalleDTE[${i}].tipoDoc] TIPO DE DOCUMENTO NO PERMITIDO EN CONTINGENCIA`);
    if (!/^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/.test(c)) problems.push(`[detalleDTE[${i}].codigoGeneracion] NO CUMPLE EL FORMATO REQUERIDO`);
    else if (seen.has(c)) problems.push(`[detalleDTE[${i}].codigoGeneracion] DOCUMENTO REPETIDO EN EL EVENTO`);
    else if (ctx.state.sealed.has(docKey(ambiente, nit, c))) problems.push(`[detalleDTE[${i}].codigoGeneracion] EL DOCUMENTO YA TIENE SELLO DE RECEPCION`);
    seen.add(c);
  });
  return problems.length > 0 ? reject(SIMULATOR_CODES.contingencyDetail, problems[0], problems) : null;
}
