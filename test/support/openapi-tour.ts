/**
 * A recording HTTP client for the API tour: every exchange is matched to its route of the route
 * table and its body is validated against the schema that the route's OpenAPI operation documents
 * for the status it answered. Objects are closed for the check (a field the schema does not name is
 * an error), so the document cannot fall behind what the service sends.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { match } from 'path-to-regexp';
import { openApiPath } from '../../rest-adapter/openapi';
import type { RestRoute } from '../../rest-adapter/route';

type Json = Record<string, unknown>;

export interface Exchange {
  route: RestRoute;
  method: string;
  path: string;
  status: number;
  code: string | null;
}

export interface TourResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Sets `additionalProperties: false` on every object schema that names its properties and says nothing else. */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (!schema || typeof schema !== 'object') return schema;
  const s = { ...(schema as Json) };
  if (s.properties && typeof s.properties === 'object') {
    s.properties = Object.fromEntries(Object.entries(s.properties as Json).map(([k, v]) => [k, closeObjects(v)]));
    if (s.additionalProperties === undefined && !s.allOf) s.additionalProperties = false;
  }
  for (const k of ['items', 'additionalProperties', 'not']) if (s[k] && typeof s[k] === 'object') s[k] = closeObjects(s[k]);
  for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) if (Array.isArray(s[k])) s[k] = (s[k] as unknown[]).map(closeObjects);
  return s;
}

/** The OpenAPI document with closed response schemas, ready for Ajv (2020-12, the dialect of OpenAPI 3.1). */
export function responseValidator(doc: Json) {
  const copy = structuredClone(doc) as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>; components?: { schemas?: Json } };
  for (const ops of Object.values(copy.paths)) {
    for (const op of Object.values(ops)) {
      for (const res of Object.values(op.responses ?? {})) {
        for (const media of Object.values(res.content ?? {})) if (media.schema) media.schema = closeObjects(media.schema);
      }
    }
  }
  if (copy.components?.schemas) copy.components.schemas = closeObjects(copy.components.schemas) as Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(copy as Json, 'openapi.json');
  return (pathKey: string, method: string, status: string, mediaType: string) =>
    ajv.getSchema(`openapi.json#/paths/${escapePointer(pathKey)}/${method}/responses/${status}/content/${escapePointer(mediaType)}/schema`);
}

export class ApiTour {
  readonly exchanges: Exchange[] = [];
  readonly failures: string[] = [];
  private readonly matchers: { route: RestRoute; match: ReturnType<typeof match> }[];
  private readonly validatorFor: ReturnType<typeof responseValidator>;

  constructor(
    private readonly url: string,
    private readonly doc: Json,
    routes: readonly RestRoute[],
  ) {
    this.matchers = routes.map((route) => ({ route, match: match(route.path, { decode: decodeURIComponent }) }));
    this.validatorFor = responseValidator(doc);
  }

  /** The route the service would pick, as `rest-router.ts` does: first path match with this method. */
  routeOf(method: string, path: string): RestRoute | null {
    const bare = path.split('?')[0];
    return this.matchers.find((m) => m.route.method === method && m.match(bare) !== false)?.route ?? null;
  }

  async call(
    method: string,
    path: string,
    opts: { key?: string | null; body?: unknown; raw?: string | Buffer | FormData; headers?: Record<string, string>; idempotencyKey?: string | null } = {},
  ): Promise<TourResponse> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
    let body: string | Buffer | FormData | undefined = opts.raw;
    if (body === undefined && opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] ??= 'application/json';
    }
    if (method === 'POST' && opts.idempotencyKey !== null && !Object.keys(headers).some((h) => h.toLowerCase() === 'idempotency-key')) {
      headers['Idempotency-Key'] = opts.idempotencyKey ?? `tour-${Math.random().toString(36).slice(2)}`;
    }
    const res = await fetch(`${this.url}${path}`, { method, headers, body, redirect: 'manual' });
    const buf = Buffer.from(await res.arrayBuffer());
    const text = buf.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = text;
    }
    this.check(method, path, res, parsed);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  private check(method: string, path: string, res: Response, body: unknown): void {
    const route = this.routeOf(method, path);
    const where = `${method} ${path.split('?')[0]} → ${res.status}`;
    if (!route) {
      this.failures.push(`${where}: no route of the route table serves this request`);
      return;
    }
    const code = typeof (body as Json | null)?.type === 'string' ? String((body as Json).type).split('/problems/')[1] ?? null : null;
    this.exchanges.push({ route, method, path, status: res.status, code });
    const pathKey = openApiPath(route.path);
    const op = (this.doc.paths as Record<string, Record<string, Json>>)[pathKey]?.[method.toLowerCase()];
    const documented = (op?.responses as Record<string, Json> | undefined)?.[String(res.status)];
    const fix = `add it to the route's \`outcomes\` (a success) or \`refusals\` (a problem code) in rest-adapter/routes, or to impliedRefusals() in rest-adapter/route-responses.ts`;
    if (!documented) {
      this.failures.push(`route ${route.id} (${route.method} ${route.path}) answered ${res.status}${code ? ` ${code}` : ''}, which its OpenAPI operation does not document: ${fix}`);
      return;
    }
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0].trim();
    const content = documented.content as Record<string, unknown> | undefined;
    if (!content) {
      if (mediaType && res.status !== 302) this.failures.push(`${where} (${route.id}): documented without a body but answered ${mediaType}`);
      return;
    }
    if (!content[mediaType]) {
      this.failures.push(`${where} (${route.id}): answered ${mediaType || 'no body'}, documented ${Object.keys(content).join(', ')}`);
      return;
    }
    const problemCodes = documented['x-problem-codes'] as string[] | undefined;
    if (problemCodes && code && !problemCodes.includes(code)) {
      this.failures.push(`route ${route.id} (${route.method} ${route.path}) answered ${res.status} ${code}, a code its OpenAPI operation does not list for ${res.status}: ${fix}`);
    }
    if (!mediaType.endsWith('json')) return;
    const validate = this.validatorFor(pathKey, method.toLowerCase(), String(res.status), mediaType);
    if (!validate) {
      this.failures.push(`${where} (${route.id}): no schema for ${mediaType}`);
      return;
    }
    if (!validate(body)) {
      this.failures.push(`${where} (${route.id}): the body does not match its documented schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
    }
  }
}
