import {
  getNamedType, getNullableType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isScalarType,
  type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLObjectType,
} from 'graphql';
import { buildGraphQLSchema } from '../../src/graphql/schema';
import { emitterBody, establishmentBody } from '../fixtures/emitter-bodies';
import { DOCUMENT_TYPE_EXAMPLES, SPECIAL_OPERATION_EXAMPLE, exampleFor } from '../fixtures/document-type-examples';
import { amountPaths, camelKeys, doubledLine, EXTREMES, withValue } from '../support/amount-extremes';
import { createIssuer } from '../support/issuer';
import { openGraphQLSocket } from '../support/graphql-ws-socket';
import { request } from '../support/http-client';
import { logLinesSince } from '../support/problem-assertions';
import { startTestApp, type TestApp } from '../support/test-app';
import { seededRandom } from '../unit/webhooks/seeded-random';

/**
 * Hostile input against every route of /v1/openapi.json and every GraphQL operation: no answer may be
 * a 5xx, every REST 4xx is problem+json (pages documented as HTML answer HTML), GraphQL never answers
 * INTERNAL_ERROR, and nothing is logged at error level. Deterministic: a seeded generator picks the
 * combinations, so a failure replays exactly.
 */

const SEED = 0x5eed_2026;

/** Hostile text values, as JavaScript strings (sent JSON-encoded or percent-encoded). */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  'e'.repeat(10_000),
  '../../../etc/passwd',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '\u202Eevil\u202C',
  '9'.repeat(400),
  '-1',
  '1e309',
  '',
  ' ',
  '😀'.repeat(50),
];

/** Raw path segments sent as they are (already percent-encoded or malformed on purpose). */
const HOSTILE_SEGMENTS = ['%C0%AF', '%FF', '%E0%A4%A', '%', '%00', '%ED%A0%80', 'a%2Fb', '..', 'x'.repeat(10_000)];

/** Percent-encodes text as a sloppy client would: a lone surrogate as its 3 UTF-8-style bytes (%ED%A0%80). */
function pct(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** JSON text nested deeper than any limit, built as text. */
const deepJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

interface OpenApiOperation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  bodyProps: string[] | null;
  html: boolean;
}

let t: TestApp;
let emitterId: string;
let establishmentId: string;
let fromLog: number;
const failures: string[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const e = await request(t.url, 'POST', '/v1/emitters', { key: t.account.testKey, body: emitterBody() });
  emitterId = e.body.id;
  const s = await request(t.url, 'POST', `/v1/emitters/${emitterId}/establishments`, { key: t.account.testKey, body: establishmentBody() });
  establishmentId = s.body.id;
  fromLog = t.logs.length;
}, 60_000);
afterAll(async () => {
  await t.stop();
});
beforeEach(() => {
  failures.length = 0;
});

async function operations(): Promise<OpenApiOperation[]> {
  const doc = (await request(t.url, 'GET', '/v1/openapi.json', {})).body;
  const base = new URL(doc.servers[0].url).pathname.replace(/\/$/, '');
  const out: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = [...(op.parameters ?? []), ...(item.parameters ?? [])];
      const json = op.requestBody?.content?.['application/json']?.schema;
      const resolved = json?.$ref ? doc.components.schemas[json.$ref.split('/').pop()] : json;
      const html = Object.values<any>(op.responses ?? {}).some((r) => r?.content?.['text/html']);
      out.push({
        method: method.toUpperCase(),
        path: `${base}${path}`,
        params: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: json ? Object.keys(resolved?.properties ?? {}) : null,
        html,
      });
    }
  }
  return out;
}

/** A plausible value for a path parameter, so the hostile one is the only thing wrong. */
function plausible(name: string): string {
  if (name === 'id') return emitterId;
  if (name === 'establishment_id') return establishmentId;
  if (name === 'resource') return 'purchases';
  if (name === 'period') return '2026-03';
  return 'x1';
}

function fillPath(op: OpenApiOperation, hostile: { name: string; raw: string } | null): string {
  let path = op.path;
  for (const p of op.params) path = path.replace(`{${p}}`, hostile?.name === p ? hostile.raw : encodeURIComponent(plausible(p)));
  return path;
}

async function check(label: string, op: OpenApiOperation, r: { status: number; headers: Headers; text: string }): Promise<void> {
  if (r.status >= 500) {
    failures.push(`${label}: ${r.status} ${r.text.slice(0, 200)}`);
    return;
  }
  if (r.status < 400 || r.status === 431) return;
  const type = r.headers.get('content-type') ?? '';
  if (op.html && type.startsWith('text/html')) return;
  if (!type.startsWith('application/problem+json')) {
    failures.push(`${label}: ${r.status} con ${type || 'sin Content-Type'}`);
    return;
  }
  const body = JSON.parse(r.text);
  if (body.status !== r.status || typeof body.type !== 'string' || typeof body.detail !== 'string' || !Array.isArray(body.errors)) failures.push(`${label}: problema incompleto ${r.text.slice(0, 200)}`);
  if (/\bat \w+ \(|node_modules/.test(r.text)) failures.push(`${label}: traza en la respuesta`);
}

async function send(op: OpenApiOperation, label: string, path: string, opts: Parameters<typeof request>[3] = {}): Promise<void> {
  const r = await request(t.url, op.method, path, { key: t.account.testKey, ...opts }).catch((err: Error) => ({ status: 599, headers: new Headers(), text: `cliente: ${err.message}`, body: null }));
  await check(`${op.method} ${path.slice(0, 120)} ${label}`, op, r);
}

describe('fuzz: hostile input to every REST route and GraphQL operation', () => {
  it('REST: no 5xx, and every 4xx is problem+json (HTML pages answer HTML)', async () => {
    const random = seededRandom(SEED);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      // Path parameters: every malformed segment, one parameter at a time.
      for (const name of op.params) {
        for (const raw of HOSTILE_SEGMENTS) await send(op, `path ${name}`, fillPath(op, { name, raw }));
        await send(op, `path ${name} texto`, fillPath(op, { name, raw: pct(pick(HOSTILE_TEXT)) }));
      }
      // Query parameters: each documented one with three hostile values, and one undocumented.
      for (const q of [...op.query, 'unknown_param']) {
        for (let i = 0; i < 3; i++) await send(op, `query ${q}`, `${fillPath(op, null)}?${pct(q)}=${pct(pick(HOSTILE_TEXT))}`);
      }
      await send(op, 'query rota', `${fillPath(op, null)}?limit=%FF&%00=%E0%A4%A`);
      if (op.method === 'GET' || op.method === 'DELETE') continue;
      const path = fillPath(op, null);
      // Bodies: deep nesting, wrong shapes, hostile keys, and each documented field hostile.
      await send(op, 'cuerpo profundo', path, { raw: deepJson(5000), headers: { 'Content-Type': 'application/json' } });
      await send(op, 'cuerpo lista', path, { body: [pick(HOSTILE_TEXT)] });
      await send(op, 'cuerpo texto', path, { raw: '"\\u0000"', headers: { 'Content-Type': 'application/json' } });
      await send(op, 'claves hostiles', path, { body: { [pick(HOSTILE_TEXT)]: pick(HOSTILE_TEXT), ['k\u0000']: 1 } });
      await send(op, 'Idempotency-Key larga', path, { body: {}, idempotencyKey: 'k'.repeat(10_000) });
      for (const prop of op.bodyProps ?? []) {
        await send(op, `campo ${prop}`, path, { body: { [prop]: pick(HOSTILE_TEXT) } });
        await send(op, `campo ${prop} anidado`, path, { body: { [prop]: { [pick(HOSTILE_TEXT)]: [pick(HOSTILE_TEXT), { deep: pick(HOSTILE_TEXT) }] } } });
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('pages and assets outside /v1: malformed escapes and NUL never give a 5xx', async () => {
    const html: OpenApiOperation = { method: 'GET', path: '', params: [], query: [], bodyProps: null, html: true };
    for (const base of ['/problems/', '/_assets/', '/panel/', '/graphql/', '/v1/docs/', '/']) {
      for (const raw of HOSTILE_SEGMENTS) {
        const r = await request(t.url, 'GET', `${base}${raw}`, { key: null }).catch((err: Error) => ({ status: 599, headers: new Headers(), text: `cliente: ${err.message}`, body: null }));
        if (r.status >= 500) failures.push(`GET ${base}${raw.slice(0, 40)}: ${r.status} ${r.text.slice(0, 200)}`);
      }
    }
    await check('GET /healthz?%00', html, await request(t.url, 'GET', '/healthz?x=%00&%FF', { key: null }));
    expect(failures).toEqual([]);
  });

  it('GraphQL: every query and mutation with hostile arguments, over HTTP; subscriptions over graphql-ws: never INTERNAL_ERROR', async () => {
    const random = seededRandom(SEED + 1);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    const schema = buildGraphQLSchema();

    const valueFor = (type: GraphQLInputType, depth: number): unknown => {
      const inner = getNullableType(type) as GraphQLInputType;
      if (isListType(inner)) return [valueFor(inner.ofType, depth + 1), valueFor(inner.ofType, depth + 1)];
      if (isEnumType(inner)) return inner.getValues()[0].name;
      if (isInputObjectType(inner)) {
        if (depth > 4) return {};
        return Object.fromEntries(Object.values(inner.getFields()).map((f) => [f.name, valueFor(f.type, depth + 1)]));
      }
      if (isScalarType(inner)) {
        if (inner.name === 'Int') return pick([2147483647, -2147483648, 0, -1]);
        if (inner.name === 'Float') return pick([1e308, -1e308, 0.1]);
        if (inner.name === 'Boolean') return pick([true, false]);
        if (inner.name.startsWith('JSON')) return { [pick(HOSTILE_TEXT)]: pick(HOSTILE_TEXT), nested: [pick(HOSTILE_TEXT)] };
        return pick(HOSTILE_TEXT);
      }
      return null;
    };
    const typeName = (type: GraphQLInputType): string => (isNonNullType(type) ? `${typeName(type.ofType)}!` : isListType(type) ? `[${typeName(type.ofType)}]` : getNamedType(type).name);
    const operationFor = (kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>) => {
      const args = field.args as readonly GraphQLArgument[];
      const decl = args.length ? `(${args.map((a) => `$${a.name}: ${typeName(a.type)}`).join(', ')})` : '';
      const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
      const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
      const variables = Object.fromEntries(args.map((a) => [a.name, valueFor(a.type, 0)]));
      return { query: `${kind}${decl} { ${field.name}${call}${selection} }`, variables };
    };
    const internal = (label: string, body: any) => {
      for (const e of body?.errors ?? []) if (['INTERNAL_ERROR', 'INTERNAL_SERVER_ERROR'].includes(e.extensions?.code)) failures.push(`${label}: ${JSON.stringify(e).slice(0, 200)}`);
    };

    for (const kind of ['query', 'mutation'] as const) {
      const root = (kind === 'query' ? schema.getQueryType() : schema.getMutationType()) as GraphQLObjectType;
      for (const field of Object.values(root.getFields())) {
        for (let round = 0; round < 3; round++) {
          const op = operationFor(kind, field);
          const label = `GraphQL ${kind} ${field.name} #${round}`;
          const r = await request(t.url, 'POST', '/graphql', { key: t.account.testKey, body: op, idempotencyKey: null });
          if (r.status >= 500) failures.push(`${label}: ${r.status} ${r.text.slice(0, 200)}`);
          internal(label, r.body);
        }
        const deep = `{"query":${JSON.stringify(operationFor(kind, field).query)},"variables":${deepJson(3000)}}`;
        const d = await request(t.url, 'POST', '/graphql', { key: t.account.testKey, raw: deep, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'fuzz-deep' }, idempotencyKey: null });
        if (d.status >= 500) failures.push(`GraphQL ${field.name} variables profundas: ${d.status}`);
      }
    }

    // Operation names that name nothing (anonymous operations included), with and without a key, and
    // subscriptions sent over HTTP.
    const subscription = schema.getSubscriptionType() as GraphQLObjectType;
    const hostileNames = ['x', 'nope\u0000', '\ud800', 'a'.repeat(10_000)];
    for (const [kind, root] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()], ['subscription', subscription]] as const) {
      const field = Object.values((root as GraphQLObjectType).getFields())[0];
      for (const operationName of hostileNames) {
        for (const key of [t.account.testKey, null]) {
          const label = `GraphQL ${kind} operationName ${JSON.stringify(operationName.slice(0, 12))} ${key ? 'con llave' : 'sin llave'}`;
          const r = await request(t.url, 'POST', '/graphql', { key, body: { ...operationFor(kind, field), operationName }, idempotencyKey: null });
          if (r.status >= 500) failures.push(`${label}: ${r.status} ${r.text.slice(0, 200)}`);
          internal(label, r.body);
        }
      }
    }
    for (const field of Object.values(subscription.getFields())) {
      const r = await request(t.url, 'POST', '/graphql', { key: t.account.testKey, body: operationFor('subscription', field), idempotencyKey: null });
      if (r.status !== 400) failures.push(`GraphQL subscription ${field.name} por HTTP: ${r.status} ${r.text.slice(0, 200)}`);
      internal(`GraphQL subscription ${field.name} por HTTP`, r.body);
    }

    const socket = await openGraphQLSocket(t.url, { Authorization: `Bearer ${t.account.testKey}` });
    let n = 0;
    for (const field of Object.values(subscription.getFields())) {
      for (let round = 0; round < 3; round++) {
        const id = `s${n++}`;
        socket.subscribe(id, operationFor('subscription', field));
        // A subscription that starts answers nothing until an event; a refused one answers at once.
        const answer = await socket.result(id, 1000).catch(() => null);
        if (answer?.type === 'error') internal(`graphql-ws ${field.name}`, { errors: answer.payload });
        socket.complete(id);
      }
    }
    for (const operationName of hostileNames) {
      const id = `s${n++}`;
      socket.subscribe(id, { ...operationFor('query', Object.values((schema.getQueryType() as GraphQLObjectType).getFields())[0]), operationName });
      const answer = await socket.result(id, 5000).catch(() => null);
      if (answer?.type === 'error') internal(`graphql-ws operationName ${JSON.stringify(operationName.slice(0, 12))}`, { errors: answer.payload });
      else if (answer?.type === 'next') internal(`graphql-ws operationName ${JSON.stringify(operationName.slice(0, 12))}`, answer.payload);
    }
    expect(socket.closed).toBeNull();
    await socket.close();
    expect(failures).toEqual([]);
  }, 600_000);

  it('amounts: the largest and smallest value of every amount field of every type and event, and two lines past the limit — never a 5xx, a refusal names its field', async () => {
    const issuer = await createIssuer(t.url, t.account.testKey, { nit: '06148181818181' });
    const ccf = await request(t.url, 'POST', '/v1/documents', { key: t.account.testKey, body: exampleFor('03', issuer.emitterId) });
    expect(ccf.status).toBe(201);
    const ccfDate = (await request(t.url, 'GET', `/v1/documents/${ccf.body.id}/json`, { key: t.account.testKey })).body.identificacion.fecEmi;
    const examples = Object.keys(DOCUMENT_TYPE_EXAMPLES).map((type) => {
      // NC and ND relate the CCF issued here (the example's generation code and date are placeholders).
      const text = JSON.stringify(exampleFor(type, issuer.emitterId)).replaceAll('7E1B1F4C-2B1D-4C3A-9F0E-1A2B3C4D5E6F', ccf.body.generation_code).replaceAll('2026-11-02', ccfDate);
      return [type, JSON.parse(text)] as const;
    });
    const refusalNamesAField = (label: string, r: { status: number; body: any; text: string }) => {
      if (r.status >= 500) failures.push(`${label}: ${r.status} ${r.text.slice(0, 300)}`);
      else if (r.status >= 400 && !(Array.isArray(r.body?.errors) && r.body.errors.length > 0 && r.body.errors.every((e: any) => typeof e.path === 'string' && e.path))) failures.push(`${label}: ${r.status} sin campo ${r.text.slice(0, 300)}`);
    };
    const MUTATION = 'mutation($input: DocumentCreateInput!) { issueDocument(input: $input, dryRun: true) { document { status } errors { field code } } }';
    let tried = 0;
    for (const [type, body] of examples) {
      for (const path of amountPaths(body)) {
        const bodies = EXTREMES.map((v) => [v, withValue(body, path, v)] as const);
        const doubled = doubledLine(body, path, '60000000000.00');
        if (doubled) bodies.push(['2 × 60000000000.00', doubled]);
        for (const [value, variant] of bodies) {
          const label = `${type} ${path.join('.')}=${value}`;
          tried++;
          refusalNamesAField(`REST ${label}`, await request(t.url, 'POST', '/v1/documents?dry_run=true', { key: t.account.testKey, body: variant }));
          const g = await request(t.url, 'POST', '/graphql', { key: t.account.testKey, body: { query: MUTATION, variables: { input: camelKeys(variant) } }, idempotencyKey: null });
          if (g.status >= 500) failures.push(`GraphQL ${label}: ${g.status}`);
          for (const e of g.body?.errors ?? []) if (['INTERNAL_ERROR', 'INTERNAL_SERVER_ERROR'].includes(e.extensions?.code)) failures.push(`GraphQL ${label}: ${JSON.stringify(e).slice(0, 200)}`);
          for (const e of g.body?.data?.issueDocument?.errors ?? []) if (!e.field) failures.push(`GraphQL ${label}: error sin campo ${JSON.stringify(e)}`);
        }
      }
    }
    // The special-operations event: each bucket at its extremes, and a range whose per-document value a JSON number cannot hold.
    const line = SPECIAL_OPERATION_EXAMPLE.lines[0];
    const eventBodies: [string, unknown][] = [
      ...['gravada', 'exenta', 'no_sujeta'].flatMap((k) => EXTREMES.map((v): [string, unknown] => [`${k}=${v}`, { lines: [{ ...line, [k]: v }] }])),
      ['2 × gravada 60000000000.00', { lines: [{ ...line, gravada: '60000000000.00' }, { ...line, gravada: '60000000000.00' }] }],
      ['1000000000.00 over 3 documents', { lines: [{ ...line, range_from: '0001', range_to: '0003', quantity: 3, gravada: '1000000000.00', exenta: undefined }] }],
    ];
    for (const [label, body] of eventBodies) {
      tried++;
      refusalNamesAField(`special-operations ${label}`, await request(t.url, 'POST', `/v1/emitters/${issuer.emitterId}/special-operations`, { key: t.account.testKey, body }));
    }
    expect(tried).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 600_000);

  it('nothing was logged at error level (every refusal is a 4xx, not an internal error)', () => {
    const errors = logLinesSince(t.logs, fromLog).filter((l) => l.level === 'error' || l.level === 'fatal');
    expect(errors.map((l) => `${l.msg}: ${JSON.stringify(l.err ?? '').slice(0, 300)}`)).toEqual([]);
  });
});
