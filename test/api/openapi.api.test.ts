import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { openApiPath } from '../../rest-adapter/openapi';
import { routeResponses } from '../../rest-adapter/route-responses';
import { ROUTES } from '../../rest-adapter/route-table';
import { request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Json = Record<string, any>;

let t: TestApp;
let doc: Json;
beforeAll(async () => {
  t = await startTestApp();
  const r = await request(t.url, 'GET', '/v1/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
});
afterAll(async () => {
  await t.stop();
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('GET /v1/openapi.json', () => {
  it('passes the OpenAPI 3.1 schema validator with no error', async () => {
    expect([doc.openapi, doc.info.version]).toEqual(['3.1.0', '1.0.0-draft']);
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every schema compile under JSON Schema 2020-12 in Ajv strict mode (no unknown keyword, format or type)', () => {
    const ajv = new Ajv2020({ strict: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    const $defs = doc.components.schemas;
    const failures: string[] = [];
    let compiled = 0;
    for (const { path, method, op } of operations()) {
      const media = [
        ...Object.entries(op.responses as Record<string, Json>).flatMap(([status, r]) => Object.entries((r.content ?? {}) as Record<string, Json>).map(([m, c]) => [`${status} ${m}`, c.schema])),
        ...Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>).map(([m, c]) => [`request ${m}`, c.schema]),
        ...((op.parameters ?? []) as Json[]).map((p) => [`parameter ${p.name}`, p.schema]),
      ];
      for (const [where, schema] of media) {
        try {
          ajv.compile(JSON.parse(JSON.stringify({ $defs, ...schema }).replace(/#\/components\/schemas\//g, '#/$defs/')));
          compiled++;
        } catch (e) {
          failures.push(`${method.toUpperCase()} ${path} ${where}: ${(e as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(compiled).toBeGreaterThan(ROUTES.length * 5);
  });

  it("has no error under Redocly's recommended ruleset (warnings are allowed)", () => {
    const out = execFileSync(process.execPath, [join(__dirname, '../support/redocly-lint.mjs')], { input: JSON.stringify(doc), encoding: 'utf8' });
    const problems = JSON.parse(out) as { severity: string; rule: string; message: string; at: string | null }[];
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('names the base address ending in /v1 as servers[0].url, with paths relative to it as the spec writes them', () => {
    expect(doc.servers[0].url).toBe(`${t.app.baseUrl}/v1`);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/documents', '/documents/{id}/retry', '/emitters/{id}/credentials', '/webhook-endpoints/{id}']));
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/v1'))).toEqual([]);
  });

  it('has one operation per route of the route table, each documenting every status routeResponses() derives for it', () => {
    const missing: string[] = [];
    for (const route of ROUTES) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      if (!op) {
        missing.push(`${route.id}: no operation ${route.method} ${openApiPath(route.path)}`);
        continue;
      }
      if (op.operationId !== route.id) missing.push(`${route.id}: operationId ${op.operationId}`);
      const { successes, problems } = routeResponses(route);
      const expected = [...successes.map((s) => s.status), ...problems.keys()].map(String).sort();
      if (JSON.stringify(Object.keys(op.responses).sort()) !== JSON.stringify(expected)) missing.push(`${route.id}: responses ${Object.keys(op.responses).sort()} ≠ ${expected}`);
    }
    expect(missing).toEqual([]);
    expect(operations()).toHaveLength(ROUTES.length);
  });

  it.each([
    ['post', '/documents', ['200', '201', '202', '400', '401', '403', '404', '409', '413', '415', '422', '429']],
    ['post', '/documents/{id}/retry', ['200', '201', '202', '400', '401', '403', '404', '409', '413', '415', '422', '429']],
    ['post', '/documents/{id}/send', ['202', '400', '401', '403', '404', '409', '413', '415', '422', '429']],
    ['post', '/documents/{id}/invalidate', ['200', '202', '400', '401', '403', '404', '409', '413', '415', '422', '429']],
    ['get', '/documents', ['200', '400', '401', '403', '413', '429']],
    ['get', '/emitters/{id}', ['200', '400', '401', '403', '404', '413', '429']],
    ['get', '/plans', ['200', '400', '413']],
  ])('%s %s documents exactly the statuses %j', (method, path, statuses) => {
    expect(Object.keys(doc.paths[path][method].responses).sort()).toEqual(statuses);
  });

  it('documents each problem status with the Problem schema and the codes it carries, and 429 with Retry-After', () => {
    const op = doc.paths['/documents'].post;
    expect(op.responses['409']).toMatchObject({
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      'x-problem-codes': expect.arrayContaining(['idempotency_key_reused', 'idempotency_request_in_progress', 'generation_code_taken']),
    });
    expect(op.responses['409'].description).toContain('`generation_code_taken`');
    // A malformed escape or NUL in any path or query parameter is a 400 on every route.
    expect(doc.paths['/documents/{id}'].get.responses['400']['x-problem-codes']).toEqual(['invalid_request']);
    // MH refusing an invalidation while the client waits.
    expect(doc.paths['/documents/{id}/invalidate'].post.responses['422']['x-problem-codes']).toContain('invalidation_rejected');
    expect(op.responses['429'].headers['Retry-After'].schema).toEqual({ type: 'integer' });
    expect(op.responses['200'].content['application/json'].schema).toEqual(op.responses['201'].content['application/json'].schema);
    expect(op.responses['200'].description).toMatch(/dry_run/);
    expect(doc.paths['/webhook-endpoints/{id}'].delete.responses['204'].content).toBeUndefined();
    expect(doc.paths['/emitters/{id}/fiscal/reports/{report_id}/download'].get.responses['302'].headers.Location.required).toBe(true);
  });

  it('documents bodies in snake_case, the credentials form, the Idempotency-Key header on POST and problem+json errors', () => {
    const create = doc.paths['/emitters'].post;
    const schema = create.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['nit', 'nrc', 'economic_activity', 'is_large_taxpayer', 'address']));
    expect(schema.required).toEqual(expect.arrayContaining(['nit', 'nrc', 'name', 'economic_activity', 'address', 'email']));
    expect(Object.keys(schema.properties.address.properties)).toEqual(['department', 'municipality', 'district', 'line']);
    expect(create.parameters.find((p: { name: string; in: string }) => p.name === 'Idempotency-Key' && p.in === 'header')).toMatchObject({ required: true });
    expect(create.responses['422'].content['application/problem+json']).toBeDefined();
    expect(create.security).toEqual([{ apiKey: [] }, { panelSession: [] }]);
    const form = doc.paths['/emitters/{id}/credentials'].put.requestBody.content['multipart/form-data'].schema;
    expect(form.properties.certificate).toMatchObject({ type: 'string', format: 'binary' });
  });
});
