import { ROUTES } from '../../rest-adapter/route-table';

/**
 * Every endpoint of the interface spec (REST /v1, 1.0.0-draft) with the success status it states
 * (or, where the spec shows none, the one the design settled: decisions.md and docs/adr). Each must
 * be served by a route of the route table with that method, path and main success status.
 */
const SPEC: { method: string; path: string; status: number }[] = [
  // Documents
  { method: 'POST', path: '/v1/documents', status: 201 },
  { method: 'GET', path: '/v1/documents', status: 200 },
  { method: 'GET', path: '/v1/documents/:id', status: 200 },
  { method: 'GET', path: '/v1/documents/:id/json', status: 200 },
  { method: 'GET', path: '/v1/documents/:id/pdf', status: 200 },
  { method: 'POST', path: '/v1/documents/:id/send', status: 202 },
  { method: 'POST', path: '/v1/documents/:id/retry', status: 200 },
  { method: 'PATCH', path: '/v1/documents/:id/fiscal', status: 200 },
  { method: 'POST', path: '/v1/documents/:id/invalidate', status: 200 },
  // Issuers, establishments, credentials
  { method: 'POST', path: '/v1/emitters', status: 201 },
  { method: 'GET', path: '/v1/emitters', status: 200 },
  { method: 'GET', path: '/v1/emitters/:id', status: 200 },
  { method: 'PATCH', path: '/v1/emitters/:id', status: 200 },
  { method: 'POST', path: '/v1/emitters/:id/establishments', status: 201 },
  { method: 'GET', path: '/v1/emitters/:id/establishments', status: 200 },
  { method: 'PATCH', path: '/v1/emitters/:id/establishments/:establishment_id', status: 200 },
  { method: 'PUT', path: '/v1/emitters/:id/credentials', status: 200 },
  { method: 'POST', path: '/v1/emitters/:id/credentials/test', status: 200 },
  // Catalogs
  { method: 'GET', path: '/v1/catalogs', status: 200 },
  { method: 'GET', path: '/v1/catalogs/:code', status: 200 },
  // Webhooks
  { method: 'GET', path: '/v1/webhook-endpoints', status: 200 },
  { method: 'POST', path: '/v1/webhook-endpoints', status: 201 },
  { method: 'DELETE', path: '/v1/webhook-endpoints/:id', status: 204 },
  { method: 'POST', path: '/v1/webhook-endpoints/:id/test', status: 200 },
  // Fiscal data and reports
  { method: 'POST', path: '/v1/emitters/:id/fiscal/:resource/batch', status: 200 },
  { method: 'PUT', path: '/v1/emitters/:id/fiscal/:resource/:external_id', status: 200 },
  { method: 'POST', path: '/v1/emitters/:id/fiscal/reports', status: 202 },
  { method: 'POST', path: '/v1/emitters/:id/fiscal/periods/:period/close', status: 202 },
  { method: 'POST', path: '/v1/emitters/:id/fiscal/periods/:period/reopen', status: 200 },
  { method: 'POST', path: '/v1/fiscal/embed-sessions', status: 201 },
];

describe('REST contract against the interface spec', () => {
  it.each(SPEC.map((s) => [`${s.method} ${s.path}`, s] as const))('%s is served by a route answering the spec\'s success status', (_label, s) => {
    const route = ROUTES.find((r) => r.method === s.method && r.path === s.path);
    expect([s.method, s.path, route?.status]).toEqual([s.method, s.path, s.status]);
  });

  it('every route has a unique id and a unique method and path, under /v1', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
    expect(ROUTES.filter((r) => !r.path.startsWith('/v1/')).map((r) => r.path)).toEqual([]);
  });

  it('every route has a summary of more than 10 characters for the OpenAPI document', () => {
    expect(ROUTES.filter((r) => r.summary.length <= 10).map((r) => r.id)).toEqual([]);
  });
});
