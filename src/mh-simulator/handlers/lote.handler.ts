/**
 * `POST /fesv/recepcionlote/`: up to 100 DTEs. Answers RECIBIDO with a `codigoLote` once every entry
 * has been processed as a reception and recorded; `GET /fesv/recepcion/consultadtelote/{codigoLote}`
 * then returns `{procesados, rechazados}` (empty arrays until `loteProcessingMs` has passed).
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { grantCovers } from '../auth/token-registry';
import { evaluateReception } from '../documents/evaluate-reception';
import { VERSION_APP, notFoundAnswer } from '../documents/reception-answer';
import { asObject, decodeJws } from '../documents/signed-document';
import { grantOf } from '../http/auth-guard';
import { sendMh, springError } from '../http/mh-reply';
import { formatMhDateTime } from '../../domain/mh-rules/el-salvador-time';
import { PRODUCTION_REFUSAL, SIMULATOR_CODES, reject, type MhRejection } from '../rules/mh-codes';
import type { SimulatorContext } from '../simulator-context';
import type { LoteEntry } from '../store/journal-entry.types';

export const MAX_LOTE_DOCUMENTS = 100;

const loteSchema = z.object({
  ambiente: z.enum(['00', '01']),
  idEnvio: z.union([z.string(), z.number()]),
  version: z.number().int(),
  nitEmisor: z.string(),
  documentos: z.array(z.string()),
});

function isContingencyDocument(jws: string): boolean {
  const d = decodeJws(jws);
  return d.ok && asObject(d.payload.identificacion).tipoModelo === 2;
}

export function loteHandler(ctx: SimulatorContext): RequestHandler {
  return async (req, res) => {
    const parsed = loteSchema.safeParse(req.body);
    const at = ctx.clock.now();
    if (!parsed.success) {
      springError(res, 400, 'Bad Request', req.path, at);
      return;
    }
    const { ambiente, idEnvio, version, nitEmisor, documentos } = parsed.data;
    const head = { version, ambiente, versionApp: VERSION_APP, idEnvio, fhProcesamiento: formatMhDateTime(at) };
    const refuse = (r: MhRejection) =>
      sendMh(res, 400, { ...head, estado: 'RECHAZADO', clasificaMsg: r.clasifica, codigoLote: null, codigoMsg: r.code, descripcionMsg: r.message, observaciones: r.observations });
    const grant = grantOf(res);
    if (ambiente === '01' && !ctx.settings.allowProduction) return refuse(reject(SIMULATOR_CODES.production, PRODUCTION_REFUSAL));
    if (!grantCovers(grant, nitEmisor, ambiente)) return refuse(reject(SIMULATOR_CODES.notAuthorisedNit, '[nitEmisor] NO CORRESPONDE AL USUARIO AUTENTICADO'));
    if (documentos.length < 1 || documentos.length > MAX_LOTE_DOCUMENTS) {
      return refuse(reject(SIMULATOR_CODES.loteSize, `[documentos] EL LOTE DEBE CONTENER ENTRE 1 Y ${MAX_LOTE_DOCUMENTS} DOCUMENTOS`));
    }
    const contingencyLote = documentos.some(isContingencyDocument);
    const writes: Promise<void>[] = [];
    const answers = documentos.map((jws) => {
      const outcome = evaluateReception(ctx, { via: 'lote', grant, ambiente, envelope: null, loteNit: nitEmisor, contingencyLote, jws });
      writes.push(ctx.commit([outcome.entry]));
      return outcome.answer;
    });
    const codigoLote = randomUUID().toUpperCase();
    const lote: LoteEntry = {
      t: 'lote', at: at.toISOString(), codigoLote, nit: nitEmisor, ambiente,
      visibleAt: new Date(at.getTime() + ctx.settings.loteProcessingMs).toISOString(), answers,
    };
    writes.push(ctx.commit([lote]));
    await Promise.all(writes);
    ctx.logger.info({ codigoLote, documentos: documentos.length }, 'lote recibido');
    sendMh(res, 200, { ...head, estado: 'RECIBIDO', clasificaMsg: '10', codigoLote, codigoMsg: '001', descripcionMsg: 'LOTE RECIBIDO, VALIDE EL ESTADO DE PROCESAMIENTO' });
  };
}

export function loteQueryHandler(ctx: SimulatorContext): RequestHandler {
  return (req, res) => {
    const code = String(req.params.codigoLote ?? '').toUpperCase();
    const lote = ctx.state.lotes.get(code);
    if (!lote || !grantCovers(grantOf(res), lote.nit, lote.ambiente)) {
      sendMh(res, 400, notFoundAnswer(null));
      return;
    }
    if (ctx.clock.now().getTime() < Date.parse(lote.visibleAt)) {
      sendMh(res, 200, { procesados: [], rechazados: [] });
      return;
    }
    sendMh(res, 200, {
      procesados: lote.answers.filter((a) => a.estado === 'PROCESADO'),
      rechazados: lote.answers.filter((a) => a.estado !== 'PROCESADO'),
    });
  };
}
