/**
 * Vite build of the customer panel, served by the service at /panel/ (see scripts/build-panel.mjs).
 * Two pages: the panel (index.html) and the read-only embed view (embed.html), sharing chunks, and a
 * third entry, the panel's first-screen requests (src/early/first-screen.ts), loaded by index.html
 * as its own async module script so it runs before the app's scripts arrive.
 * No inline script or style is emitted, so the pages' Content-Security-Policy needs no 'unsafe-inline'.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Puts `<script type="module" async src="…/early-….js">` first in index.html's head (the app imports the same file: one instance). */
function earlyScript(): Plugin {
  return {
    name: 'panel-early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle) return html;
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        if (!chunk) throw new Error('the early entry was not built');
        return { html, tags: [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/panel/${chunk.fileName}` }, injectTo: 'head-prepend' }] };
      },
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/panel/',
  publicDir: here('public'),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [earlyScript()],
  build: {
    outDir: here('../dist/panel'),
    emptyOutDir: true,
    target: 'es2022',
    // Modern browsers preload modules natively; the polyfill would be an extra inline-free chunk anyway.
    modulePreload: { polyfill: false },
    // Everything as files (no data: URIs) keeps the CSP's img-src and font-src to 'self'.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rollupOptions: {
      input: { panel: here('index.html'), embed: here('embed.html'), early: here('src/early/first-screen.ts') },
      // The early entry keeps its exports (the app imports them from the same file).
      preserveEntrySignatures: 'allow-extension',
    },
  },
});
