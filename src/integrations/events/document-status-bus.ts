import { EventEmitter } from 'node:events';
import { Client, Pool, type PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';
import type { DocumentStatusBus, DocumentStatusEvent } from '../../services/shared/document-status-bus.port';

const CHANNEL = 'dte_document_status';

/** In-process bus (embedded database, tests of a single process). */
export function createLocalStatusBus(): DocumentStatusBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (e) => void emitter.emit('status', e),
    subscribe: (listener) => {
      emitter.on('status', listener);
      return () => emitter.off('status', listener);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}

/** LISTEN/NOTIFY bus: one listening connection per process, reconnecting on failure. */
export async function createPgStatusBus(pool: PoolConfig, logger: Logger): Promise<DocumentStatusBus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const publisher = new Pool({ ...pool, max: 2 });
  publisher.on('error', (err) => logger.warn({ err }, 'error en la conexión de notificaciones'));
  let listener: Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const c = new Client(pool);
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        local.emit('status', JSON.parse(msg.payload) as DocumentStatusEvent);
      } catch {
        /* ignore malformed payloads */
      }
    });
    c.on('error', (err) => {
      logger.warn({ err }, 'se perdió la conexión LISTEN; se reconecta');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    listener = c;
  };
  await connect();
  return {
    notifyChannel: CHANNEL,
    publish: async (e) => {
      await publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(e)]);
    },
    subscribe: (fn) => {
      local.on('status', fn);
      return () => local.off('status', fn);
    },
    close: async () => {
      closed = true;
      local.removeAllListeners();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
