/**
 * Calls to the service's REST doors (/v1/auth/*, keys, users, usage, uploads) with the session cookie.
 * The CSRF token lives in memory only (never in storage); every non-safe request carries it, and
 * the caller passes the Idempotency-Key of the user action that caused the request.
 */

export interface FieldError {
  path: string | null;
  code: string;
  message: string;
}

/** A refusal or failure, with the service's Spanish message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: FieldError[] = [],
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'No se pudo conectar con el servicio. Revise su conexión e intente de nuevo.';

let csrfToken: string | null = null;
let onSessionLost: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function csrfHeader(): Record<string, string> {
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}

/** Called when the service answers 401 to a request made with a session (it expired or was closed). */
export function whenSessionLost(fn: () => void): void {
  onSessionLost = fn;
}

export function sessionLost(): void {
  onSessionLost?.();
}

export interface RequestOptions {
  body?: unknown;
  idempotencyKey?: string;
  /** A 401 is an answer of its own (login, the session probe), not a lost session. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /** No Accept header: the request must match a preload of the page exactly. */
  plain?: boolean;
}

async function problemOf(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = await res.json();
  } catch {
    /* not JSON: keep the generic message */
  }
  const retry = Number(res.headers.get('Retry-After'));
  const detail = typeof body.detail === 'string' ? body.detail : typeof body.title === 'string' ? body.title : `El servicio respondió ${res.status}.`;
  const type = typeof body.type === 'string' ? body.type.split('/').pop() ?? '' : '';
  const errors = Array.isArray(body.errors) ? (body.errors as FieldError[]) : [];
  return new ApiError(detail, res.status, type, errors, Number.isFinite(retry) && retry > 0 ? retry : null);
}

export async function api<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = opts.plain ? {} : { Accept: 'application/json' };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD') Object.assign(headers, csrfHeader());
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 0, 'network_error');
  }
  if (res.status === 401 && !opts.anonymous) sessionLost();
  if (!res.ok) throw await problemOf(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
