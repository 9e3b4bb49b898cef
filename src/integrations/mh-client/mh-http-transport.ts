import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * One HTTP call with a deadline (it covers connect, headers and body). Never throws. Node's `http`
 * client with keep-alive agents and no Nagle delay, not `fetch`: per call, fetch's WHATWG request,
 * headers and stream objects cost more CPU than the rest of a sealed document's MH exchange.
 * Redirects are not followed (an answer is what MH said at that URL).
 */

export type HttpOutcome =
  | { kind: 'response'; status: number; contentType: string; text: string; json: unknown }
  | { kind: 'timeout' }
  | { kind: 'network'; message: string };

export interface HttpCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/**
 * Keep-alive: an idle connection is closed after 4 s, or a second before the server's own
 * `Keep-Alive: timeout=…` (Node's agent reads the hint), so a request is not sent on a connection
 * the server is closing.
 */
const AGENT_OPTIONS = { keepAlive: true, keepAliveMsecs: 1_000, maxFreeSockets: 64, scheduling: 'lifo' as const, timeout: 4_000 };
const agents: Record<string, HttpAgent> = { 'http:': new HttpAgent(AGENT_OPTIONS), 'https:': new HttpsAgent(AGENT_OPTIONS) };
/** Sockets already told not to wait for more data before sending (Nagle off), once each. */
const noDelay = new WeakSet<object>();

export function httpCall(call: HttpCall): Promise<HttpOutcome> {
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    return Promise.resolve({ kind: 'network', message: networkMessage({ code: 'ERR_INVALID_URL' }) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve({ kind: 'network', message: networkMessage({ code: 'ERR_INVALID_URL' }) });
  return new Promise<HttpOutcome>((resolve) => {
    let settled = false;
    let timedOut = false;
    const done = (outcome: HttpOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const body = call.body === undefined ? undefined : Buffer.from(call.body, 'utf8');
    const headers: Record<string, string | number> = { ...call.headers };
    if (body) headers['Content-Length'] = body.length;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, { method: call.method, headers, agent: agents[url.protocol] }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        done({ kind: 'response', status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text, json: parseJson(text) });
      });
      res.on('error', (err) => done(timedOut ? { kind: 'timeout' } : { kind: 'network', message: networkMessage(err) }));
      res.on('aborted', () => done(timedOut ? { kind: 'timeout' } : { kind: 'network', message: networkMessage({ code: 'ECONNRESET' }) }));
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy();
      done({ kind: 'timeout' });
    }, call.timeoutMs);
    req.on('socket', (socket) => {
      if (noDelay.has(socket)) return;
      socket.setNoDelay(true);
      noDelay.add(socket);
    });
    req.on('error', (err) => done(timedOut ? { kind: 'timeout' } : { kind: 'network', message: networkMessage(err) }));
    req.end(body);
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function networkMessage(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? (err as { code?: string })?.code ?? cause?.message;
  return detail ? `No se pudo comunicar con el MH (${detail})` : 'No se pudo comunicar con el MH';
}
