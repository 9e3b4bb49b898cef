import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ccfBody } from '../fixtures/document-bodies';
import { request, type ApiResponse } from '../support/http-client';
import { createIssuer, type Issuer } from '../support/issuer';
import { waitFor } from '../support/mh-control';
import { killGroup, startService, waitExit, type Started } from './process-helpers';

jest.setTimeout(600_000);

interface Sale {
  key: string;
  body: Record<string, unknown>;
  mode: 'sync' | 'async';
  /** The document id the client was answered with before the kill, if any. */
  id: string | null;
}

/** POST with its key again until it is no longer 409 in progress (honouring Retry-After). */
async function retry(url: string, apiKey: string, sale: Sale, deadline: number): Promise<ApiResponse> {
  for (;;) {
    const r = await request(url, 'POST', `/v1/documents?mode=${sale.mode}`, { key: apiKey, body: sale.body, idempotencyKey: sale.key });
    if (r.status !== 409 || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, Number(r.headers.get('retry-after') ?? '1') * 1000));
  }
}

/**
 * `npm start` on the embedded database (PGlite in DATA_DIR) is killed with kill -9 of its whole
 * process group at several points; each next `npm start` opens the same DATA_DIR with every
 * document it had answered for, retries with the same Idempotency-Key answer the first document,
 * and issuing still works.
 */
describe('kill -9 of npm start on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dte-embedded-crash-'));
  const env = { DATA_DIR: dataDir, PORT: '0', RATE_LIMIT_PER_MINUTE: '0' };
  const sales: Sale[] = [];
  let running: Started | null = null;
  let issuer: Issuer;
  let apiKey: string;

  const start = async () => {
    running = await startService(env, 180_000, null, { detached: true, npm: true });
    return running;
  };
  const kill = async (s: Started) => {
    killGroup(s.child);
    await waitExit(s.child, 60_000);
    running = null;
  };
  const sale = (mode: Sale['mode']): Sale => {
    const s: Sale = { key: `venta-${sales.length}`, body: ccfBody(issuer), mode, id: null };
    sales.push(s);
    return s;
  };
  const issue = async (s: Started, x: Sale) => {
    const r = await request(s.url, 'POST', `/v1/documents?mode=${x.mode}`, { key: apiKey, body: x.body, idempotencyKey: x.key });
    expect([201, 202]).toContain(r.status);
    x.id = r.body.id;
    return r;
  };
  /** After a restart: every answered sale is there, every sale retried resolves to one document, and a new sync issuance is processed. */
  const checkAfterRestart = async (s: Started) => {
    const deadline = Date.now() + 90_000;
    for (const x of sales) {
      const r = await retry(s.url, apiKey, x, deadline);
      expect({ key: x.key, status: [200, 201, 202].includes(r.status) }).toEqual({ key: x.key, status: true });
      if (x.id) expect(r.body.id).toBe(x.id);
      x.id = r.body.id;
      expect((await request(s.url, 'GET', `/v1/documents/${x.id}`, { key: apiKey })).status).toBe(200);
    }
    const listed = await request(s.url, 'GET', '/v1/documents?limit=100', { key: apiKey });
    expect(listed.status).toBe(200);
    expect(new Set(listed.body.data.map((d: { id: string }) => d.id))).toEqual(new Set(sales.map((x) => x.id)));
    const fresh = await issue(s, sale('sync'));
    expect(fresh.status).toBe(201);
    expect(fresh.body.status).toBe('processed');
  };

  afterAll(async () => {
    if (running) await kill(running);
  });

  it('keeps every sync-issued document after a kill while idle', async () => {
    const s = await start();
    apiKey = s.key!;
    issuer = await createIssuer(s.url, apiKey, { nit: '06147878787878' });
    for (let i = 0; i < 3; i++) expect((await issue(s, sale('sync'))).body.status).toBe('processed');
    await kill(s);
    await checkAfterRestart(await start());
  });

  it('keeps every answered document after a kill in the middle of a burst of writes', async () => {
    const s = running!;
    const burst = Array.from({ length: 8 }, (_, i) => sale(i % 2 ? 'async' : 'sync'));
    const inFlight = burst.map((x) =>
      request(s.url, 'POST', `/v1/documents?mode=${x.mode}`, { key: apiKey, body: x.body, idempotencyKey: x.key }).then(
        (r) => {
          if (r.status === 201 || r.status === 202) x.id = r.body.id;
        },
        () => undefined, // the connection dies with the process
      ),
    );
    await waitFor(async () => burst.some((x) => x.id !== null), 120_000, 20);
    await kill(s);
    await Promise.all(inFlight);
    await checkAfterRestart(await start());
  });

  it('opens again after two kills in a row, the second as soon as the database is open and before the service is ready', async () => {
    await kill(running!);
    const owner = join(dataDir, 'run', 'embedded-db.pid');
    const stale = readFileSync(owner, 'utf8');
    const pending = startService(env, 180_000, null, { detached: true, npm: true });
    // Kill the group once the new process has opened the database (its pid in the owner file).
    const pid = await waitFor(async () => {
      const now = existsSync(owner) ? readFileSync(owner, 'utf8').trim() : null;
      return now && now !== stale ? Number(now) : null;
    }, 180_000, 10);
    const pgid = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)]).toString().trim());
    process.kill(-pgid, 'SIGKILL');
    await expect(pending).rejects.toThrow();
    const s = await start();
    await checkAfterRestart(s);
    // A clean stop still works and releases the directory.
    process.kill(-s.child.pid!, 'SIGTERM');
    await waitExit(s.child, 60_000);
    running = null;
    await waitFor(async () => !existsSync(owner), 60_000, 100);
  });
});
