import type { Request } from 'express';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super('body too large');
  }
}

/**
 * Reads the raw request body up to `limit` bytes (the exact bytes are kept for hashing and parsing).
 * Past the limit the rest is drained unread, so the 413 still reaches the caller. Plain stream events,
 * not an async iterator: this runs on every write request.
 */
export function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLargeError(limit));
  }
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (err: Error | null): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', settle);
      req.off('close', onClose);
      if (err) reject(err);
      else resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        settle(new BodyTooLargeError(limit));
        req.resume();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => settle(null);
    // Closed before its end: the caller went away mid-body.
    const onClose = (): void => settle(new Error('la conexión se cerró antes de terminar el cuerpo de la solicitud'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', settle);
    req.on('close', onClose);
  });
}

/** True for application/json and any +json media type. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
