/**
 * Runs the benchmarks in bench/ and prints one JSON document on stdout.
 * Each `bench/<name>.bench.ts` default-exports `async () => Record<string, unknown>`.
 * `npm run bench -- sign issue-dry-run` runs only the named ones. Those in BY_NAME_ONLY (large data,
 * minutes of seeding, a kept database) are left out of the default run and run only when named.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Benchmarks run only when named: `npm run bench -- documents-list-1m`. */
const BY_NAME_ONLY: readonly string[] = ['documents-list-1m', 'documents-export', 'directory', 'period-archive'];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort();
  const results: Record<string, unknown> = {};
  for (const file of files) {
    const name = file.replace(/\.bench\.ts$/, '');
    if (only.length ? !only.includes(name) : BY_NAME_ONLY.includes(name)) continue;
    process.stderr.write(`bench ${name}…\n`);
    const mod = (await import(join(__dirname, file))) as { default: () => Promise<Record<string, unknown>> };
    const started = Date.now();
    try {
      results[name] = { ...(await mod.default()), wall_ms: Date.now() - started };
    } catch (err) {
      results[name] = { error: err instanceof Error ? err.message : String(err) };
      process.exitCode = 1;
    }
  }
  process.stdout.write(`${JSON.stringify({ node: process.version, cpus: require('node:os').cpus().length, at: new Date().toISOString(), results }, null, 2)}\n`);
}

main().then(() => process.exit(), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
