/** Small fetch helpers for API tests. */
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function request(
  url: string,
  method: string,
  path: string,
  opts: { key?: string | null; body?: unknown; raw?: string | Buffer; headers?: Record<string, string>; idempotencyKey?: string | null } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  let body: string | Buffer | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] ??= 'application/json';
  }
  if (method === 'POST' && opts.idempotencyKey !== null && !Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')) {
    headers['Idempotency-Key'] = opts.idempotencyKey ?? `test-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  }
  const res = await fetch(`${url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export async function graphql(url: string, key: string | null, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return request(url, 'POST', '/graphql', { key, body: { query, variables }, headers, idempotencyKey: null });
}
