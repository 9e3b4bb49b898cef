/**
 * One input schema, two doors: every REST route with a JSON body names its GraphQL twin — an input
 * type (`body.graphqlInput`) or a mutation's arguments (`body.graphqlMutation`), less the fields REST
 * carries in its path (`body.graphqlPathFields`) — or says why it has none (`body.restOnly`), and
 * each twin is compared with the body field by field, through the OpenAPI document a client reads
 * (/v1/openapi.json): the same fields (snake_case ↔ camelCase), the same nesting, lists where lists
 * are, compatible scalars and enum values, and no GraphQL non-null field that REST leaves optional.
 * The multipart upload's form is compared with its GraphQL input the same way (a file there is base64
 * text here: `multipart.graphqlRenamed`). A field added to one door and forgotten in the other
 * fails here, not as a 500.
 */
import {
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  type GraphQLInputFieldConfigMap,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  parse,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { camelToSnake } from '../../../rest-adapter/case-convert';
import { buildOpenApiDocument, openApiPath } from '../../../rest-adapter/openapi';
import { ROUTES } from '../../../rest-adapter/route-table';
import type { RestRoute } from '../../../rest-adapter/route';
import { buildGraphQLSchema } from '../../../src/graphql/schema';

type Json = Record<string, any>;

const doc = buildOpenApiDocument(ROUTES, 'http://localhost') as Json;
const schema: GraphQLSchema = buildGraphQLSchema();
const components = (doc.components?.schemas ?? {}) as Record<string, Json>;

function requestSchema(r: RestRoute): Json {
  const op = doc.paths[openApiPath(r.path)][r.method.toLowerCase()] as Json;
  return op.requestBody.content['application/json'].schema as Json;
}

/** Follows `$ref` and drops the `null` branch of a nullable schema. */
function resolve(s: Json): { node: Json; nullable: boolean } {
  let node = s;
  let nullable = false;
  for (;;) {
    if (typeof node.$ref === 'string') {
      node = components[node.$ref.replace('#/components/schemas/', '')];
      continue;
    }
    const branches = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    if (branches) {
      const nonNull = branches.filter((b) => b.type !== 'null');
      if (nonNull.length < branches.length) nullable = true;
      if (nonNull.length === 1) {
        node = nonNull[0];
        continue;
      }
    }
    if (Array.isArray(node.type) && node.type.includes('null')) {
      nullable = true;
      node = { ...node, type: node.type.filter((t: string) => t !== 'null') };
      if (node.type.length === 1) node.type = node.type[0];
    }
    return { node, nullable };
  }
}

function unwrap(t: GraphQLInputType): { inner: GraphQLInputType; nonNull: boolean } {
  return t instanceof GraphQLNonNull ? { inner: t.ofType, nonNull: true } : { inner: t, nonNull: false };
}

const SCALARS: Record<string, readonly string[]> = {
  string: ['String', 'ID'],
  boolean: ['Boolean'],
  integer: ['Int'],
  number: ['Float', 'Int'],
};

/** Differences between a REST JSON Schema node and a GraphQL input type, as `path: what` lines. */
function compare(rest: Json, gql: GraphQLInputType, path: string): string[] {
  const { node } = resolve(rest);
  const { inner } = unwrap(gql);
  if (inner instanceof GraphQLList) {
    if (node.type !== 'array') return [`${path}: GraphQL es una lista, REST es ${JSON.stringify(node.type ?? 'libre')}`];
    return compare(node.items ?? {}, inner.ofType, `${path}[]`);
  }
  if (node.type === 'array') return [`${path}: REST es una lista, GraphQL es ${String(inner)}`];
  if (inner instanceof GraphQLInputObjectType) {
    if (node.type !== 'object' || !node.properties) return [`${path}: GraphQL es ${inner.name}, REST no es un objeto con campos`];
    return compareObject(node, inner, path);
  }
  if (inner instanceof GraphQLEnumType) {
    const values = (node.enum ?? []) as unknown[];
    const gqlValues = inner.getValues().map((v) => String(v.value).toLowerCase());
    const missing = values.map((v) => String(v).toLowerCase()).filter((v) => !gqlValues.includes(v));
    return values.length && !missing.length ? [] : [`${path}: valores de REST ${JSON.stringify(values)} fuera del enum ${inner.name}`];
  }
  if (inner instanceof GraphQLScalarType) {
    if (/^JSON/.test(inner.name)) return node.type === undefined || node.type === 'object' ? [] : [`${path}: GraphQL ${inner.name}, REST ${node.type}`];
    const allowed = SCALARS[String(node.type)] ?? [];
    return allowed.includes(inner.name) ? [] : [`${path}: REST ${JSON.stringify(node.type ?? 'libre')}, GraphQL ${inner.name}`];
  }
  return [`${path}: tipo GraphQL no comparable ${String(inner)}`];
}

function compareObject(node: Json, gql: GraphQLInputObjectType, path: string): string[] {
  const props = node.properties as Record<string, Json>;
  const required = new Set((node.required ?? []) as string[]);
  const fields = gql.getFields();
  const gqlBySnake = new Map(Object.values(fields).map((f) => [camelToSnake(f.name), f]));
  const out: string[] = [];
  const at = (name: string) => (path ? `${path}.${name}` : name);
  for (const name of Object.keys(props)) {
    if (!gqlBySnake.has(name)) out.push(`${at(name)}: está en REST y falta en ${gql.name}`);
  }
  for (const [name, field] of gqlBySnake) {
    const prop = props[name];
    if (!prop) {
      out.push(`${at(name)}: está en ${gql.name}.${field.name} y falta en REST`);
      continue;
    }
    if (field.type instanceof GraphQLNonNull && !required.has(name)) out.push(`${at(name)}: obligatorio en GraphQL, opcional en REST`);
    out.push(...compare(prop, field.type, at(name)));
  }
  return out;
}


const bodies = ROUTES.filter((r) => r.body);

/** The GraphQL side of a body: its input type or its mutation's arguments, less the fields REST carries in the path. */
function twinOf(r: RestRoute): { name: string; type: GraphQLInputType } {
  const body = r.body!;
  const inPath = new Set(Object.keys(body.graphqlPathFields ?? {}));
  let fields: GraphQLInputFieldConfigMap;
  let name: string;
  if (body.graphqlInput) {
    const input = schema.getType(body.graphqlInput);
    if (!(input instanceof GraphQLInputObjectType)) throw new Error(`${r.id}: ${body.graphqlInput} no es un tipo de entrada de GraphQL`);
    if (!inPath.size) return { name: input.name, type: input };
    name = input.name;
    fields = Object.fromEntries(Object.values(input.getFields()).map((f) => [f.name, { type: f.type }]));
  } else {
    const field = schema.getMutationType()!.getFields()[body.graphqlMutation!.field];
    if (!field) throw new Error(`${r.id}: GraphQL no tiene la mutación ${body.graphqlMutation!.field}`);
    const bodyArg = body.graphqlMutation!.bodyArg;
    if (bodyArg) {
      const arg = field.args.find((a) => a.name === bodyArg);
      if (!arg) throw new Error(`${r.id}: ${field.name} no tiene el argumento ${bodyArg}`);
      return { name: `${field.name}(${bodyArg})`, type: arg.type };
    }
    name = `${field.name}(…)`;
    fields = Object.fromEntries(field.args.map((a) => [a.name, { type: a.type }]));
  }
  return { name, type: new GraphQLInputObjectType({ name: name.replace(/\W/g, '_'), fields: Object.fromEntries(Object.entries(fields).filter(([n]) => !inPath.has(n))) }) };
}

/** The GraphQL fields or arguments a route says it carries in its path, and the path parameters they name. */
function pathFieldsOf(r: RestRoute): { field: string; param: string }[] {
  return Object.entries(r.body!.graphqlPathFields ?? {}).map(([field, param]) => ({ field, param }));
}

/** What a route's GraphQL twin declares: one of graphqlInput, graphqlMutation, restOnly. */
const declared = (r: RestRoute) => [r.body!.graphqlInput, r.body!.graphqlMutation, r.body!.restOnly].filter((x) => x !== undefined).length;

const twins = bodies.filter((r) => !r.body!.restOnly);


describe('REST bodies and GraphQL inputs', () => {
  it('every GraphQL twin a body names exists in the schema', () => {
    const missing = twins.filter((r) => r.body!.graphqlInput && !schema.getType(r.body!.graphqlInput)).map((r) => `${r.id}: ${r.body!.graphqlInput}`);
    expect(missing).toEqual([]);
  });

  it('every route with a JSON body names its GraphQL twin, or says why it has none', () => {
    expect(bodies.filter((r) => declared(r) !== 1).map((r) => r.id)).toEqual([]);
    expect(twins.length).toBeGreaterThanOrEqual(23);
  });

  it('a body declared REST-only has no GraphQL mutation of its name', () => {
    const mutations = schema.getMutationType()!.getFields();
    expect(bodies.filter((r) => r.body!.restOnly && mutations[r.id]).map((r) => r.id)).toEqual([]);
  });

  it('a body compared with a mutation names a mutation of the schema', () => {
    const mutations = schema.getMutationType()!.getFields();
    expect(twins.filter((r) => r.body!.graphqlMutation && !mutations[r.body!.graphqlMutation.field]).map((r) => r.id)).toEqual([]);
  });

  it.each(twins.filter((r) => pathFieldsOf(r).length).map((r) => [r.id, r] as const))('%s: the fields it carries in its path are path parameters', (_id, route) => {
    const params = Object.keys(route.params?.shape ?? {});
    expect(pathFieldsOf(route).filter(({ param }) => !params.includes(param) || !route.path.includes(`:${param}`))).toEqual([]);
    const body = route.body!;
    const gqlNames = body.graphqlInput
      ? Object.keys((schema.getType(body.graphqlInput) as GraphQLInputObjectType).getFields())
      : schema.getMutationType()!.getFields()[body.graphqlMutation!.field].args.map((a) => a.name);
    expect(pathFieldsOf(route).filter(({ field }) => !gqlNames.includes(field)).map(({ field }) => field)).toEqual([]);
  });

  it.each(twins.map((r) => [r.id, twinOf(r).name, r] as const))('%s: the REST body and %s have the same fields', (_id, _name, route) => {
    expect(compare(requestSchema(route), twinOf(route).type, '')).toEqual([]);
  });

  it('reports a field present on one door only, with its path', () => {
    const gql = schema.getType('DocumentCreateInput') as GraphQLInputObjectType;
    const issue = ROUTES.find((r) => r.id === 'issueDocument')!;
    const body = structuredClone(resolve(requestSchema(issue)).node);
    body.properties.loyalty_points = { type: 'integer' };
    delete body.properties.notes;
    body.properties.receiver = structuredClone(resolve(body.properties.receiver).node);
    body.properties.receiver.properties.email = { type: 'array', items: { type: 'string' } };
    expect(compare(body, gql, '')).toEqual(
      expect.arrayContaining([
        'loyalty_points: está en REST y falta en DocumentCreateInput',
        'notes: está en DocumentCreateInput.notes y falta en REST',
        'receiver.email: REST es una lista, GraphQL es String',
      ]),
    );
  });

  it.each(ROUTES.filter((r) => r.multipart).map((r) => [r.id, r] as const))('%s: the multipart form and its GraphQL input have the same fields', (_id, route) => {
    const { form, graphqlInput, graphqlRenamed = {} } = route.multipart!;
    expect(form && graphqlInput).toBeTruthy();
    const props = Object.fromEntries(Object.entries((form as Json).properties as Json).map(([name, prop]) => [name in graphqlRenamed ? camelToSnake(graphqlRenamed[name]) : name, prop]));
    const required = ((form as Json).required as string[]).map((name) => (name in graphqlRenamed ? camelToSnake(graphqlRenamed[name]) : name));
    expect(compare({ ...form, properties: props, required }, schema.getType(graphqlInput!) as GraphQLInputObjectType, '')).toEqual([]);
  });

  it('reports a GraphQL field REST carries nowhere (neither in its body nor in its path)', () => {
    const report = ROUTES.find((r) => r.id === 'requestFiscalReport')!;
    const withoutPath = { ...report, body: { ...report.body!, graphqlPathFields: undefined } };
    expect(compare(requestSchema(report), twinOf(withoutPath).type, '')).toEqual(['emitter_id: está en RequestFiscalReportInput.emitterId y falta en REST']);
  });
});
