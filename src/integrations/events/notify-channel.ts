import { EventEmitter } from 'node:events';
import { Client, Pool, type PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';

/** A cross-process notice channel: publish an event, every subscriber of every process receives it. */
export interface NoticeChannel<T> {
  publish(e: T): Promise<void>;
  subscribe(listener: (e: T) => void): () => void;
  close(): Promise<void>;
  /** PostgreSQL's NOTIFY channel name, when the channel is LISTEN/NOTIFY. */
  readonly notifyChannel?: string;
}

const EVENT = 'notice';
const RESET = 'reset';

/**
 * A LISTEN/NOTIFY channel also says whether its listening connection is up: notices sent while it
 * is down are lost, so a cache invalidated by notices must not be trusted then (`onReset` fires when
 * the connection is lost and again when it listens anew).
 */
export interface ListeningChannel<T> extends NoticeChannel<T> {
  listening(): boolean;
  onReset(listener: () => void): () => void;
}

/** In-process channel (embedded database, CLI, a single process). */
export function createLocalChannel<T>(): NoticeChannel<T> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: async (e) => void emitter.emit(EVENT, e),
    subscribe: (fn) => {
      emitter.on(EVENT, fn);
      return () => emitter.off(EVENT, fn);
    },
    close: async () => void emitter.removeAllListeners(),
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one listening connection per process, reconnecting a second after it is
 * lost; NOTIFY goes through a small pool. A NOTIFY that fails (database unreachable) still reaches
 * this process's own subscribers, and the failure is logged as a warning.
 */
export async function createPgChannel<T>(channel: string, pool: PoolConfig, logger: Logger): Promise<ListeningChannel<T> & { notifyChannel: string }> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const publisher = new Pool({ ...pool, max: 2 });
  publisher.on('error', (err) => logger.warn({ err, channel }, 'error en la conexión de notificaciones'));
  let listener: Client | null = null;
  let closed = false;
  const connect = async (): Promise<void> => {
    const c = new Client(pool);
    c.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        local.emit(EVENT, JSON.parse(msg.payload) as T);
      } catch {
        /* ignore malformed payloads */
      }
    });
    c.on('error', (err) => {
      logger.warn({ err, channel }, 'se perdió la conexión LISTEN; se reconecta');
      listener = null;
      local.emit(RESET);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    listener = c;
    local.emit(RESET);
  };
  await connect();
  return {
    notifyChannel: channel,
    listening: () => listener !== null && !closed,
    onReset: (fn) => {
      local.on(RESET, fn);
      return () => local.off(RESET, fn);
    },
    publish: async (e) => {
      try {
        await publisher.query('select pg_notify($1, $2)', [channel, JSON.stringify(e)]);
      } catch (err) {
        logger.warn({ err, channel }, 'no se pudo notificar a los otros procesos; solo este proceso recibe el aviso');
        local.emit(EVENT, e);
      }
    },
    subscribe: (fn) => {
      local.on(EVENT, fn);
      return () => local.off(EVENT, fn);
    },
    close: async () => {
      closed = true;
      local.removeAllListeners();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
