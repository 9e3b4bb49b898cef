import { Agent, request as httpsRequest } from 'node:https';
import type { ApiResponse } from './http-client';

/**
 * `request()` of http-client.ts over https with a CA of the test's own (the proxy's self-signed
 * certificate), over kept-alive connections as a real client's. Answers with the same shape.
 */
export function httpsClient(baseUrl: string, ca: string, opts0: { localAddress?: string } = {}) {
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 64, ...(opts0.localAddress ? { localAddress: opts0.localAddress } : {}) });
  const send = (method: string, path: string, opts: { key?: string | null; body?: unknown; headers?: Record<string, string>; idempotencyKey?: string | null } = {}): Promise<ApiResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers['Content-Type'] ??= 'application/json';
      }
      if (method === 'POST' && opts.idempotencyKey !== null && !Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')) {
        headers['Idempotency-Key'] = opts.idempotencyKey ?? `test-${Math.random().toString(36).slice(2)}-${Date.now()}`;
      }
      const req = httpsRequest(`${baseUrl}${path}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = text;
          }
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) for (const x of Array.isArray(v) ? v : [v]) h.append(k, x);
          resolve({ status: res.statusCode ?? 0, headers: h, body: parsed as never, text });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { request: send, close: () => agent.destroy() };
}
