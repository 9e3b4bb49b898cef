/**
 * Where the battery runs. While the service runs (`npm start`: the embedded database is held by its
 * process, or DATABASE_URL with the service answering at --url / PUBLIC_BASE_URL / HOST:PORT), the
 * battery talks to it over REST and keeps its progress through the shared database. When it does not,
 * the service is started inside this command (database, jobs, MH or its simulator, API on a free
 * loopback port) and stopped at the end.
 */
import { startApp } from '../../app';
import { loadConfig, type AppConfig } from '../../config/config';
import { createLogger } from '../../config/logger';
import { embeddedOwner } from '../../persistence/database';
import type { Services } from '../../services/services';
import { openCliContext } from '../cli-context';
import { trimTrailing } from '../../domain/shared/linear-text';

export interface BatterySession {
  config: AppConfig;
  services: Services;
  baseUrl: string;
  /** Spanish description for the report. */
  mode: string;
  close(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return res.status < 500;
  } catch {
    return false;
  }
}

export async function openBatterySession(opts: { url?: string }): Promise<BatterySession> {
  const config = loadConfig();
  const url = trimTrailing(opts.url ?? config.publicBaseUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`, '/');
  const owner = config.databaseUrl ? null : embeddedOwner(config.dataDir);
  const running = owner !== null || (config.databaseUrl !== null && (await answers(url)));
  if (running) {
    if (!(await answers(url))) {
      throw new Error(`El servicio (proceso ${owner}) tiene abierta la base de datos pero no responde en ${url}; indique su dirección con --url.`);
    }
    const ctx = await openCliContext();
    return { config, services: ctx.services, baseUrl: url, mode: `a través del servicio en ejecución (${url})`, close: () => ctx.close() };
  }
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr as never);
  const app = await startApp({ ...config, port: 0, host: '127.0.0.1', publicBaseUrl: null }, { logger, demoAccount: false });
  return { config, services: app.services, baseUrl: app.url!, mode: 'servicio iniciado por el comando (el servicio no estaba en ejecución)', close: () => app.stop() };
}
