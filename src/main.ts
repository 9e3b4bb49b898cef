import 'reflect-metadata';
import { startApp } from './app';
import { ConfigError, loadConfig } from './config/config';
import { createLogger } from './config/logger';
import { installProcessGuards } from './process-guards';

/** `npm start`: the whole service with its embedded defaults, or as configured by the environment. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  installProcessGuards(logger);
  const app = await startApp(config, { logger });
  const lines = [''];
  if (app.url) {
    lines.push(`Servicio DTE listo (${config.databaseUrl ? 'PostgreSQL' : `base embebida en ${config.dataDir}`}, rol ${config.role}).`);
    lines.push(`REST API:     ${app.baseUrl}/v1`);
    lines.push(`GraphQL:      ${app.baseUrl}/graphql  (playground en el navegador)`);
    lines.push(`OpenAPI:      ${app.baseUrl}/v1/openapi.json  (referencia: ${app.baseUrl}/v1/docs)`);
    lines.push(`Salud:        ${app.baseUrl}/healthz  ·  Métricas: ${app.metricsUrl ?? 'desactivadas (METRICS_TOKEN o METRICS_PORT)'}`);
  } else {
    lines.push(`Trabajador DTE listo (rol ${config.role}).`);
  }
  // The in-process simulator (MH_MODE=simulator without MH_SIMULATOR_URL) listens on its own port: its control API lives there.
  if (app.mhSimulatorUrl && !config.mh.simulatorUrl) lines.push(`Simulador MH: ${app.mhSimulatorUrl}  (control: ${app.mhSimulatorUrl}/__control/faults)`);
  if (app.demo) lines.push(`Test API key: ${app.demo.testKey}`);
  if (app.demo && app.url) {
    const { email, password } = app.demo.user;
    lines.push(`Panel: ${app.baseUrl}/panel/  (usuario ${email}${password ? ` · contraseña ${password}` : ''})`);
  } else if (app.url) {
    lines.push(`Panel: ${app.baseUrl}/panel/`);
  }
  if (config.databaseUrl) {
    lines.push('Cuentas, usuarios y llaves: se crean con la CLI (npm run -s cli -- accounts create …, users create …, keys create …); este servicio no crea ninguno.');
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'deteniendo: se terminan las solicitudes en curso y los trabajos');
    const force = setTimeout(() => {
      logger.error('la detención tardó demasiado; se fuerza la salida');
      process.exit(1);
    }, config.shutdownTimeoutMs + 15_000);
    force.unref();
    app
      .stop()
      .then(() => {
        logger.flush?.();
        process.exit(0);
      })
      .catch((err) => {
        logger.error({ err }, 'error al detener');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(`No se pudo iniciar el servicio: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
