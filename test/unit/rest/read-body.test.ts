import { Readable } from 'node:stream';
import type { Request } from 'express';
import { BodyTooLargeError, readBody } from '../../../rest-adapter/read-body';

/** A request stream of these chunks, with the headers `readBody` reads. */
function fakeRequest(chunks: Buffer[], headers: Record<string, string> = {}, endWith: 'end' | 'close' = 'end'): Request {
  const stream = new Readable({ read() {} });
  const r = stream as unknown as Request;
  (r as unknown as { get(name: string): string | undefined }).get = (name: string) => headers[name.toLowerCase()];
  setImmediate(() => {
    for (const c of chunks) stream.push(c);
    if (endWith === 'end') stream.push(null);
    else stream.destroy();
  });
  return r;
}

describe('readBody', () => {
  it.each([
    ['one chunk', [Buffer.from('{"a":1}')], '{"a":1}'],
    ['several chunks', [Buffer.from('{"nombre":'), Buffer.from('"ñandú"'), Buffer.from('}')], '{"nombre":"ñandú"}'],
    ['no body', [], ''],
  ])('returns the exact bytes of %s', async (_label, chunks, text) => {
    const body = await readBody(fakeRequest(chunks), 1024);
    expect(body.toString('utf8')).toBe(text);
  });

  it('refuses a declared length over the limit without reading', async () => {
    await expect(readBody(fakeRequest([Buffer.alloc(10)], { 'content-length': '2048' }), 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it('refuses an undeclared (chunked) body once it passes the limit, and drains the rest', async () => {
    const req = fakeRequest([Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)]);
    const err = await readBody(req, 1024).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BodyTooLargeError);
    expect((err as BodyTooLargeError).limit).toBe(1024);
    if (!req.readableEnded) await new Promise<void>((resolve) => (req as unknown as Readable).once('end', resolve));
    expect(req.readableEnded).toBe(true);
  });

  it('accepts a body of exactly the limit', async () => {
    expect((await readBody(fakeRequest([Buffer.alloc(512), Buffer.alloc(512)]), 1024)).length).toBe(1024);
  });

  it('fails, not hangs, when the caller goes away mid-body', async () => {
    await expect(readBody(fakeRequest([Buffer.from('{"a":')], {}, 'close'), 1024)).rejects.toThrow('se cerró antes de terminar');
  });
});
