import type { Request } from 'express';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super('body too large');
  }
}

/** Reads the raw request body up to `limit` bytes (the exact bytes are kept for hashing and parsing). */
export async function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw new BodyTooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** True for application/json and any +json media type. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}
