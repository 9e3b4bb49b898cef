import type { Writable } from 'node:stream';
import type { Response } from 'express';
import { DATABASE_RETRY_AFTER_S, DATABASE_UNAVAILABLE_MESSAGE } from '../src/services/shared/database-unavailable';
import { buildProblem, type ProblemContext, type ProblemInput } from './problem';

/** A response as data, so it can be stored for Idempotency-Key replays before it is written. */
export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer | StreamBody;
}

/**
 * A body written as it is produced (an export of thousands of rows): `write` gets the response and
 * ends it; no Content-Length (chunked). Only for GET answers: it cannot be stored for an
 * Idempotency-Key replay. Once its first byte is out, a failure can only cut the response.
 */
export interface StreamBody {
  kind: 'stream';
  write(sink: Writable): Promise<void>;
}

export function isStreamBody(body: HttpResult['body']): body is StreamBody {
  return typeof body === 'object' && !Buffer.isBuffer(body) && body.kind === 'stream';
}

export function jsonResult(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

export function problemResult(input: ProblemInput, ctx: ProblemContext, headers: Record<string, string> = {}): HttpResult {
  const problem = buildProblem(input, ctx);
  return { status: problem.status, headers: { 'Content-Type': 'application/problem+json; charset=utf-8', ...headers }, body: JSON.stringify(problem) };
}

/** Writes a result; to HEAD, Node sends the same status and headers (Content-Length included) without the body. A stream body: writeStreamResult. */
export function writeResult(res: Response, result: HttpResult): void {
  res.status(result.status);
  // 204 has no body, so no Content-Type either.
  for (const [k, v] of Object.entries(result.headers)) if (result.status !== 204 || k.toLowerCase() !== 'content-type') res.setHeader(k, v);
  if (result.status === 204) {
    res.end();
    return;
  }
  const body = result.body;
  if (isStreamBody(body)) throw new Error('BUG: un cuerpo en flujo se escribe con writeStreamResult');
  if (!res.hasHeader('Content-Length')) res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.end(body);
}

/** Writes a result whose body is a stream: status and headers, then the body as it is produced (none to HEAD). */
export async function writeStreamResult(res: Response, result: HttpResult & { body: StreamBody }): Promise<void> {
  res.status(result.status);
  for (const [k, v] of Object.entries(result.headers)) res.setHeader(k, v);
  if (res.req.method !== 'HEAD') await result.body.write(res);
  if (!res.writableEnded) res.end();
}

/** The database could not be reached: 503 problem with Retry-After; the same request succeeds once it is back. */
export function databaseUnavailable(ctx: ProblemContext): HttpResult {
  return problemResult({ code: 'service_unavailable', detail: DATABASE_UNAVAILABLE_MESSAGE }, ctx, { 'Retry-After': String(DATABASE_RETRY_AFTER_S) });
}
