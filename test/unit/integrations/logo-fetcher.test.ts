import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { LogoFetcher, isPngOrJpeg } from '../../../src/integrations/logo/logo-fetcher';

const png = PNG.sync.write(new PNG({ width: 4, height: 4 }));
let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url === '/logo.png') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    if (req.url === '/jpeg') return res.writeHead(200).end(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    if (req.url === '/redirect') return res.writeHead(302, { Location: '/logo.png' }).end();
    if (req.url === '/big') return res.writeHead(200).end(Buffer.concat([png, Buffer.alloc(2048)]));
    if (req.url === '/text') return res.writeHead(200).end('<html>no</html>');
    if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(png), 60_000).unref(); // never within the deadline
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits.length = 0;
});

describe('LogoFetcher', () => {
  it('fetches a PNG once and serves it from the cache afterwards', async () => {
    const f = new LogoFetcher({ allowPrivate: true });
    expect(await f.fetch(`${base}/logo.png`)).toEqual(png);
    expect(await f.fetch(`${base}/logo.png`)).toEqual(png);
    expect(hits).toEqual(['/logo.png']);
  });

  it.each([
    // Only the slow case relies on the deadline; the others get one no loaded machine reaches.
    ['a 404', '/missing', /respondió 404/, 30_000],
    ['a redirect (not followed)', '/redirect', /redirecciones no se siguen/, 30_000],
    ['more than maxBytes', '/big', /pesa más de/, 30_000],
    ['something that is not PNG or JPEG', '/text', /no es una imagen/, 30_000],
    ['a server slower than the deadline', '/slow', /sin respuesta/, 300],
  ])('%s → null with a reason, never a throw', async (_label, path, reason, timeoutMs) => {
    const failures: string[] = [];
    const f = new LogoFetcher({ allowPrivate: true, maxBytes: png.length + 100, timeoutMs, onFailure: (_u, why) => failures.push(why) });
    expect(await f.fetch(`${base}${path}`)).toBeNull();
    expect(failures).toEqual([expect.stringMatching(reason)]);
  });

  it('accepts JPEG by its magic bytes', async () => {
    expect(await new LogoFetcher({ allowPrivate: true }).fetch(`${base}/jpeg`)).not.toBeNull();
  });

  it('refuses private addresses and plain http unless WEBHOOK_ALLOW_PRIVATE_URLS', async () => {
    const failures: string[] = [];
    const f = new LogoFetcher({ allowPrivate: false, onFailure: (_u, why) => failures.push(why) });
    expect(await f.fetch(`${base}/logo.png`)).toBeNull();
    expect(await f.fetch('https://169.254.169.254/logo.png')).toBeNull();
    expect(hits).toEqual([]);
    expect(failures).toHaveLength(2);
    expect(failures.every((w) => w.startsWith('dirección no permitida'))).toBe(true);
  });

  it('isPngOrJpeg checks magic bytes', () => {
    expect(isPngOrJpeg(png)).toBe(true);
    expect(isPngOrJpeg(Buffer.from('GIF89a....'))).toBe(false);
  });
});
