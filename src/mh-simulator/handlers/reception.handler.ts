/** `POST /fesv/recepciondte`: one DTE. */
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { evaluateReception } from '../documents/evaluate-reception';
import { grantOf } from '../http/auth-guard';
import { sendMh, springError } from '../http/mh-reply';
import type { SimulatorContext } from '../simulator-context';

export const receptionEnvelopeSchema = z.object({
  ambiente: z.enum(['00', '01']),
  idEnvio: z.union([z.number(), z.string()]),
  version: z.number().int(),
  tipoDte: z.string(),
  documento: z.string().min(1),
  codigoGeneracion: z.string(),
});

export function receptionHandler(ctx: SimulatorContext): RequestHandler {
  return async (req, res) => {
    const parsed = receptionEnvelopeSchema.safeParse(req.body);
    if (!parsed.success) {
      springError(res, 400, 'Bad Request', req.path, ctx.clock.now());
      return;
    }
    const e = parsed.data;
    const outcome = evaluateReception(ctx, {
      via: 'single',
      grant: grantOf(res),
      ambiente: e.ambiente,
      envelope: { version: e.version, tipoDte: e.tipoDte, codigoGeneracion: e.codigoGeneracion },
      jws: e.documento,
    });
    await ctx.commit([outcome.entry]);
    ctx.logger.info({ codigoGeneracion: outcome.answer.codigoGeneracion, estado: outcome.answer.estado, codigoMsg: outcome.answer.codigoMsg }, 'recepción de DTE');
    sendMh(res, outcome.httpStatus, outcome.answer);
  };
}
