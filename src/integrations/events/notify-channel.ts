import { EventEmitter } from 'node:events';
import { Client, Pool, type PoolConfig } from 'pg';
import type { Logger } from '../../config/logger';
import { newClient } from '../../persistence/database-hosts';

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
 * PostgreSQL LISTEN/NOTIFY for every channel of a process over one listening connection, and one
 * connection to NOTIFY (ADR 0037, the connection budget). The listening connection is re-made after
 * it is lost — a restart, a failover, `pg_terminate_backend` — with a growing pause (0.5 s up to
 * 5 s), for as long as the process runs, and LISTENs on every channel again; subscribers are told
 * (`onReset`) when it is lost and when it listens anew, since notices sent meanwhile are gone. A
 * NOTIFY that fails (database unreachable) still reaches this process's own subscribers, and the
 * failure is logged as a warning.
 */
export interface PgNoticeHub {
  channel<T>(name: string): ListeningChannel<T> & { notifyChannel: string };
  /** Resolves once the listening connection is up (the start waits for it, as before). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createPgNoticeHub(pool: PoolConfig, logger: Logger): PgNoticeHub {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const channels = new Set<string>();
  const publisher = new Pool({ ...pool, max: 1, idleTimeoutMillis: 10_000 });
  publisher.on('error', (err) => logger.warn({ err }, 'error en la conexión de notificaciones'));
  let listener: Client | null = null;
  let closed = false;
  let pause = 500;
  let retry: NodeJS.Timeout | null = null;
  let first: Promise<void> | null = null;

  const lost = (err: unknown, c: Client) => {
    if (listener === c) {
      listener = null;
      local.emit(RESET);
    }
    c.removeAllListeners('notification');
    void c.end().catch(() => undefined);
    if (closed) return;
    logger.warn({ err: err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err, retry_ms: pause }, 'se perdió la conexión LISTEN; se reconecta');
    schedule();
  };
  const schedule = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, pause);
    retry.unref();
    pause = Math.min(pause * 2, 5_000);
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = newClient(pool);
    // Listened from before connect() on: an error at any moment is a lost connection, never an unhandled event.
    c.on('error', (err) => lost(err, c));
    c.on('end', () => {
      if (listener === c) lost(new Error('Connection terminated'), c);
    });
    c.on('notification', (msg) => {
      if (!msg.payload || !channels.has(msg.channel)) return;
      try {
        local.emit(`${EVENT}:${msg.channel}`, JSON.parse(msg.payload));
      } catch {
        /* ignore malformed payloads */
      }
    });
    try {
      await c.connect();
      for (const ch of channels) await c.query(`LISTEN ${quoteIdent(ch)}`);
    } catch (err) {
      lost(err, c);
      return;
    }
    if (closed) return void c.end().catch(() => undefined);
    listener = c;
    pause = 500;
    local.emit(RESET);
  };

  return {
    ready: () => (first ??= (async () => {
      await connect();
      // The start waits for the first connection only as long as a pause: the process starts with the channel reconnecting.
      const deadline = Date.now() + 5_000;
      while (!listener && !closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    })()),
    channel<T>(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nombre de canal inválido: ${name}`);
      if (!channels.has(name)) {
        channels.add(name);
        void listener?.query(`LISTEN ${quoteIdent(name)}`).catch((err) => listener && lost(err, listener));
      }
      const event = `${EVENT}:${name}`;
      return {
        notifyChannel: name,
        listening: () => listener !== null && !closed,
        onReset: (fn: () => void) => {
          local.on(RESET, fn);
          return () => local.off(RESET, fn);
        },
        publish: async (e: T) => {
          try {
            await publisher.query('select pg_notify($1, $2)', [name, JSON.stringify(e)]);
          } catch (err) {
            logger.warn({ err, channel: name }, 'no se pudo notificar a los otros procesos; solo este proceso recibe el aviso');
            local.emit(event, e);
          }
        },
        subscribe: (fn: (e: T) => void) => {
          local.on(event, fn);
          return () => local.off(event, fn);
        },
        // A channel closes with its hub (the process's stop).
        close: async () => undefined,
      };
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      local.removeAllListeners();
      const c = listener;
      listener = null;
      await c?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
