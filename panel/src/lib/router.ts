/** A small history router for the panel's paths under /panel/ (the service answers every one with the app). */
import { createStore } from './store';
import { trimTrailing } from './linear-text';

export const BASE = '/panel';

export interface Location {
  /** Path inside the panel, always starting with "/" ("/documentos/doc_…"). */
  path: string;
  query: URLSearchParams;
}

function read(): Location {
  const raw = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : window.location.pathname;
  return { path: trimTrailing(raw, '/') || '/', query: new URLSearchParams(window.location.search) };
}

export const location = createStore<Location>(read());

window.addEventListener('popstate', () => location.set(read()));

export function href(to: string): string {
  return `${BASE}${to.startsWith('/') ? to : `/${to}`}`;
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  const url = href(to);
  if (url === window.location.pathname + window.location.search) return;
  if (opts.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  location.set(read());
  if (!opts.replace) window.scrollTo(0, 0);
}

/** Replaces the query string (filters, cursors) without a new history entry per keystroke. */
export function setQuery(params: Record<string, string | null | undefined>): void {
  const q = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === '') q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${s ? `?${s}` : ''}`);
  location.set(read());
}

/** Matches "/documentos/:id" against a path; the named parts come back decoded. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) params[p[i].slice(1)] = decodeURIComponent(s[i]);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}

/** Follows in-app links without reloading (modifier clicks and downloads go to the browser). */
export function onLinkClick(e: MouseEvent): void {
  const a = (e.target as Element).closest('a');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.target || a.hasAttribute('download')) return;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin || !url.pathname.startsWith(`${BASE}/`) || url.pathname.startsWith(`${BASE}/embed`)) return;
  e.preventDefault();
  navigate(url.pathname.slice(BASE.length) + url.search);
}
