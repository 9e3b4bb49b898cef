/**
 * Builds the customer panel (panel/, Vite + Preact) into dist/panel, which the service serves at /panel/.
 *
 * Runs inside the README's two commands: `postinstall` (so `npm install` leaves a built panel),
 * `prestart` and the test suite's global setup (both with --if-stale: they rebuild only when a file
 * under panel/ or the builder's version changed since the last build). Plain ESM JavaScript so it
 * runs before anything is transpiled. Built files are never committed (dist/ is ignored).
 *
 *   node scripts/build-panel.mjs [--if-stale]
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'panel');
const target = join(root, 'dist', 'panel');
const stampFile = '.build-hash';
const lockDir = join(root, 'dist', '.panel-build.lock');
const LOCK_STALE_MS = 5 * 60_000;

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out.sort();
}

function versionOf(pkg) {
  return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

/** Hash of every source file of the panel, of the packages that shape the output and of this builder. */
function sourceHash() {
  const h = createHash('sha256');
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const pkg of ['vite', 'preact', '@urql/core', 'graphql-ws']) h.update(`${pkg}@${versionOf(pkg)}\n`);
  for (const file of filesUnder(source)) {
    h.update(relative(source, file));
    h.update('\0');
    h.update(readFileSync(file));
    h.update('\0');
  }
  return h.digest('hex');
}

function builtHash() {
  try {
    return readFileSync(join(target, stampFile), 'utf8').trim();
  } catch {
    return null;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One builder at a time (the test suite's workers and a start may ask together); a dead builder's lock expires. */
async function withLock(fn) {
  mkdirSync(dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const age = Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if (age > LOCK_STALE_MS) rmSync(lockDir, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every script and stylesheet, next to each
 * (`app-….js.br`, `app-….js.gz`): the service sends them to browsers that accept them, compressed
 * once here instead of at every request.
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css)$/.test(name)) continue;
    const file = join(dir, name);
    const raw = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
  }
}

async function build(hash) {
  const { build: viteBuild } = await import('vite');
  const temp = join(root, 'dist', `.panel-build-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  const started = Date.now();
  await viteBuild({ configFile: join(source, 'vite.config.mts'), build: { outDir: temp, emptyOutDir: true }, logLevel: 'warn' });
  precompress(join(temp, 'assets'));
  writeFileSync(join(temp, stampFile), `${hash}\n`);
  // Swap the new build in with renames, so a running service never serves a half-written panel.
  const old = join(root, 'dist', `.panel-old-${process.pid}`);
  if (existsSync(target)) renameSync(target, old);
  renameSync(temp, target);
  rmSync(old, { recursive: true, force: true });
  process.stderr.write(`Panel compilado en ${relative(root, target)} (${((Date.now() - started) / 1000).toFixed(1)} s).\n`);
}

async function main() {
  const ifStale = process.argv.includes('--if-stale');
  await withLock(async () => {
    const hash = sourceHash();
    if (ifStale && builtHash() === hash) return;
    await build(hash);
  });
}

main().catch((err) => {
  process.stderr.write(`No se pudo compilar el panel: ${err && err.stack ? err.stack : err}\n`);
  process.exit(1);
});
