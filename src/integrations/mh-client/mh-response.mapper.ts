/**
 * MH answers → port results. Accept a DTE only on `estado` PROCESADO with a non-empty seal; 004 on
 * `codigoGeneracion` is a duplicate; `observaciones` `["",""]` means none; Spring's generic error
 * body (`{timestamp,status,error,path}`) is a rejection for request errors (400, 413, 415, 422) and
 * "unavailable" otherwise; 5xx, HTML and unreadable bodies are "unavailable".
 */
import type { MhContingencyResult, MhFailure, MhReception } from '../../services/ports/mh-client.port';
import type { HttpOutcome } from './mh-http-transport';
import { parseMhDateTime } from '../../domain/mh-rules/el-salvador-time';

type Response = Extract<HttpOutcome, { kind: 'response' }>;
type Json = Record<string, unknown>;

const REQUEST_ERRORS = new Set([400, 413, 415, 422]);

function obj(v: unknown): Json | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

export function cleanObservations(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((o): o is string => typeof o === 'string' && o.trim() !== '') : [];
}

/** `dd/MM/yyyy HH:mm:ss`, El Salvador time (UTC−6) → instant; null when unreadable. */
export function parseFhProcesamiento(v: unknown): Date | null {
  return parseMhDateTime(str(v));
}

export function isSpringError(json: unknown): boolean {
  const o = obj(json);
  return o !== null && typeof o.status === 'number' && typeof o.error === 'string' && 'path' in o && !('estado' in o);
}

export function failureOf(out: Exclude<HttpOutcome, { kind: 'response' }>): MhFailure {
  return out.kind === 'timeout'
    ? { kind: 'timeout', message: 'El MH no respondió dentro del tiempo de espera' }
    : { kind: 'unavailable', status: null, message: out.message };
}

/** A reception-style body (recepciondte, consultadte, anulardte, lote entries) → MhReception, or null when it is not one. */
export function receptionFromBody(body: unknown, now: Date): MhReception | null {
  const o = obj(body);
  if (!o || !('estado' in o || 'codigoMsg' in o)) return null;
  const code = str(o.codigoMsg);
  const message = str(o.descripcionMsg);
  const observations = cleanObservations(o.observaciones);
  if (o.estado === 'PROCESADO') {
    const seal = str(o.selloRecibido).trim();
    if (seal === '') return null;
    return { kind: 'processed', seal, processedAt: parseFhProcesamiento(o.fhProcesamiento) ?? now, code, message, observations, raw: body };
  }
  if (o.estado === 'RECHAZADO' || (o.estado === null && code !== '')) {
    if (code === '004' && /codigoGeneracion/i.test(message)) return { kind: 'duplicate', code, message, raw: body };
    return { kind: 'rejected', code, message, observations, raw: body };
  }
  return null;
}

/** Any HTTP answer of a reception-style endpoint. */
export function mapReception(out: HttpOutcome, now: Date): MhReception {
  if (out.kind !== 'response') return failureOf(out);
  if (out.status < 500) {
    const reception = receptionFromBody(out.json, now);
    if (reception) return reception;
  }
  return mapOther(out);
}

/** Answers that are neither a reception nor a known shape. */
export function mapOther(out: Response): MhFailure {
  if (isSpringError(out.json) && REQUEST_ERRORS.has(out.status)) {
    const o = obj(out.json) as Json;
    return { kind: 'rejected', code: String(out.status), message: `Solicitud rechazada por el MH: ${str(o.error)}`, observations: [], raw: out.json };
  }
  if (out.status >= 500 || out.json === undefined) {
    return { kind: 'unavailable', status: out.status, message: `El MH respondió HTTP ${out.status}${out.json === undefined ? ' sin un cuerpo JSON' : ''}` };
  }
  return { kind: 'unavailable', status: out.status, message: `Respuesta no reconocida del MH (HTTP ${out.status})` };
}

export function mapContingency(out: HttpOutcome): MhContingencyResult {
  if (out.kind !== 'response') {
    const f = failureOf(out);
    return { kind: f.kind === 'timeout' ? 'timeout' : 'unavailable', message: f.message } as MhContingencyResult;
  }
  const o = obj(out.json);
  if (out.status < 500 && o) {
    const seal = str(o.selloRecibido).trim();
    if (o.estado === 'RECIBIDO' && seal !== '') return { kind: 'accepted', seal, raw: out.json };
    if (o.estado === 'RECHAZADO') return { kind: 'rejected', message: str(o.mensaje), observations: cleanObservations(o.observaciones), raw: out.json };
  }
  const f = mapOther(out);
  if (f.kind === 'rejected') return { kind: 'rejected', message: f.message, observations: f.observations, raw: f.raw };
  return { kind: 'unavailable', message: f.message };
}
