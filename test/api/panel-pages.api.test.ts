import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { defaultPanelDir } from '../../src/http/panel/panel.router';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
});

const get = (path: string) => fetch(`${t.url}${path}`, { redirect: 'manual' });

/** A GET whose body arrives as sent (fetch would decompress it), with the given Accept-Encoding. */
function rawGet(path: string, acceptEncoding: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.url}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The policy as directive → sources. */
function csp(res: Response): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (res.headers.get('content-security-policy') ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('the panel at /panel/', () => {
  it('/panel redirects to /panel/ keeping the query', async () => {
    const r = await get('/panel?x=1');
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('/panel/?x=1');
  });

  it.each(['/panel/', '/panel/documentos', '/panel/documentos/doc_123', '/panel/restablecer-contrasena'])('%s answers the app page with a CSP that allows no inline script but its own, by hash', async (path) => {
    const r = await get(path);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = csp(r);
    const html = await r.text();
    // The one inline script (the first screen's early requests), allowed by the hash of its exact text.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('/graphql?');
    expect(policy['script-src']).toEqual(["'self'", `'sha256-${createHash('sha256').update(inline[0], 'utf8').digest('base64')}'`]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(r.headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('<html lang="es-SV">');
    // Every other script is a file of the service (nothing from another origin).
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => attrs.trim() !== '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/panel\/assets\/[\w.-]+\.js"/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\sstyle="|https?:\/\//);
  });

  it('serves every built asset with a long cache and its type; an unknown asset is a 404', async () => {
    const assets = readdirSync(join(defaultPanelDir(), 'assets'));
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const a of assets) {
      const r = await get(`/panel/assets/${a}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('content-type')).toMatch(a.endsWith('.js') ? /^text\/javascript/ : a.endsWith('.css') ? /^text\/css/ : /./);
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const missing = await get('/panel/assets/no-existe.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('No existe este archivo del panel.');
  });

  it('sends scripts and stylesheets compressed with Brotli or gzip as the browser accepts, plain otherwise', async () => {
    const dir = join(defaultPanelDir(), 'assets');
    const files = readdirSync(dir).filter((a) => /\.(js|css)$/.test(a));
    expect(files.length).toBeGreaterThan(3);
    for (const a of files) {
      const plain = readFileSync(join(dir, a));
      for (const [accept, encoding, decode] of [
        ['br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['identity', null, (b: Buffer) => b],
      ] as const) {
        const r = await rawGet(`/panel/assets/${a}`, accept);
        expect([a, accept, r.status, r.headers['content-encoding'] ?? null]).toEqual([a, accept, 200, encoding]);
        expect(r.headers.vary).toMatch(/Accept-Encoding/i);
        expect(r.headers['content-type']).toMatch(a.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(decode(r.body).equals(plain)).toBe(true);
        if (encoding) expect(r.body.length).toBeLessThan(plain.length);
      }
    }
  });

  it('the embed view page is its own entry and cannot be framed by default', async () => {
    const r = await get('/panel/embed/emb_cualquiera');
    expect(r.status).toBe(200);
    expect(csp(r)['frame-ancestors']).toEqual(["'none'"]);
    const html = await r.text();
    expect(html).toMatch(/<script type="module" crossorigin src="\/panel\/assets\/embed-[\w-]+\.js"><\/script>/);
    expect(html).toContain('<meta name="referrer" content="no-referrer" />');
  });
});
