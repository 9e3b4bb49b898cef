/**
 * `npm run migration:create [-- --blank] [-- --name <name>]`: writes a migration with the difference between the
 * entities and the database schema (DATABASE_URL, or the embedded database after applying the
 * migrations that exist), then rewrites migrations/index.ts.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config/config';
import { attachEmbeddedDatabase, externalDatabase, openEmbeddedDatabase } from './database';
import { createOrm, migrate } from './orm';

const dir = join(__dirname, '..', '..', 'migrations');

export function writeMigrationIndex(): void {
  const files = readdirSync(dir).filter((f) => f.startsWith('Migration') && /^\d/.test(f.slice(9)) && f.endsWith('.ts')).sort();
  const imports = files.map((f, i) => `import { ${className(f)} as M${i} } from './${f.replace(/\.ts$/, '')}';`).join('\n');
  const list = files.map((f, i) => `  { name: '${f.replace(/\.ts$/, '')}', class: M${i} },`).join('\n');
  writeFileSync(
    join(dir, 'index.ts'),
    `// Every migration in order. \`npm run migration:create\` writes a new file and rewrites this list.
// Migrations are never edited after they land.
import type { MigrationObject } from '@mikro-orm/core';
${imports}

export const MIGRATIONS: MigrationObject[] = [
${list}
];
`,
  );
}

function className(file: string): string {
  const src = require('node:fs').readFileSync(join(dir, file), 'utf8') as string;
  const m = /export class (\w+)/.exec(src);
  if (!m) throw new Error(`no migration class in ${file}`);
  return m[1];
}

async function main(): Promise<void> {
  const config = loadConfig();
  const blank = process.argv.includes('--blank');
  const nameIdx = process.argv.indexOf('--name');
  const name = nameIdx > 0 ? process.argv[nameIdx + 1] : undefined;
  const db = config.databaseUrl
    ? externalDatabase(config.databaseUrl)
    : attachEmbeddedDatabase(config.dataDir) ?? (await openEmbeddedDatabase({ dataDir: config.dataDir }));
  const orm = await createOrm({ pool: db.pool, poolMax: 2, namedStatements: !db.embedded });
  try {
    await migrate(orm);
    const result = await orm.getMigrator().createMigration(dir, blank, false, name);
    if (!result.fileName) {
      process.stderr.write('No hay cambios de esquema: no se creó ninguna migración.\n');
    } else {
      writeMigrationIndex();
      process.stderr.write(`Migración creada: migrations/${result.fileName}\n`);
    }
  } finally {
    await orm.close(true);
    await db.close();
  }
}

if (require.main === module) {
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
}
