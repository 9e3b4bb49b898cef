import type { Logger } from './config/logger';
import { isConnectionLost } from './persistence/connection-errors';

/**
 * The last line of defence of a running process (ADR 0037). Every client the service holds listens
 * for its own errors, so nothing should reach here; when something does, it is logged once with its
 * context instead of ending the process silently:
 *
 * - an unhandled promise rejection is logged and the process goes on (the promise's work failed,
 *   and whoever waited for it has already been answered or will time out);
 * - an uncaught exception caused by a lost database connection is logged and the process goes on
 *   (the request on that connection failed with its 503; the pools replace the connection);
 * - any other uncaught exception leaves the process in an unknown state: it is logged, the reason is
 *   written to stderr in Spanish, and the process exits with code 70 so its supervisor restarts it
 *   (docs/deploy.md: run it under systemd or another supervisor).
 */
export function installProcessGuards(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const { onRejection, onException } = processGuardHandlers(logger, exit);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}

/** The two handlers installProcessGuards installs (apart, so a test can call them). */
export function processGuardHandlers(logger: Logger, exit: (code: number) => void) {
  const seen = new WeakSet<object>();
  const once = (err: unknown): boolean => {
    if (err === null || typeof err !== 'object') return true;
    if (seen.has(err)) return false;
    seen.add(err);
    return true;
  };
  const onRejection = (reason: unknown) => {
    if (!once(reason)) return;
    logger.error({ err: reason, database_connection_lost: isConnectionLost(reason) }, 'promesa rechazada sin manejar; el proceso continúa');
  };
  const onException = (err: unknown, origin: string) => {
    if (isConnectionLost(err)) {
      if (once(err)) logger.error({ err, origin }, 'se perdió una conexión a la base de datos fuera de una solicitud; el proceso continúa');
      return;
    }
    logger.fatal({ err, origin }, 'excepción no controlada; el proceso se detiene para que su supervisor lo reinicie');
    logger.flush?.();
    process.stderr.write(`El servicio se detiene por un error no controlado (${err instanceof Error ? err.message : String(err)}); su supervisor debe reiniciarlo.\n`);
    exit(70);
  };
  return { onRejection, onException };
}
