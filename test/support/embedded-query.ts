/**
 * Runs SQL on a fresh embedded database (PGlite) in its own process — jest's module sandbox cannot load
 * PGlite's WebAssembly — and prints the rows as JSON: `node -r @swc-node/register
 * test/support/embedded-query.ts <dataDir> '<json [[sql, params], …]>'`. Migrations are applied first.
 */
import 'reflect-metadata';
import { Pool } from 'pg';
import { openEmbeddedDatabase } from '../../src/persistence/database';
import { createOrm, migrate } from '../../src/persistence/orm';

async function main(): Promise<void> {
  const [dataDir, statements] = process.argv.slice(2);
  const db = await openEmbeddedDatabase({ dataDir });
  const orm = await createOrm({ pool: db.pool, poolMax: 2, namedStatements: false });
  try {
    await migrate(orm);
    const pool = new Pool({ ...db.pool, max: 1 });
    const out: unknown[][] = [];
    for (const [sql, params] of JSON.parse(statements) as [string, unknown[]][]) out.push((await pool.query(sql, params)).rows);
    await pool.end();
    process.stdout.write(`${JSON.stringify(out)}\n`);
  } finally {
    await orm.close(true);
    await db.close();
  }
}

main().then(() => process.exit(0), (err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
