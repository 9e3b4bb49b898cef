/**
 * The panel's JavaScript weight, gzip level 9 (what a browser downloads with compression): the whole
 * build, and what the first page of each entry loads before anything else (its entry script and the
 * chunks it imports statically). Budget: all the panel's JavaScript ≤ 150 KB gzip (`total_js_gzip_kb`).
 * Builds the panel first when its sources changed (scripts/build-panel.mjs --if-stale).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultPanelDir } from '../src/http/panel/panel.router';

const BUDGET_KB = 150;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export default async function panelBundle(): Promise<Record<string, unknown>> {
  execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'build-panel.mjs'), '--if-stale'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const dir = defaultPanelDir();
  const assets = join(dir, 'assets');
  const gz = new Map<string, number>();
  const raw = new Map<string, number>();
  for (const f of readdirSync(assets)) {
    const content = readFileSync(join(assets, f));
    raw.set(f, content.length);
    gz.set(f, gzipSync(content, { level: 9 }).length);
  }
  const sum = (files: string[], m: Map<string, number>) => files.reduce((s, f) => s + (m.get(f) ?? 0), 0);
  const js = [...gz.keys()].filter((f) => f.endsWith('.js'));
  const css = [...gz.keys()].filter((f) => f.endsWith('.css'));

  /** The entry script of a page and every chunk reachable through static imports. */
  const firstLoad = (page: string): string[] => {
    const html = readFileSync(join(dir, page), 'utf8');
    const seen = new Set<string>();
    const queue = [...html.matchAll(/\/panel\/assets\/([\w.-]+\.js)/g)].map((m) => m[1]);
    while (queue.length) {
      const f = queue.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      const code = readFileSync(join(assets, f), 'utf8');
      for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([\w.-]+\.js)["']/g)) queue.push(m[1]);
    }
    return [...seen];
  };
  const panelFirst = firstLoad('index.html');
  const embedFirst = firstLoad('embed.html');
  const total = sum(js, gz);
  return {
    budget_js_gzip_kb: BUDGET_KB,
    total_js_gzip_kb: kb(total),
    within_budget: kb(total) <= BUDGET_KB,
    total_js_raw_kb: kb(sum(js, raw)),
    css_gzip_kb: kb(sum(css, gz)),
    chunks: js.length,
    panel_first_load_js_gzip_kb: kb(sum(panelFirst, gz)),
    panel_first_load_files: panelFirst.length,
    embed_first_load_js_gzip_kb: kb(sum(embedFirst, gz)),
    largest_chunks_gzip_kb: Object.fromEntries(js.sort((a, b) => gz.get(b)! - gz.get(a)!).slice(0, 5).map((f) => [f.replace(/-[\w-]{8}\.js$/, '.js'), kb(gz.get(f)!)])),
  };
}
