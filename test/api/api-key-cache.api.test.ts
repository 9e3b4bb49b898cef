import { dbRows } from '../support/db-rows';
import { request } from '../support/http-client';
import { createIssuer } from '../support/issuer';
import { expectProblem } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';
import { feBody } from '../fixtures/document-bodies';
import type { Scope } from '../../src/domain/identity/scopes';

/**
 * Authenticated API keys are cached per process (ADR 0017): two service instances on one PostgreSQL,
 * each having authenticated the key, refuse it as soon as the change's notice reaches them after a
 * revocation, a scope change or a deletion made anywhere — by the other instance, or by SQL from
 * outside both (the CLI, an operator). The notice travels on its own connection, so each check first
 * waits for it (not for time: a cached entry would still be younger than its TTL).
 */
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, { db: a.db, account: a.account });
});
afterAll(async () => {
  await b.stop();
  await a.stop();
});

async function freshKey(scopes?: Scope[]): Promise<{ id: string; key: string }> {
  const k = await a.app.services.createApiKey.execute({ accountId: a.account.id, environment: '00', description: 'caché', ...(scopes ? { scopes } : {}) });
  // Both instances authenticate it (and keep it).
  for (const t of [a, b]) for (let i = 0; i < 2; i++) expect((await request(t.url, 'GET', '/v1/catalogs', { key: k.key })).status).toBe(200);
  return { id: k.id, key: k.key };
}

/** Resolves once both instances have received the notice of a change to this key. */
function noticedByBoth(id: string): Promise<void> {
  return Promise.all(
    [a, b].map(
      (t) =>
        new Promise<void>((resolve) => {
          const off = t.app.apiKeyChanges!.subscribe((e) => {
            if (e.id !== id) return;
            off();
            resolve();
          });
        }),
    ),
  ).then(() => undefined);
}

/** Runs the change, waits for its notice on both instances, then checks both refuse the key. */
const refusedEverywhereAfter = async (k: { id: string; key: string }, change: () => Promise<unknown>) => {
  const noticed = noticedByBoth(k.id);
  await change();
  await noticed;
  for (const t of [b, a]) expectProblem(await request(t.url, 'GET', '/v1/catalogs', { key: k.key }), 401, 'unauthenticated');
};

describe('cached API keys', () => {
  it('a key revoked through one instance is refused by the other as soon as its notice arrives', async () => {
    const k = await freshKey();
    await refusedEverywhereAfter(k, () => a.app.services.revokeApiKey.execute({ keyId: k.id }));
  });

  it('a key revoked by SQL outside both instances is refused by both as soon as its notice arrives', async () => {
    const k = await freshKey();
    await refusedEverywhereAfter(k, () => dbRows(a.db.url, 'update api_keys set revoked_at = now() where id = $1', [k.id]));
  });

  it('a key deleted outside both instances is refused by both as soon as its notice arrives', async () => {
    const k = await freshKey();
    await refusedEverywhereAfter(k, () => dbRows(a.db.url, 'delete from api_keys where id = $1', [k.id]));
  });

  it('narrowed scopes hold as soon as their notice arrives: the key still reads, and issuing is refused with 403 and nothing stored', async () => {
    const issuer = await createIssuer(a.url, a.account.testKey);
    const k = await freshKey(['documents:read', 'documents:write']);
    const noticed = noticedByBoth(k.id);
    await dbRows(a.db.url, `update api_keys set scopes = '{documents:read}' where id = $1`, [k.id]);
    await noticed;
    const before = await dbRows(a.db.url, 'select count(*)::int as n from documents');
    for (const t of [b, a]) {
      expectProblem(await request(t.url, 'POST', '/v1/documents', { key: k.key, body: feBody(issuer) }), 403, 'insufficient_scope');
      expect((await request(t.url, 'GET', '/v1/documents', { key: k.key })).status).toBe(200);
    }
    expect(await dbRows(a.db.url, 'select count(*)::int as n from documents')).toEqual(before);
  });

  it('last_used_at writes notify nothing: a used key keeps working on both instances', async () => {
    const k = await freshKey();
    await dbRows(a.db.url, `update api_keys set last_used_at = now() - interval '1 hour' where id = $1`, [k.id]);
    for (const t of [b, a]) expect((await request(t.url, 'GET', '/v1/catalogs', { key: k.key })).status).toBe(200);
  });
});
