import http from 'node:http';
import https from 'node:https';
import { type AddressLookup, pinnedLookup, resolveWebhookTarget } from './webhook-url-guard';

export const RESPONSE_EXCERPT_BYTES = 1024;
const ERROR_TEXT_MAX = 500;

export interface WebhookPost {
  url: string;
  /** The exact bytes signed. */
  body: string;
  headers: Record<string, string>;
}

export interface WebhookPostResult {
  /** A 2xx arrived within the timeout. */
  ok: boolean;
  /** The receiver's HTTP status; 0 when there was no response. */
  statusCode: number;
  durationMs: number;
  error: string | null;
  /** The first KB of the response body. */
  responseExcerpt: string | null;
}

export interface WebhookSenderOptions {
  allowPrivate: boolean;
  timeoutMs: number;
  lookup?: AddressLookup;
}

/**
 * POSTs a webhook safely: the URL is checked and resolved again at every attempt, and the socket
 * connects to the validated address (a `lookup` pinned to it, so a DNS answer that changes in
 * between cannot redirect the request); one deadline covers resolution, connection and response;
 * redirects are not followed (a 3xx is a failure); at most 1 KB of the answer is read; no connection
 * is reused.
 */
export class WebhookHttpSender {
  constructor(private readonly opts: WebhookSenderOptions) {}

  async post(p: WebhookPost): Promise<WebhookPostResult> {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    const target = await resolveWebhookTarget(p.url, { allowPrivate: this.opts.allowPrivate, lookup: this.opts.lookup, timeoutMs: this.opts.timeoutMs });
    if (!target.ok) return { ok: false, statusCode: 0, durationMs: elapsed(), error: trim(`Dirección no permitida: ${target.message}`), responseExcerpt: null };
    const remaining = Math.max(1, this.opts.timeoutMs - elapsed());
    const { url, hostname, address, family } = target;
    const isHttps = url.protocol === 'https:';
    const body = Buffer.from(p.body, 'utf8');
    const pinned = pinnedLookup(address, family);

    return new Promise<WebhookPostResult>((resolve) => {
      let settled = false;
      let status = 0;
      const chunks: Buffer[] = [];
      let size = 0;
      let location: string | null = null;
      const excerpt = () => (size ? Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8') : null);
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        const ok = error === null && status >= 200 && status < 300;
        let why = error;
        if (!why && !ok) {
          why = status >= 300 && status < 400
            ? `El receptor respondió ${status} (redirección${location ? ` a ${location}` : ''}); las redirecciones no se siguen.`
            : `El receptor respondió ${status}; se esperaba un 2xx.`;
        }
        resolve({ ok, statusCode: status, durationMs: elapsed(), error: why ? trim(why) : null, responseExcerpt: excerpt() });
      };
      const req = (isHttps ? https : http).request({
        method: 'POST',
        protocol: url.protocol,
        hostname: hostname,
        port: url.port ? Number(url.port) : isHttps ? 443 : 80,
        path: `${url.pathname}${url.search}`,
        headers: { ...p.headers, Host: url.host, 'Content-Length': String(body.length), Connection: 'close' },
        agent: false,
        lookup: pinned,
        ...(isHttps ? { servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname } : {}),
      });
      // The status line decides; a body still arriving at the deadline is cut (the excerpt keeps what came).
      const timer = setTimeout(() => finish(status ? null : `Sin respuesta en ${this.opts.timeoutMs} ms (tiempo agotado).`), remaining);
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        location = typeof res.headers.location === 'string' ? res.headers.location.slice(0, 200) : null;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_BYTES) finish(null);
        });
        res.on('end', () => finish(null));
        res.on('error', () => finish(null));
        res.on('aborted', () => finish(null));
      });
      req.on('error', (err: NodeJS.ErrnoException) => finish(describeError(err)));
      req.end(body);
    });
  }
}

function describeError(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'ECONNREFUSED: conexión rechazada por el receptor.';
    case 'ECONNRESET':
      return 'ECONNRESET: el receptor cerró la conexión.';
    case 'EPIPE':
      return 'EPIPE: el receptor cerró la conexión mientras se enviaba.';
    case 'ETIMEDOUT':
      return 'ETIMEDOUT: tiempo de conexión agotado.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${code}: el receptor no es alcanzable.`;
    default:
      if (/CERT|SSL|TLS/i.test(code)) return `${code}: certificado TLS del receptor no válido.`;
      return `${code ? `${code}: ` : ''}${err.message}`;
  }
}

function trim(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > ERROR_TEXT_MAX ? `${t.slice(0, ERROR_TEXT_MAX - 1)}…` : t;
}
