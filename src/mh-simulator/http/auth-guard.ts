/** Bearer-token check of every MH endpoint except `/seguridad/auth`: unknown or expired → 401 (Spring body). */
import type { RequestHandler, Response } from 'express';
import type { TokenGrant } from '../auth/token-registry';
import type { SimulatorContext } from '../simulator-context';
import { springError } from './mh-reply';

export function requireToken(ctx: SimulatorContext): RequestHandler {
  return (req, res, next) => {
    const grant = ctx.tokens.resolve(req.get('authorization'));
    if (!grant) {
      springError(res, 401, 'Unauthorized', req.path, ctx.clock.now());
      return;
    }
    res.locals.grant = grant;
    next();
  };
}

export function grantOf(res: Response): TokenGrant {
  return res.locals.grant as TokenGrant;
}
