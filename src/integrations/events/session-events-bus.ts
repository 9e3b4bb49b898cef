import { EventEmitter } from 'node:events';
import { Client, type PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';
import type { SessionEndedEvent, SessionEventsBus } from '../../services/shared/session-events.port';

const CHANNEL = 'dte_panel_session';

/** In-process bus (embedded database, CLI, a single process). */
export function createLocalSessionEvents(): SessionEventsBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (e) => void emitter.emit('ended', e),
    subscribe: (fn) => {
      emitter.on('ended', fn);
      return () => emitter.off('ended', fn);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}

/** LISTEN/NOTIFY: one listening connection per API process, reconnecting on failure; NOTIFY on a short-lived pool connection. */
export async function createPgSessionEvents(pool: PoolConfig, logger: Logger): Promise<SessionEventsBus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let listener: Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const c = new Client(pool);
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        local.emit('ended', JSON.parse(msg.payload) as SessionEndedEvent);
      } catch {
        /* ignore malformed payloads */
      }
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'se perdió la conexión LISTEN de sesiones; se reconecta');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    listener = c;
  };
  await connect();
  return {
    publish: async (e) => {
      if (!listener) return void local.emit('ended', e);
      await listener.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(e)]);
    },
    subscribe: (fn) => {
      local.on('ended', fn);
      return () => local.off('ended', fn);
    },
    close: async () => {
      closed = true;
      local.removeAllListeners();
      await listener?.end().catch(() => undefined);
    },
  };
}
