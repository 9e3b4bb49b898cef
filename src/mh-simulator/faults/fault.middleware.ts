/**
 * Applies the queued faults to MH endpoints (never to `/__control`):
 * latency → waits `ms` then answers normally; timeout → never answers (held until the client gives
 * up, the faults are cleared or the simulator closes); error → HTTP `status` (500) with an HTML page;
 * reset → destroys the socket; reject → a RECHAZADO with `code` and `observations`; down → every call
 * refused while it lasts (socket reset, or HTTP `status` when given). With `process: true`, timeout,
 * error and reset let the request be processed first and only lose the answer.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { asObject, asString, decodeJws, emitterNitOf } from '../documents/signed-document';
import { rejectedAnswer, VERSION_APP } from '../documents/reception-answer';
import { AUTH_FAILURE } from '../handlers/auth.handler';
import type { HeldConnections } from '../http/held-connections';
import { htmlError } from '../http/mh-reply';
import { formatMhDateTime } from '../../domain/mh-rules/el-salvador-time';
import { describeCode, reject, OBSERVED_CODES } from '../rules/mh-codes';
import type { SimulatorContext } from '../simulator-context';
import type { ReceptionEntry } from '../store/journal-entry.types';
import { normalisePath, type FaultSpec } from './fault-queue';

export function faultMiddleware(ctx: SimulatorContext, held: HeldConnections, bodyLimit: string): RequestHandler {
  const json = express.json({ limit: bodyLimit });
  const form = express.urlencoded({ extended: false, limit: bodyLimit });
  return (req, res, next) => {
    const fault = ctx.faults.take(req.path);
    if (!fault) {
      next();
      return;
    }
    ctx.logger.info({ mode: fault.mode, path: req.path }, 'falla simulada');
    const loseOrDo = (action: (r: Response) => void) => {
      if (fault.process) {
        res.locals.loseAnswer = action;
        next();
      } else {
        action(res);
      }
    };
    switch (fault.mode) {
      case 'latency':
        held.delay(fault.ms ?? 1000, next);
        return;
      case 'timeout':
        return loseOrDo((r) => held.hold(r));
      case 'error':
        return loseOrDo((r) => htmlError(r, fault.status ?? 500));
      case 'reset':
        return loseOrDo((r) => r.socket?.destroy());
      case 'down':
        if (fault.status !== undefined) htmlError(res, fault.status);
        else res.socket?.destroy();
        return;
      case 'reject':
        json(req, res, () => form(req, res, () => void injectRejection(ctx, fault, req, res).catch(next)));
        return;
    }
  };
}

async function injectRejection(ctx: SimulatorContext, fault: FaultSpec, req: Request, res: Response): Promise<void> {
  const at = ctx.clock.now();
  const body = asObject(req.body);
  const path = normalisePath(req.path);
  const code = fault.code ?? OBSERVED_CODES.schema.code;
  const r = reject(code, fault.message ?? describeCode(code), fault.observations ?? []);
  if (path === '/seguridad/auth') {
    res.status(401).json({ ...AUTH_FAILURE, message: fault.message ?? AUTH_FAILURE.message });
    return;
  }
  if (path === '/fesv/contingencia') {
    res.status(400).json({ estado: 'RECHAZADO', fechaHora: formatMhDateTime(at), mensaje: r.message, selloRecibido: null, observaciones: r.observations });
    return;
  }
  const ambiente = asString(body.ambiente);
  if (path === '/fesv/recepcionlote') {
    res.status(400).json({
      version: body.version ?? null, ambiente, versionApp: VERSION_APP, estado: 'RECHAZADO', idEnvio: body.idEnvio ?? null,
      fhProcesamiento: formatMhDateTime(at), clasificaMsg: r.clasifica, codigoLote: null, codigoMsg: r.code, descripcionMsg: r.message, observaciones: r.observations,
    });
    return;
  }
  const codigoGeneracion = asString(body.codigoGeneracion);
  const version = typeof body.version === 'number' ? body.version : null;
  const answer = rejectedAnswer({ version, ambiente, codigoGeneracion, at }, r);
  if (path === '/fesv/recepciondte') await ctx.commit([attempt(body, answer, at)]);
  res.status(400).json(answer);
}

/** An injected rejection of recepciondte still counts as a reception attempt. */
function attempt(body: Record<string, unknown>, answer: ReturnType<typeof rejectedAnswer>, at: Date): ReceptionEntry {
  const decoded = typeof body.documento === 'string' ? decodeJws(body.documento) : null;
  const nit = decoded?.ok ? emitterNitOf(decoded.payload) : null;
  return {
    t: 'reception', at: at.toISOString(), via: 'single', nit, ambiente: asString(body.ambiente) ?? '00', tipoDte: asString(body.tipoDte),
    codigoGeneracion: asString(body.codigoGeneracion), status: 'RECHAZADO', code: answer.codigoMsg, countsAsRejection: true, answer, sealed: null,
  };
}
