/**
 * The benchmarks' HTTP client: node:http over kept-alive sockets without Nagle's delay. A measured
 * latency is the service's plus the client's own work, and fetch (undici) made the client's share
 * large: with it the one-at-a-time GET of an emitter measured 1.6–2.3 ms, with this 0.84–1.13 ms
 * (same machine, same day, 2026-11-28). The client stays in its own process, as a real one would.
 */
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export function httpRequest(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...init.headers };
    if (init.body !== undefined) headers['Content-Length'] = Buffer.byteLength(init.body);
    const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('socket', (s) => s.setNoDelay(true));
    req.on('error', reject);
    req.end(init.body);
  });
}
