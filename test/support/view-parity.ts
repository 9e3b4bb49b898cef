import { GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { z } from 'zod';
import { camelToSnake } from '../../rest-adapter/case-convert';
import { viewField, viewShape } from '../../src/domain/shared/view-schema';
import { objectOf } from './view-selection';

type Json = Record<string, any>;  

/**
 * What a resource's doors show of its view, field by field, nested objects included: the GraphQL
 * object type's fields (from the built schema) and the REST schema's properties (from the OpenAPI
 * document a client reads). A parity test compares both with what the view declares, so a field
 * dropped from one door — or added to a door and not to the view — fails by name.
 */
export interface ViewDoors {
  /** `Document.totals.subtotal`-style paths of the view, each door's expected set. */
  view: { graphql: string[]; rest: string[] };
  graphql: string[];
  rest: string[];
}

export function viewDoors(opts: {
  view: z.ZodType;
  schema: GraphQLSchema;
  graphqlType: string;
  openapi: Json;
  restSchema: Json;
  /** View fields (dotted camelCase paths) a door leaves out on purpose. */
  omitted?: { graphql?: readonly string[]; rest?: readonly string[] };
}): ViewDoors {
  const components = (opts.openapi.components?.schemas ?? {}) as Record<string, Json>;
  const deref = (s: Json): Json => {
    let cur = s;
    for (;;) {
      if (cur.$ref) cur = components[String(cur.$ref).split('/').pop()!];
      else if (cur.anyOf) cur = cur.anyOf.find((x: Json) => x.type !== 'null') ?? cur.anyOf[0];
      else if (cur.type === 'array' || (Array.isArray(cur.type) && cur.type.includes('array'))) cur = cur.items;
      else return cur;
    }
  };
  const restPaths = (s: Json, prefix: string): string[] => {
    const o = deref(s);
    if (!o.properties) return [];
    return Object.entries(o.properties as Record<string, Json>).flatMap(([k, v]) => [`${prefix}${k}`, ...restPaths(v, `${prefix}${k}.`)]);
  };
  const gqlPaths = (t: GraphQLObjectType, prefix: string, depth = 0): string[] =>
    Object.values(t.getFields()).flatMap((f) => {
      let named = f.type as unknown as { ofType?: unknown };
      while (named.ofType) named = named.ofType as { ofType?: unknown };
      const nested = named instanceof GraphQLObjectType && depth < 4 ? gqlPaths(named, `${prefix}${f.name}.`, depth + 1) : [];
      return [`${prefix}${f.name}`, ...nested];
    });
  const viewPaths = (v: z.ZodType, prefix: string, door: 'graphql' | 'rest'): string[] =>
    Object.entries(viewShape(v)).flatMap(([k, s]) => {
      const f = viewField(s);
      // A field a door leaves out on purpose must be listed by the test (`omitted`); `gql: false` only
      // says GraphQL resolves it apart: it must still be on the type.
      if (opts.omitted?.[door]?.includes(`${prefix}${k}`)) return [];
      const name = door === 'rest' ? camelToSnake(k) : k;
      const obj = objectOf(f.inner);
      return [`${prefix}${name}`, ...(obj ? viewPaths(obj, `${prefix}${name}.`, door) : [])];
    });
  const type = opts.schema.getType(opts.graphqlType);
  if (!(type instanceof GraphQLObjectType)) throw new Error(`${opts.graphqlType} no es un tipo objeto del esquema`);
  return {
    view: { graphql: viewPaths(opts.view, '', 'graphql').sort(), rest: viewPaths(opts.view, '', 'rest').sort() },
    graphql: gqlPaths(type, '').sort(),
    rest: restPaths(opts.restSchema, '').filter((p) => p !== 'object').sort(),
  };
}
