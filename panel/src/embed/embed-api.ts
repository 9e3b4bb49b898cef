/**
 * The embed view's reads: the page spends the single-use token from the link once, and keeps the
 * read-only view token it gets back in memory only (never in storage, never in the address).
 */
import { ApiError, NETWORK_ERROR, api } from '../lib/http';

export interface EmbedView {
  token: string;
  expiresAt: string;
  emitterId: string;
  reportId: string | null;
}

interface ExchangeAnswer {
  view_token: string;
  expires_at: string;
  emitter_id: string;
  report_id?: string | null;
}

export type ExchangeOutcome = { ok: true; view: EmbedView } | { ok: false; reason: 'used' | 'expired' | 'invalid' | 'error'; message: string };

export async function exchangeToken(token: string): Promise<ExchangeOutcome> {
  try {
    const r = await api<ExchangeAnswer>('POST', '/v1/fiscal/embed-sessions/exchange', { body: { token }, anonymous: true });
    return { ok: true, view: { token: r.view_token, expiresAt: r.expires_at, emitterId: r.emitter_id, reportId: r.report_id ?? null } };
  } catch (err) {
    const e = err instanceof ApiError ? err : new ApiError(NETWORK_ERROR, 0, 'network_error');
    if (e.status === 410) return { ok: false, reason: 'used', message: e.message };
    if (e.status === 401) return { ok: false, reason: 'expired', message: e.message };
    if (e.status === 400 || e.status === 404 || e.status === 422) return { ok: false, reason: 'invalid', message: e.message };
    return { ok: false, reason: 'error', message: e.message };
  }
}

let viewToken = '';

export function setViewToken(token: string): void {
  viewToken = token;
}

/**
 * A read-only GraphQL query with the view token, sent as GET: the service refuses every POST made
 * with a view token (mutations included), so the view can never change anything.
 */
export async function viewQuery<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  let res: Response;
  const search = new URLSearchParams({ query, variables: JSON.stringify(variables) });
  try {
    res = await fetch(`/graphql?${search.toString()}`, {
      method: 'GET',
      // A non-simple header: Apollo's CSRF prevention runs GET operations only when one is present.
      headers: { Accept: 'application/json', Authorization: `Bearer ${viewToken}`, 'Apollo-Require-Preflight': 'true' },
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0, 'network_error');
  }
  const body = (await res.json().catch(() => ({}))) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) throw new ApiError(body.errors[0].message, res.status, String(body.errors[0].extensions?.code ?? '').toLowerCase());
  if (!res.ok || !body.data) throw new ApiError(`El servicio respondió ${res.status}.`, res.status, 'http_error');
  return body.data;
}

/** A file (PDF, JSON) read with the view token and handed to the browser as a download. */
export async function downloadWithViewToken(path: string, fileName: string): Promise<void> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${viewToken}` }, credentials: 'omit' });
  if (!res.ok) throw new ApiError(`No se pudo descargar el archivo (${res.status}).`, res.status, 'http_error');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
