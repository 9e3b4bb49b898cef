import WebSocket from 'ws';
import { waitFor } from './mh-control';

export interface WsMessage {
  id?: string;
  type: string;
  payload?: any;
}

/**
 * A bare graphql-transport-ws connection for tests that need exact control: every message and the
 * close code are recorded, and operations are sent by hand.
 */
export interface WsSocket {
  ws: WebSocket;
  messages: WsMessage[];
  /** Set when the server closes the connection. */
  closed: { code: number; reason: string } | null;
  subscribe(id: string, payload: { query: string; variables?: Record<string, unknown>; operationName?: string; extensions?: Record<string, unknown> }): void;
  complete(id: string): void;
  /** The first message of operation `id` whose type is next, error or complete. */
  result(id: string, timeoutMs?: number): Promise<WsMessage>;
  waitClosed(timeoutMs?: number): Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** Opens /graphql over WebSocket and sends connection_init; resolves once acknowledged or closed. */
export async function openGraphQLSocket(baseUrl: string, connectionParams: Record<string, unknown>): Promise<WsSocket> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const s: WsSocket = {
    ws,
    messages: [],
    closed: null,
    subscribe: (id, payload) => ws.send(JSON.stringify({ id, type: 'subscribe', payload })),
    complete: (id) => ws.send(JSON.stringify({ id, type: 'complete' })),
    result: (id, timeoutMs = 15_000) => waitFor(async () => s.messages.find((m) => m.id === id && ['next', 'error', 'complete'].includes(m.type)) ?? null, timeoutMs, 20),
    waitClosed: (timeoutMs = 15_000) => waitFor(async () => s.closed, timeoutMs, 20),
    close: async () => {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(1000);
      await waitFor(async () => ws.readyState === ws.CLOSED, 10_000, 20);
    },
  };
  ws.on('message', (data) => s.messages.push(JSON.parse(String(data)) as WsMessage));
  ws.on('close', (code, reason) => {
    s.closed = { code, reason: String(reason) };
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init', payload: connectionParams }));
  await waitFor(async () => s.closed !== null || s.messages.some((m) => m.type === 'connection_ack'), 15_000, 20);
  return s;
}
