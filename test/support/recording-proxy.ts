/**
 * An HTTP proxy in front of an MH simulator that records every request it passes (method, path and
 * the body's `tipoDte`), so a test sees which MH path the service called; `routes` sends a path the
 * simulator does not serve to one it does (e.g. a configured event path to /fesv/recepciondte).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  path: string;
  tipoDte: string | null;
}

export interface RecordingProxy {
  url: string;
  requests: ProxiedRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

function tipoDteOf(body: Buffer): string | null {
  try {
    const json = JSON.parse(body.toString('utf8')) as { tipoDte?: unknown };
    return typeof json.tipoDte === 'string' ? json.tipoDte : null;
  } catch {
    return null;
  }
}

export async function startRecordingProxy(target: string, routes: Record<string, string> = {}): Promise<RecordingProxy> {
  const requests: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://proxy');
      requests.push({ method: req.method ?? 'GET', path: url.pathname, tipoDte: tipoDteOf(body) });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) {
        if (typeof v === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k)) headers[k] = v;
      }
      const answer = await fetch(`${target}${routes[url.pathname] ?? url.pathname}${url.search}`, {
        method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      });
      const out = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(out);
    })().catch((err: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
