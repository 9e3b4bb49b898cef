import { request, type ApiResponse } from './http-client';

/** How a sale is sent: fetch over http by default, or another client (https through a proxy). */
export type SendRequest = (url: string, method: string, path: string, opts: { key?: string | null; body?: unknown; idempotencyKey?: string | null }) => Promise<ApiResponse>;

/** One sale as an ERP sends it: a body, its Idempotency-Key, and every answer it got. */
export interface LoadSale {
  key: string;
  mode: 'sync' | 'async';
  body: Record<string, unknown>;
  answers: { status: number; retryAfter: string | null; id: string | null; code: string | null; at: number }[];
  /** The document id of the first 2xx answer. */
  documentId: string | null;
  /** A transport failure (connection refused or reset) instead of an HTTP answer. */
  transportErrors: string[];
}

export interface IssuanceLoadOptions {
  /** Base URLs of the API processes; sales go round-robin. */
  urls: string[];
  apiKey: string;
  body: () => Record<string, unknown>;
  concurrency: number;
  mode?: 'sync' | 'async' | 'mixed';
  /** Pause between a refused attempt (409/503) and the client's next one; the answer's Retry-After caps it. */
  retryPauseMs?: number;
  send?: SendRequest;
}

/**
 * Steady issuance load as a careful ERP makes it: `concurrency` clients, each sending one sale at a
 * time and retrying it with the same Idempotency-Key after a 409 or a 503 (as Retry-After says,
 * capped), until it gets a 2xx; then the next sale. `stop()` ends the loop once every client's current
 * sale is answered or given up, and `settle()` retries the open ones until each has its document.
 */
export class IssuanceLoad {
  readonly sales: LoadSale[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private n = 0;

  constructor(private readonly opts: IssuanceLoadOptions) {}

  start(): void {
    this.running = true;
    for (let i = 0; i < this.opts.concurrency; i++) this.loops.push(this.loop(i));
  }

  /** Stops sending new sales; resolves when every client's current sale has been tried once more. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Sales answered 2xx so far. */
  done(): number {
    return this.sales.filter((s) => s.documentId).length;
  }

  private mode(i: number): 'sync' | 'async' {
    const m = this.opts.mode ?? 'sync';
    return m === 'mixed' ? (i % 2 ? 'async' : 'sync') : m;
  }

  private async loop(client: number): Promise<void> {
    while (this.running) {
      const sale: LoadSale = { key: `load-${process.pid}-${client}-${++this.n}-${Date.now()}`, mode: this.mode(client), body: this.opts.body(), answers: [], documentId: null, transportErrors: [] };
      this.sales.push(sale);
      while (this.running && !sale.documentId) {
        const r = await this.attempt(sale, this.n + client);
        if (!r) await pause(this.opts.retryPauseMs ?? 250);
        else if (!sale.documentId) await pause(Math.min(Number(r.headers.get('retry-after') ?? '1') * 1000, this.opts.retryPauseMs ?? 250));
      }
    }
  }

  /** One POST of the sale; records the answer. Null on a transport failure. */
  async attempt(sale: LoadSale, turn = 0): Promise<ApiResponse | null> {
    const url = this.opts.urls[turn % this.opts.urls.length];
    let r: ApiResponse;
    try {
      r = await (this.opts.send ?? request)(url, 'POST', `/v1/documents?mode=${sale.mode}`, { key: this.opts.apiKey, body: sale.body, idempotencyKey: sale.key });
    } catch (err) {
      sale.transportErrors.push(String((err as Error).cause ?? err));
      return null;
    }
    const id = r.status >= 200 && r.status < 300 && r.body && typeof r.body.id === 'string' ? (r.body.id as string) : null;
    sale.answers.push({ status: r.status, retryAfter: r.headers.get('retry-after'), id, code: r.body?.type ? String(r.body.type).split('/').pop()! : null, at: Date.now() });
    if (id && !sale.documentId) sale.documentId = id;
    return r;
  }

  /** Retries every sale without its document until each has one or the deadline passes; the ms it took. */
  async settle(deadlineMs: number): Promise<number> {
    const started = Date.now();
    const deadline = started + deadlineMs;
    await Promise.all(
      this.sales.map(async (s, i) => {
        while (!s.documentId && Date.now() < deadline) {
          const r = await this.attempt(s, i);
          if (!s.documentId) await pause(r ? Math.min(Number(r.headers.get('retry-after') ?? '1') * 1000, 250) : 250);
        }
      }),
    );
    return Date.now() - started;
  }

  /** Every answer whose status is not one the retry promise allows (2xx; 409 or 503 with Retry-After). */
  unexpectedAnswers(): { key: string; status: number; code: string | null; retryAfter: string | null }[] {
    const out: { key: string; status: number; code: string | null; retryAfter: string | null }[] = [];
    for (const s of this.sales) {
      for (const a of s.answers) {
        const ok = (a.status >= 200 && a.status < 300) || ((a.status === 409 || a.status === 503) && a.retryAfter !== null);
        if (!ok) out.push({ key: s.key, status: a.status, code: a.code, retryAfter: a.retryAfter });
      }
    }
    return out;
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
