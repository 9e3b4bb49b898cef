/**
 * Every answer of an MH endpoint goes through `sendMh`, so a fault with `process: true` can let the
 * request be processed and then lose the answer (the fault middleware sets `res.locals.loseAnswer`).
 */
import type { Response } from 'express';

type LoseAnswer = (res: Response) => void;

export function sendMh(res: Response, status: number, body: unknown): void {
  const lose = res.locals.loseAnswer as LoseAnswer | undefined;
  if (lose) {
    lose(res);
    return;
  }
  res.status(status).json(body);
}

/** Spring Boot's generic error body, as MH answers malformed or unauthorised requests. */
export function springError(res: Response, status: number, error: string, path: string, now: Date): void {
  sendMh(res, status, { timestamp: now.toISOString().replace('Z', '+00:00'), status, error, path });
}

const REASONS: Record<number, string> = {
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** An HTML error page like the ones a proxy in front of MH returns. */
export function htmlError(res: Response, status: number): void {
  const reason = REASONS[status] ?? 'Error';
  res.status(status).type('text/html').send(`<html><head><title>${status} ${reason}</title></head><body><center><h1>${status} ${reason}</h1></center><hr><center>nginx</center></body></html>`);
}
