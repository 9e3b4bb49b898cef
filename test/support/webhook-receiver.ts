import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request a receiver got: the exact body text and headers. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** What the receiver did with it. */
  outcome: Outcome;
}

/** A status to answer, `hang` (never answer), or `reset` (drop the connection with a TCP RST). */
export type Outcome = number | 'hang' | 'reset';
export type Behavior = (req: Omit<Received, 'outcome'>, index: number) => Outcome;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  setBehavior(b: Behavior): void;
  /** Resolves when `predicate(received)` holds, checked every 25 ms. */
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

/** A plain node:http webhook receiver on an ephemeral port (no mocks). */
export async function startReceiver(behavior: Behavior = () => 200, path = '/hooks/dte'): Promise<Receiver> {
  let current = behavior;
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const base = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      const outcome = current(base, received.length);
      received.push({ ...base, outcome });
      if (outcome === 'hang') return;
      if (outcome === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      res.writeHead(outcome, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(outcome >= 200 && outcome < 300 ? 'ok' : `fallo simulado ${outcome}`);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    received,
    setBehavior: (b) => void (current = b),
    waitFor: async (predicate, timeoutMs = 10_000, what = 'condición') => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`el receptor no cumplió "${what}" en ${timeoutMs} ms (recibió ${received.length})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A local port nobody listens on (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks/dte`;
}

/** Polls `check` until it returns a value (not undefined/false) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000, what = 'condición'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`no se cumplió "${what}" en ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
