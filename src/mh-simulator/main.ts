/**
 * `npm run mh-simulator`: the MH simulator as its own process.
 * MH_SIMULATOR_PORT (3100), MH_SIMULATOR_HOST (127.0.0.1), MH_SIMULATOR_DATA_DIR (./.data/mh-simulator),
 * MH_SIMULATOR_ALLOW_PRODUCTION (false), MH_SIMULATOR_TOKEN_TTL_MS (86400000),
 * MH_SIMULATOR_NON_BUSINESS_DAYS (comma-separated yyyy-MM-dd; replaces the default calendar),
 * MH_SIMULATOR_INVALIDATION_REGIME (MF-2.0 | MF-1.2), MH_SIMULATOR_RETURN_WINDOW_MONTHS (3), LOG_LEVEL (info).
 */
import { resolve } from 'node:path';
import { createLogger } from '../config/logger';
import { createMhSimulator, type MhSimulatorOptions } from './mh-simulator.server';
import { parseNonBusinessDays } from '../domain/mh-rules/business-calendar';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) fail(`${name} debe ser un entero entre ${min} y ${max} (recibido: ${raw}).`);
  return n;
}

function boolean(name: string): boolean {
  const raw = (process.env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  return fail(`${name} debe ser true o false (recibido: ${process.env[name]}).`);
}

async function main(): Promise<void> {
  const port = integer('MH_SIMULATOR_PORT', 3100, 0, 65535);
  const host = process.env.MH_SIMULATOR_HOST || '127.0.0.1';
  const dataDir = resolve(process.env.MH_SIMULATOR_DATA_DIR || './.data/mh-simulator');
  const regime = process.env.MH_SIMULATOR_INVALIDATION_REGIME || 'MF-2.0';
  if (regime !== 'MF-2.0' && regime !== 'MF-1.2') fail(`MH_SIMULATOR_INVALIDATION_REGIME debe ser MF-2.0 o MF-1.2 (recibido: ${regime}).`);
  const logger = createLogger(process.env.LOG_LEVEL || 'info');
  const opts: MhSimulatorOptions = {
    dataDir,
    logger,
    allowProduction: boolean('MH_SIMULATOR_ALLOW_PRODUCTION'),
    tokenTtlMs: integer('MH_SIMULATOR_TOKEN_TTL_MS', 24 * 60 * 60 * 1000, 1000, 30 * 24 * 60 * 60 * 1000),
    invalidationRegime: regime,
    returnWindowMonths: integer('MH_SIMULATOR_RETURN_WINDOW_MONTHS', 3, 1, 36),
  };
  if (process.env.MH_SIMULATOR_NON_BUSINESS_DAYS) opts.nonBusinessDays = parseNonBusinessDays(process.env.MH_SIMULATOR_NON_BUSINESS_DAYS);
  let simulator;
  try {
    simulator = await createMhSimulator(opts);
  } catch (err) {
    fail(`No se pudo iniciar el simulador del MH: ${(err as Error).message}`);
  }
  const url = await simulator.listen(port, host).catch((err: Error) => fail(`No se pudo escuchar en ${host}:${port}: ${err.message}`));
  process.stdout.write(`Simulador del MH escuchando en ${url} (datos en ${dataDir})\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'deteniendo el simulador del MH');
    simulator.close().then(
      () => logger.flush(() => process.exit(0)),
      (err: Error) => {
        logger.error({ err }, 'error al detener el simulador del MH');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
