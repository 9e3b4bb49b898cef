import http from 'node:http';
import https from 'node:https';
import { type AddressLookup, pinnedLookup, resolveWebhookTarget } from '../webhooks/webhook-url-guard';

export interface LogoFetcherOptions {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: http and loopback/private hosts (development and tests only). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** How long a fetched logo (or a failure) is kept per URL. */
  ttlMs?: number;
  failureTtlMs?: number;
  maxEntries?: number;
  lookup?: AddressLookup;
  onFailure?: (url: string, reason: string) => void;
}

type Entry = { until: number; value: Promise<Buffer | null> };

/**
 * Fetches an issuer's logo for the PDF, safely: the URL follows the webhook URL rules (https and a
 * public address, every resolved address checked, the socket pinned to the checked address), one
 * 3 s deadline, at most 1 MB, no redirects, PNG or JPEG by their magic bytes. Results (and failures,
 * for a shorter time) are cached in memory per URL. Never throws: a failed logo is null.
 */
export class LogoFetcher {
  private readonly cache = new Map<string, Entry>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly maxEntries: number;

  constructor(private readonly opts: LogoFetcherOptions) {
    this.timeoutMs = opts.timeoutMs ?? 3000;
    this.maxBytes = opts.maxBytes ?? 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 5 * 60_000;
    this.failureTtlMs = opts.failureTtlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 200;
  }

  fetch(url: string): Promise<Buffer | null> {
    const now = Date.now();
    const hit = this.cache.get(url);
    if (hit && hit.until > now) return hit.value;
    const value = this.download(url).then(
      (buf) => buf,
      (err: Error) => {
        this.opts.onFailure?.(url, err.message);
        const e = this.cache.get(url);
        if (e && e.value === value) e.until = Math.min(e.until, Date.now() + this.failureTtlMs);
        return null;
      },
    );
    if (this.cache.size >= this.maxEntries) {
      for (const [k, e] of this.cache) if (e.until <= now || this.cache.size >= this.maxEntries) this.cache.delete(k);
    }
    this.cache.set(url, { until: now + this.ttlMs, value });
    return value;
  }

  private async download(text: string): Promise<Buffer> {
    const started = Date.now();
    const target = await resolveWebhookTarget(text, { allowPrivate: this.opts.allowPrivate, lookup: this.opts.lookup, timeoutMs: this.timeoutMs });
    if (!target.ok) throw new Error(`dirección no permitida: ${target.message}`);
    const remaining = Math.max(1, this.timeoutMs - (Date.now() - started));
    const { url, hostname, address, family } = target;
    const isHttps = url.protocol === 'https:';
    const pinned = pinnedLookup(address, family);

    const body = await new Promise<Buffer>((resolve, reject) => {
      let settled = false;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (err: Error | null, value?: Buffer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        if (err) reject(err);
        else resolve(value!);
      };
      const req = (isHttps ? https : http).request({
        method: 'GET',
        protocol: url.protocol,
        hostname,
        port: url.port ? Number(url.port) : isHttps ? 443 : 80,
        path: `${url.pathname}${url.search}`,
        headers: { Host: url.host, Accept: 'image/png, image/jpeg', 'User-Agent': 'dte-service/1.0 (logo)', Connection: 'close' },
        agent: false,
        lookup: pinned,
        ...(isHttps ? { servername: /^[\d.]+$|:/.test(hostname) ? undefined : hostname } : {}),
      });
      const timer = setTimeout(() => done(new Error(`sin respuesta completa en ${this.timeoutMs} ms`)), remaining);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status !== 200) return done(new Error(`el servidor respondió ${status}${status >= 300 && status < 400 ? ' (las redirecciones no se siguen)' : ''}`));
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > this.maxBytes) return done(new Error(`el logo pesa más de ${this.maxBytes} bytes`));
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > this.maxBytes) return done(new Error(`el logo pesa más de ${this.maxBytes} bytes`));
          chunks.push(chunk);
        });
        res.on('end', () => done(null, Buffer.concat(chunks)));
        res.on('error', (e) => done(e));
        res.on('aborted', () => done(new Error('respuesta interrumpida')));
      });
      req.on('error', (err) => done(err));
      req.end();
    });
    if (!isPngOrJpeg(body)) throw new Error('el contenido no es una imagen PNG ni JPEG');
    return body;
  }
}

export function isPngOrJpeg(b: Buffer): boolean {
  const png = b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  return png || jpeg;
}
