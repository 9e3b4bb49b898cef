#!/usr/bin/env node
/**
 * Summarizes a V8 CPU profile (.cpuprofile): the functions with the most self time, and the share of
 * each package (node_modules/<name>), of the project's own files and of node's internals.
 * Usage: node bench/profile-summary.js <file.cpuprofile> [top=40]
 */
const { readFileSync } = require('node:fs');

const [file, topArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('uso: node bench/profile-summary.js <archivo.cpuprofile> [cantidad]\n');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const top = Number(topArg ?? 40);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const intervals = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (intervals[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byArea = new Map();
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  const where = f.url.replace(/^.*node_modules\//, 'nm:').replace(/^.*\/(src|bench|test)\//, '$1/');
  const key = `${f.functionName || '(anónima)'} ${where}:${f.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const area = f.url.includes('node_modules/') ? f.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, '$1') : f.url.includes('/src/') ? 'src/' + f.url.replace(/^.*\/src\/([^/]+).*$/, '$1') : f.url.startsWith('node:') ? 'node:' + f.url.slice(5).split('/')[0] : f.url ? 'otros' : f.functionName;
  byArea.set(area, (byArea.get(area) ?? 0) + us);
}
const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5);
const rows = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
process.stdout.write(`total muestreado: ${(total / 1000).toFixed(0)} ms\n\npor área:\n`);
for (const [k, us] of rows(byArea, 30)) process.stdout.write(`${pct(us)} %  ${k}\n`);
process.stdout.write(`\nfunciones (tiempo propio):\n`);
for (const [k, us] of rows(byFunction, top)) process.stdout.write(`${pct(us)} %  ${k}\n`);
