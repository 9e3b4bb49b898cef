/**
 * The first screen's data, asked the moment the page starts: this module's code is also inlined in
 * index.html (a classic script run while the HTML is parsed, allowed by its hash in the page's CSP;
 * vite.config.mts inlines it, the service hashes it), long before the app's scripts are loaded and
 * evaluated. On the documents list (the first screen
 * after login) it reads the list's first page with a GET of /graphql: a GET changes nothing and
 * needs no CSRF token, so it does not wait for the session (which index.html preloads meanwhile).
 * The app imports this module and takes the answer once.
 *
 * No imports: anything imported would be loaded before this runs.
 */

export const DOCUMENTS_PAGE_SIZE = 25;

export const DOCUMENT_ROW_FIELDS = 'id controlNumber generationCode type status issuedAt emitterId emitterName receiver { name documentNumber } totals { total }';

export const DOCUMENTS_LIST_QUERY = `query PanelDocuments($filter: DocumentFilter, $first: Int, $after: String) { documents(filter: $filter, first: $first, after: $after) { nodes { ${DOCUMENT_ROW_FIELDS} } pageInfo { hasNextPage endCursor } } }`;

export interface DocumentFilter {
  emitterId?: string;
  type?: string;
  status?: string;
  issuedFrom?: string;
  issuedTo?: string;
  q?: string;
}

/** The list's filter as the documents screen's address says it (`?tipo=…&estado=…&emisor=…&desde=…&hasta=…&q=…`). */
export function documentFilterFromQuery(query: URLSearchParams, search = query.get('q') ?? ''): DocumentFilter {
  const f: DocumentFilter = {};
  const pick = (k: keyof DocumentFilter, param: string) => {
    const v = query.get(param);
    if (v) f[k] = v;
  };
  pick('type', 'tipo');
  pick('status', 'estado');
  pick('emitterId', 'emisor');
  pick('issuedFrom', 'desde');
  pick('issuedTo', 'hasta');
  const q = search.trim();
  if (q) f.q = q;
  if (f.status) f.status = f.status.toLowerCase();
  return f;
}

export interface EarlyPage {
  /** JSON of the filter it was asked for. */
  key: string;
  /** The `documents` connection; rejects on any failure (no session yet, network): the screen then asks again. */
  page: Promise<unknown>;
  /** The connection once it arrived. */
  value?: unknown;
}

/**
 * A GET query: Apollo's CSRF prevention answers 400 to a GET without `apollo-require-preflight`, a
 * header a cross-site page cannot send without a CORS preflight the service never grants.
 */
function askFirstPage(filter: DocumentFilter): EarlyPage {
  const params = new URLSearchParams({ query: DOCUMENTS_LIST_QUERY, variables: JSON.stringify({ filter, first: DOCUMENTS_PAGE_SIZE, after: null }) });
  const entry: EarlyPage = { key: JSON.stringify(filter), page: Promise.resolve() };
  entry.page = fetch(`/graphql?${params}`, { credentials: 'same-origin', headers: { Accept: 'application/json', 'apollo-require-preflight': 'true' } })
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(String(res.status)))))
    .then((body: { data?: { documents?: unknown }; errors?: unknown[] }) => {
      if (body.errors?.length || !body.data?.documents) throw new Error('sin datos');
      return (entry.value = body.data.documents);
    });
  entry.page.catch(() => undefined); // reported by the screen's own request, if it comes to that
  return entry;
}

function firstScreen(): EarlyPage | null {
  const full = window.location.pathname;
  let end = full.length;
  while (end > 0 && full[end - 1] === '/') end--; // no regex ending in a quantifier (ADR 0050), no imports here
  const path = full.slice(0, end);
  if (path === '/panel') return askFirstPage({});
  if (path === '/panel/documentos') return askFirstPage(documentFilterFromQuery(new URLSearchParams(window.location.search)));
  return null;
}

/**
 * The page's inline copy of this module (index.html, run while the HTML is parsed) asks first and
 * leaves its request here; this module, evaluated later as part of the app, takes it instead of
 * asking again. Without the inline copy, this module asks itself.
 */
const page = window as unknown as { __panelFirstScreen?: EarlyPage | null };
if (page.__panelFirstScreen === undefined) page.__panelFirstScreen = firstScreen();
let early: EarlyPage | null = page.__panelFirstScreen;

/** The first page asked at page load for this filter, once (null: none, already taken, or another filter). */
export function takeEarlyDocuments(filter: DocumentFilter): EarlyPage | null {
  const e = early;
  early = null;
  return e && e.key === JSON.stringify(filter) ? e : null;
}

/** Forgets the first page asked at load (there was no session: the list is asked again after login). */
export function dropEarlyDocuments(): void {
  early = null;
}
