/**
 * The certification battery's door into the service: its public REST API with a key of the
 * emitter's account, as any client would use it. Every POST carries the item's Idempotency-Key, so a
 * request resent after a lost answer (or by a rerun) answers the first result instead of issuing again.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- REST request and answer bodies are untyped JSON here; the service validates them

export interface RestAnswer {
  status: number;
  body: Json;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

export class BatteryRestClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  /** One request; network errors, 5xx, 429 and an idempotent request still in progress are retried with the same key. */
  async call(method: 'GET' | 'POST', path: string, body?: Json, idempotencyKey?: string): Promise<RestAnswer> {
    let lastError = '';
    // Up to ~2 min: a request left in progress by a process that died is resolved once its lease
    // expires (PROCESS_LEASE_TTL_MS, 30 s by default), later on a loaded machine.
    for (let attempt = 0; attempt < 20; attempt++) {
      if (attempt > 0) await this.wait(Math.min(8000, 250 * 2 ** attempt));
      let res: Response;
      try {
        res = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${this.key}`,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
            ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(120_000),
        });
      } catch (err) {
        lastError = (err as Error).message;
        continue;
      }
      const text = await res.text();
      let parsed: Json = {};
      try {
        parsed = text ? (JSON.parse(text) as Json) : {};
      } catch {
        parsed = { detail: text.slice(0, 300) };
      }
      const inProgress = res.status === 409 && parsed.code === 'idempotency_request_in_progress';
      if (RETRYABLE.has(res.status) || inProgress) {
        lastError = `${res.status} ${parsed.detail ?? parsed.title ?? ''}`;
        continue;
      }
      return { status: res.status, body: parsed };
    }
    throw new Error(`${method} ${path}: el servicio no respondió (${lastError})`);
  }

  /** GET that must succeed. */
  async get(path: string): Promise<Json> {
    const r = await this.call('GET', path);
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.detail ?? r.body.title ?? ''}`);
    return r.body;
  }
}
