/** `POST /fesv/recepcion/consultadte/` (`nitEmisor`, `tdte`, `codigoGeneracion`): the stored PROCESADO answer, or 999. */
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { grantCovers } from '../auth/token-registry';
import { notFoundAnswer } from '../documents/reception-answer';
import { grantOf } from '../http/auth-guard';
import { sendMh, springError } from '../http/mh-reply';
import type { SimulatorContext } from '../simulator-context';
import { docKey } from '../store/simulator-state';

const querySchema = z.object({ nitEmisor: z.string(), tdte: z.string(), codigoGeneracion: z.string() });

export function queryHandler(ctx: SimulatorContext): RequestHandler {
  return (req, res) => {
    const parsed = querySchema.safeParse(req.body);
    if (!parsed.success) {
      springError(res, 400, 'Bad Request', req.path, ctx.clock.now());
      return;
    }
    const { nitEmisor, tdte, codigoGeneracion } = parsed.data;
    const grant = grantOf(res);
    for (const env of ['00', '01']) {
      if (!grantCovers(grant, nitEmisor, env)) continue;
      const sealed = ctx.state.sealed.get(docKey(env, nitEmisor, codigoGeneracion));
      if (sealed && sealed.tipoDte === tdte) {
        sendMh(res, 200, sealed.answer);
        return;
      }
    }
    sendMh(res, 400, notFoundAnswer(codigoGeneracion));
  };
}
