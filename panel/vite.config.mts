/**
 * Vite build of the customer panel, served by the service at /panel/ (see scripts/build-panel.mjs).
 * Two pages: the panel (index.html) and the read-only embed view (embed.html), sharing chunks.
 * No inline script or style is emitted, so the pages' Content-Security-Policy needs no 'unsafe-inline'.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/panel/',
  publicDir: here('public'),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('../dist/panel'),
    emptyOutDir: true,
    target: 'es2022',
    // Modern browsers preload modules natively; the polyfill would be an extra inline-free chunk anyway.
    modulePreload: { polyfill: false },
    // Everything as files (no data: URIs) keeps the CSP's img-src and font-src to 'self'.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rollupOptions: { input: { panel: here('index.html'), embed: here('embed.html') } },
  },
});
