/**
 * Vite build of the customer panel, served by the service at /panel/ (see scripts/build-panel.mjs).
 * Two pages: the panel (index.html) and the read-only embed view (embed.html), sharing chunks, and a
 * third entry, the panel's first-screen requests (src/early/first-screen.ts), whose code index.html
 * also carries inline so it runs before the app's scripts arrive. That one inline script is allowed
 * by its hash; no other inline script or style is emitted, so the CSP needs no 'unsafe-inline'.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Inlines the early entry's code first in index.html's head, as a classic script in its own scope:
 * it runs while the HTML is parsed, before any file arrives. The entry imports nothing, so its chunk
 * is self-contained; its exports (which the app imports from the chunk file) are dropped here. The
 * service allows exactly this script by its hash (src/http/panel/panel-security-headers.ts).
 */
function inlineEarlyScript(): Plugin {
  return {
    name: 'panel-inline-early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html') || !ctx.bundle) return html;
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early');
        if (!chunk || chunk.type !== 'chunk') throw new Error('the early entry was not built');
        if (chunk.imports.length) throw new Error('the early entry must import nothing to be inlined');
        const body = chunk.code.replace(/export\s*\{[^}]*\};?\s*$/, '').replace(/<\//g, '<\\/');
        if (/\bexport\b|\bimport\b/.test(body)) throw new Error('the early entry could not be turned into a classic script');
        // Right after the session's preload and before the stylesheet: a classic script after a
        // stylesheet that is still loading would wait for it.
        const anchor = /<link rel="preload" href="\/v1\/auth\/session"[^>]*>/;
        if (!anchor.test(html)) throw new Error('index.html lost the session preload the early script follows');
        const script = `<script>(()=>{${body.trim()}})();</script>`;
        return html.replace(anchor, (link) => `${link}\n    ${script}`);
      },
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/panel/',
  publicDir: here('public'),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [inlineEarlyScript()],
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
