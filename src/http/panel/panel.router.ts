import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { PANEL_BASE_PATH, PANEL_PAGES } from './panel-paths';
import { assetHeaders, inlineScriptHashes, setPanelPageHeaders } from './panel-security-headers';

export interface PanelRouterOptions {
  /** Folder of the built panel (default: dist/panel of the project). */
  dir?: string;
  /** Origins an embed session's account allows to frame the embed view (none: not frameable). */
  embedFrameAncestors?: (embedSessionId: string) => Promise<string[]>;
}

/** The project's root: the nearest folder above this file with a package.json (works from src/ and from a tsc build in dist/). */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

export function defaultPanelDir(): string {
  return join(projectRoot(), 'dist', 'panel');
}

const NOT_BUILT = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Panel no disponible</title></head><body>
<h1>El panel todavía no está compilado</h1>
<p>Ejecute <code>npm install --no-audit --no-fund</code> (compila el panel) y vuelva a iniciar el servicio con <code>npm start</code>.
La API REST y GraphQL funcionan igual.</p></body></html>`;

const ASSET_TYPES: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * A script or stylesheet of the build as the copy the builder compressed (scripts/build-panel.mjs),
 * Brotli or gzip as the browser accepts; anything else (or a build without the copies) goes on to
 * the plain files. Same long cache as the plain file, `Vary: Accept-Encoding` for caches between.
 */
function precompressedAssets(assetsDir: string) {
  return (req: Request, res: Response, next: () => void) => {
    const m = /^\/([\w.-]+)\.(js|css)$/.exec(req.path);
    if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.vary('Accept-Encoding');
    // Ours first (Brotli is smaller), among those the browser accepts at all.
    const encoding = ENCODINGS.find((e) => req.acceptsEncodings(e.name) === e.name);
    const file = encoding && join(assetsDir, `${m[1]}.${m[2]}${encoding.suffix}`);
    if (!encoding || !file || !existsSync(file)) return next();
    res.sendFile(
      file,
      { maxAge: '365d', immutable: true, headers: { 'Content-Type': ASSET_TYPES[m[2]], 'Content-Encoding': encoding.name } },
      (err) => err && !res.headersSent && next(),
    );
  };
}

/**
 * The browser panel at /panel/: the built assets (immutable, hashed names), the app's page for every
 * path under /panel/ (the app routes on the client), and the embed view's page. GET of a page never
 * spends or reads a token: tokens travel after `#` and are spent by the page's own script.
 */
export function panelRouter(opts: PanelRouterOptions = {}): Router {
  const dir = opts.dir ?? defaultPanelDir();
  const router = express.Router();

  const sendPage = async (req: Request, res: Response, file: string, frameAncestors: string[] = []) => {
    let html: string;
    try {
      html = await readFile(join(dir, file), 'utf8');
    } catch {
      setPanelPageHeaders(req, res);
      res.status(503).set('Retry-After', '30').send(NOT_BUILT);
      return;
    }
    setPanelPageHeaders(req, res, frameAncestors, inlineScriptHashes(html));
    res.status(200).send(html);
  };

  router.get(PANEL_BASE_PATH, (req, res, next) => {
    if (req.path.endsWith('/')) return next();
    const q = req.originalUrl.indexOf('?');
    res.redirect(301, `${PANEL_BASE_PATH}/${q >= 0 ? req.originalUrl.slice(q) : ''}`);
  });
  router.use(
    `${PANEL_BASE_PATH}/assets`,
    assetHeaders,
    precompressedAssets(join(dir, 'assets')),
    express.static(join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false }),
    (_req: Request, res: Response) => void res.status(404).type('text/plain').send('No existe este archivo del panel.'),
  );
  router.get(`${PANEL_BASE_PATH}/favicon.svg`, (_req, res) => {
    res.sendFile(join(dir, 'favicon.svg'), { maxAge: '1d' }, (err) => err && !res.headersSent && res.status(404).end());
  });
  router.get([PANEL_PAGES.embed, `${PANEL_PAGES.embed}/:ref`], async (req: Request, res) => {
    const ref = typeof req.params.ref === 'string' ? req.params.ref : '';
    const ancestors = ref && opts.embedFrameAncestors ? await opts.embedFrameAncestors(ref).catch(() => []) : [];
    await sendPage(req, res, 'embed.html', ancestors);
  });
  router.get(`${PANEL_BASE_PATH}/{*rest}`, async (req, res) => {
    await sendPage(req, res, 'index.html');
  });
  return router;
}
