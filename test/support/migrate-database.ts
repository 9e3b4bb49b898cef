/** Child-process entry: applies the migrations to the database given as argv[2] (keeps MikroORM out of jest's global setup realm). */
import 'reflect-metadata';
import { createOrm, migrate } from '../../src/persistence/orm';

async function main(): Promise<void> {
  const orm = await createOrm({ pool: { connectionString: process.argv[2] }, poolMax: 2 });
  try {
    await migrate(orm);
  } finally {
    await orm.close(true);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
