/** `POST /fesv/anulardte` (`ambiente`, `idEnvio`, `version`, `documento`): the invalidation event. */
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { evaluateInvalidation } from '../documents/evaluate-invalidation';
import { grantOf } from '../http/auth-guard';
import { sendMh, springError } from '../http/mh-reply';
import type { SimulatorContext } from '../simulator-context';

const invalidationSchema = z.object({
  ambiente: z.enum(['00', '01']),
  idEnvio: z.union([z.number(), z.string()]),
  version: z.number().int(),
  documento: z.string().min(1),
});

export function invalidationHandler(ctx: SimulatorContext): RequestHandler {
  return async (req, res) => {
    const parsed = invalidationSchema.safeParse(req.body);
    if (!parsed.success) {
      springError(res, 400, 'Bad Request', req.path, ctx.clock.now());
      return;
    }
    const e = parsed.data;
    const outcome = evaluateInvalidation(ctx, { grant: grantOf(res), ambiente: e.ambiente, version: e.version, jws: e.documento });
    await ctx.commit([outcome.entry]);
    ctx.logger.info({ codigoGeneracion: outcome.entry.codigoGeneracion, estado: outcome.answer.estado, codigoMsg: outcome.answer.codigoMsg }, 'evento de invalidación');
    sendMh(res, outcome.httpStatus, outcome.answer);
  };
}
