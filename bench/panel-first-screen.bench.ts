/**
 * The panel's first screen with a busy emitter: 10,000 documents in the list's emitter (one issued
 * through the API and sealed by the in-process simulator, the rest cloned from it with SQL), a logged-in
 * owner opening /panel/ in Debian's Chromium (playwright-core), timed in the page from navigation start
 * to the documents table drawn with its first page of rows (performance.now() in the frame that first
 * shows them). Each run is a fresh browser context (empty cache, the session cookie only).
 * Budget: usable ≤ 1 s (`within_budget` on the median).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { feBody } from '../test/fixtures/document-bodies';
import { request } from '../test/support/http-client';
import { createIssuer } from '../test/support/issuer';
import { logIn } from '../test/support/panel-session';
import { benchApp, benchDatabase, percentile } from './bench-support';

const CHROMIUM = '/usr/bin/chromium';
const DOCUMENTS = 10_000;
const RUNS = 5;
const BUDGET_MS = 1000;
const PAGE_ROWS = 25;

/** Clones document `id` into `count` more of the same emitter, each with its own id, codes and time. */
async function cloneDocuments(databaseUrl: string, id: string, count: number): Promise<number> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    // Generated columns (the folded receiver search) are computed by PostgreSQL, never inserted.
    const cols = (await c.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'documents' and table_schema = current_schema() and is_generated <> 'ALWAYS' order by ordinal_position")).rows.map((r) => r.column_name);
    const replaced: Record<string, string> = {
      id: `'doc_00' || lpad(n::text, 24, '0')`,
      generation_code: `upper(md5(n::text || d.generation_code)::uuid::text)`,
      control_number: `'DTE-01-M001P001-' || lpad((100000 + n)::text, 15, '0')`,
      external_id: `'ERP-' || n`,
      issued_at: `d.issued_at - n * interval '1 minute'`,
      receiver_name: `'Cliente ' || n`,
    };
    const select = cols.map((col) => replaced[col] ?? `d."${col}"`).join(', ');
    const t0 = performance.now();
    await c.query(`insert into documents (${cols.map((col) => `"${col}"`).join(', ')}) select ${select} from documents d, generate_series(1, $2::int) n where d.id = $1`, [id, count]);
    await c.query('analyze documents');
    return Math.round(performance.now() - t0);
  } finally {
    await c.end();
  }
}

export default async function panelFirstScreen(): Promise<Record<string, unknown>> {
  if (!existsSync(CHROMIUM)) return { skipped: `no existe ${CHROMIUM}` };
  const db = await benchDatabase('panel_first_screen');
  const app = await benchApp(db.url);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try {
    const url = app.url!;
    const account = await app.services.createAccount.execute({ name: 'Comercial Las Brisas' });
    const key = account.keys.test.key;
    await app.services.createUser.execute({ accountId: account.accountId, email: 'duena@lasbrisas.com.sv', password: 'Clave-del-panel-2026', role: 'owner' });
    const issuer = await createIssuer(url, key, { nit: '06141234567890' });
    const first = await request(url, 'POST', '/v1/documents', { key, body: feBody(issuer) });
    if (first.body.status !== 'processed') throw new Error(`el documento semilla quedó ${first.body.status}`);
    const seedMs = await cloneDocuments(db.url, first.body.id, DOCUMENTS - 1);
    const session = await logIn(url, 'duena@lasbrisas.com.sv', 'Clave-del-panel-2026');

    // The list's query alone, over HTTP with the session (what the page waits for from the server).
    const query = 'query PanelDocuments($filter: DocumentFilter, $first: Int, $after: String) { documents(filter: $filter, first: $first, after: $after) { nodes { id controlNumber generationCode type status issuedAt emitterId emitterName receiver { name documentNumber } totals { total } } pageInfo { hasNextPage endCursor } } }';
    const queryMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await request(url, 'POST', '/graphql', { body: { query, variables: { filter: {}, first: PAGE_ROWS, after: null } }, headers: { Cookie: session.cookie, 'X-CSRF-Token': session.csrf }, idempotencyKey: null });
      queryMs.push(Math.round(performance.now() - t0));
      if (r.body?.data?.documents?.nodes?.length !== PAGE_ROWS) throw new Error(`la lista respondió ${r.status} ${r.text.slice(0, 200)}`);
    }

    const times: number[] = [];
    const breakdowns: Record<string, number>[] = [];
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'service_session', value: session.token, url }]);
      const page = await context.newPage();
      await page.goto(`${url}/panel/documentos`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        (rows) => {
          // The page's window (bench/ is compiled without the DOM types).
          const g = globalThis as unknown as { document: { querySelector(s: string): { querySelectorAll(s: string): { length: number } } | null }; performance: { now(): number } };
          const table = g.document.querySelector('table.data-table');
          return table && table.querySelectorAll('tbody tr').length >= rows ? g.performance.now() : false;
        },
        PAGE_ROWS,
        { polling: 'raf', timeout: 30_000 },
      );
      times.push(Math.round((await handle.jsonValue()) as number));
      // Where the page's time went: each request's end, from navigation start.
      breakdowns.push(
        await page.evaluate(() => {
          const g = globalThis as unknown as { performance: { getEntriesByType(t: string): { name: string; startTime: number; responseEnd: number }[] } };
          const out: Record<string, number> = {};
          const nav = g.performance.getEntriesByType('navigation')[0];
          if (nav) out.html_ms = Math.round(nav.responseEnd);
          for (const e of g.performance.getEntriesByType('resource')) {
            const name = String(e.name).replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.(js|css)$/, '.$1');
            const k = `${name.startsWith('/graphql') ? 'graphql' : name}_end_ms`;
            out[k] = Math.max(out[k] ?? 0, Math.round(e.responseEnd));
            // How many requests each name took (the session's preload taken by the app's fetch: 1).
            const n = k.replace(/_end_ms$/, '_requests');
            out[n] = (out[n] ?? 0) + 1;
            if (k === 'graphql_end_ms') {
              // Each /graphql request (the list's GET, the emitters' POST) with its own start and end.
              out[`graphql_${out[n]}_start_ms`] = Math.round(e.startTime);
              out[`graphql_${out[n]}_end_ms`] = Math.round(e.responseEnd);
            }
          }
          for (const e of g.performance.getEntriesByType('paint')) out[`${e.name}_ms`] = Math.round(e.startTime);
          return out;
        }),
      );
      await context.close();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    return {
      documents_in_emitter: DOCUMENTS,
      load_average_1m: Number(loadavg()[0].toFixed(1)),
      seed_sql_ms: seedMs,
      runs_ms: times,
      first_run_ms: times[0],
      median_ms: median,
      max_ms: sorted[sorted.length - 1],
      list_query_http_ms: queryMs,
      median_run_breakdown: breakdowns[times.indexOf(median)],
      budget_ms: BUDGET_MS,
      within_budget: median <= BUDGET_MS,
    };
  } finally {
    await browser.close();
    await app.stop();
    await db.drop();
  }
}
