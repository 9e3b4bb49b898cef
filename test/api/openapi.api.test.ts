import { Validator } from '@seriousme/openapi-schema-validator';
import { ROUTES } from '../../rest-adapter/route-table';
import { request } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.stop();
});

describe('GET /v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every registered route', async () => {
    const r = await request(t.url, 'GET', '/v1/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0-draft');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const route of ROUTES) {
      const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect([route.id, op?.operationId]).toEqual([route.id, route.id]);
      expect(Object.keys(op.responses)).toContain(String(route.status));
    }
  });

  it('documents bodies in snake_case, the Idempotency-Key header on POST and problem+json errors', async () => {
    const doc = (await request(t.url, 'GET', '/v1/openapi.json')).body;
    const create = doc.paths['/v1/emitters'].post;
    const schema = create.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['nit', 'nrc', 'economic_activity', 'is_large_taxpayer', 'address']));
    expect(schema.required).toEqual(expect.arrayContaining(['nit', 'nrc', 'name', 'economic_activity', 'address', 'email']));
    expect(Object.keys(schema.properties.address.properties)).toEqual(['department', 'municipality', 'district', 'line']);
    expect(create.parameters.find((p: { name: string; in: string }) => p.name === 'Idempotency-Key' && p.in === 'header')).toBeDefined();
    expect(create.responses['422'].content['application/problem+json']).toBeDefined();
    expect(create.security).toEqual([{ apiKey: [] }]);
  });
});
