/** `POST /fesv/contingencia` (`nit`, `documento`): the contingency event. */
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { evaluateContingency } from '../documents/evaluate-contingency';
import { grantOf } from '../http/auth-guard';
import { sendMh, springError } from '../http/mh-reply';
import type { SimulatorContext } from '../simulator-context';

const contingencySchema = z.object({ nit: z.string(), documento: z.string().min(1) });

export function contingencyHandler(ctx: SimulatorContext): RequestHandler {
  return async (req, res) => {
    const parsed = contingencySchema.safeParse(req.body);
    if (!parsed.success) {
      springError(res, 400, 'Bad Request', req.path, ctx.clock.now());
      return;
    }
    const outcome = evaluateContingency(ctx, { grant: grantOf(res), nit: parsed.data.nit, jws: parsed.data.documento });
    await ctx.commit([outcome.entry]);
    ctx.logger.info({ codigoGeneracion: outcome.entry.codigoGeneracion, estado: outcome.answer.estado }, 'evento de contingencia');
    sendMh(res, outcome.httpStatus, outcome.answer);
  };
}
