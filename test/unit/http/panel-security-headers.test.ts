/**
 * The panel's security headers come from helmet, and they are exactly those the panel sent before
 * helmet: one row per page kind, every header a browser acts on (nothing helmet adds by default).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { panelRouter } from '../../../src/http/panel/panel.router';

const dir = mkdtempSync(join(tmpdir(), 'panel-'));
mkdirSync(join(dir, 'assets'));
const INLINE = "fetch('/graphql?x')";
writeFileSync(join(dir, 'index.html'), `<!doctype html><script>${INLINE}</script><script src="/panel/assets/a.js"></script>`);
writeFileSync(join(dir, 'embed.html'), '<!doctype html><p>embed</p>');
writeFileSync(join(dir, 'assets', 'a.js'), 'export {};');

const HASH = "'sha256-" + require('node:crypto').createHash('sha256').update(INLINE, 'utf8').digest('base64') + "'";
const policy = (scripts: string, ancestors: string) =>
  `default-src 'self';script-src ${scripts};style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors ${ancestors}`;
const PAGE = {
  'cache-control': 'no-cache',
  'content-type': 'text/html; charset=utf-8',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};
/** The headers that are not about security or caching (they vary per response). */
const IGNORED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'etag', 'accept-ranges', 'last-modified', 'transfer-encoding']);

let base = '';
let server: ReturnType<express.Express['listen']>;
beforeAll(async () => {
  const app = express().disable('x-powered-by').use(panelRouter({ dir, embedFrameAncestors: async (id) => (id === 'enmarcable' ? ['https://erp.ejemplo.com', 'https://contador.ejemplo.com:8443'] : []) }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

async function headersOf(path: string): Promise<Record<string, string>> {
  const r = await fetch(`${base}${path}`);
  await r.arrayBuffer();
  return Object.fromEntries([...r.headers].filter(([k]) => !IGNORED.has(k)));
}

describe('the panel sends exactly its security headers (helmet)', () => {
  it.each<[string, string, Record<string, string>]>([
    ['the app page (its inline script by hash, frameable by nobody)', '/panel/documentos', { ...PAGE, 'content-security-policy': policy(`'self' ${HASH}`, "'none'"), 'x-frame-options': 'DENY' }],
    ['the embed view of an account without origins', '/panel/embed/ninguno', { ...PAGE, 'content-security-policy': policy("'self'", "'none'"), 'x-frame-options': 'DENY' }],
    [
      'the embed view of an account with origins (frame-ancestors, no X-Frame-Options)',
      '/panel/embed/enmarcable',
      { ...PAGE, 'content-security-policy': policy("'self'", 'https://erp.ejemplo.com https://contador.ejemplo.com:8443') },
    ],
    ['an asset', '/panel/assets/a.js', { vary: 'Accept-Encoding', 'cache-control': 'public, max-age=31536000, immutable', 'content-type': 'text/javascript; charset=utf-8', 'x-content-type-options': 'nosniff' }],
  ])('%s', async (_label, path, expected) => {
    expect(await headersOf(path)).toEqual(expected);
  });
});
