import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** `X-Request-Id`: taken from the caller when it is a sane token, else generated; echoed on every response. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.get('x-request-id');
  const id = incoming && /^[A-Za-z0-9._:-]{8,128}$/.test(incoming) ? incoming : `req_${randomBytes(12).toString('hex')}`;
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

export function requestIdOf(res: Response): string {
  return String(res.locals.requestId ?? '');
}
