import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import type { z } from 'zod';
import { elementOf, isInteger, kindOf, viewField, viewShape } from '../../domain/shared/view-schema';

type TypeThunk = () => unknown;
type Class = new () => object;

const built = new Map<z.ZodType, Class>();
const enums = new Map<string, object>();

/** Registers a GraphQL enum (type-graphql's registerEnumType) under the name a view's `gqlEnum` gives. */
export function registerViewEnum(enumObj: object, opts: { name: string; description?: string }): void {
  registerEnumType(enumObj, opts);
  enums.set(opts.name, enumObj);
}

/**
 * Declares that a nested view object is shown as a GraphQL type declared by hand already (the
 * emitter's `Address`): a view naming it then uses that type instead of building a second one.
 */
export function adoptObjectType(view: z.ZodType, cls: Class): void {
  built.set(view, cls);
}

/**
 * The GraphQL object type of a resource's view (ADR 0062): one field per view field, with the view's
 * nullability, descriptions and nested types, made once per view. The view is the one declaration;
 * the GraphQL type follows it, so a field added to the view is on GraphQL without another edit.
 * Field resolvers (fields computed apart, such as a document's items) are added by the resolvers.
 */
export function objectTypeOf(view: z.ZodType, name: string, description?: string, opts: { implements?: Class } = {}): Class {
  const existing = built.get(view);
  if (existing) return existing;
  const cls = { [name]: class {} }[name] as Class;
  built.set(view, cls);
  declareFields(view, cls, name);
  ObjectType(name, { ...(description ? { description } : {}), ...(opts.implements ? { implements: opts.implements } : {}) })(cls);
  return cls;
}

/**
 * The GraphQL interface of the fields several views share (a view the others `extend`): the types
 * made with `objectTypeOf(…, { implements })` declare its fields as their own.
 */
export function interfaceTypeOf(view: z.ZodType, name: string, description?: string): Class {
  const existing = built.get(view);
  if (existing) return existing;
  const cls = { [name]: class {} }[name] as Class;
  built.set(view, cls);
  declareFields(view, cls, name);
  InterfaceType(name, description ? { description } : {})(cls);
  return cls;
}

function declareFields(view: z.ZodType, cls: Class, name: string): void {
  for (const [key, schema] of Object.entries(viewShape(view))) {
    const f = viewField(schema);
    if (f.meta.gql === false) continue;
    const type = typeOf(f.inner, f.meta, `${name}.${key}`);
    const desc = f.meta.gqlDescription ?? f.meta.description;
    Field(type as never, { nullable: f.nullable || f.optional, ...(desc ? { description: desc } : {}) })(cls.prototype, key);
  }
}

function typeOf(s: z.ZodType, meta: ReturnType<typeof viewField>['meta'], where: string): TypeThunk {
  switch (kindOf(s)) {
    case 'string':
      return meta.gql === 'ID' ? () => ID : () => String;
    case 'literal':
      return () => String;
    case 'number':
      return isInteger(s) ? () => Int : () => Float;
    case 'boolean':
      return () => Boolean;
    case 'date':
      return () => Date;
    case 'enum': {
      if (meta.gql === 'String') return () => String;
      const e = typeof meta.gqlEnum === 'string' ? enums.get(meta.gqlEnum) : meta.gqlEnum;
      if (!e) throw new Error(`${where}: un enum de la vista necesita meta.gqlEnum (registrado con registerViewEnum) o gql: 'String'`);
      return () => e;
    }
    case 'record':
    case 'unknown':
    case 'any':
      return () => GraphQLJSONObject;
    case 'array': {
      const el = viewField(elementOf(s));
      const inner = typeOf(el.inner, el.meta, `${where}[]`);
      return () => [inner()];
    }
    case 'object': {
      const id = meta.id ?? viewField(s).meta.id;
      if (!id) throw new Error(`${where}: un objeto anidado de la vista necesita meta.id (el nombre de su tipo)`);
      const nested = objectTypeOf(s, id);
      return () => nested;
    }
    default:
      if (meta.gql === 'JSON') return () => GraphQLJSONObject;
      throw new Error(`${where}: tipo de zod sin equivalente en GraphQL (${kindOf(s)})`);
  }
}
