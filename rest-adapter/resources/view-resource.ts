import { z } from 'zod';
import { elementOf, enumValues, kindOf, viewField, viewShape } from '../../src/domain/shared/view-schema';
import { camelToSnake } from '../case-convert';

/**
 * The REST resource of a resource's view (ADR 0062): the view's fields in snake_case, dates as ISO
 * strings, `object` after `id` — the schema the OpenAPI document shows and the serializer that writes
 * exactly those fields. The view is the one declaration; a field added to it is in the REST resource
 * without another edit.
 */
export interface ViewResource<V> {
  schema: z.ZodObject;
  serialize(view: V): Record<string, unknown>;
}

export function restResourceOf<V>(view: z.ZodType, opts: { object?: string; id: string }): ViewResource<V> {
  const shape = restShape(view, opts.object);
  const schema = z.object(shape).meta({ id: opts.id });
  const write = writer(view);
  return {
    schema,
    serialize: (v) => {
      const out = write(v) as Record<string, unknown>;
      if (!opts.object) return out;
      // `object` right after `id`, as every resource of the API shows it.
      const { id, ...rest } = out;
      return 'id' in out ? { id, object: opts.object, ...rest } : { object: opts.object, ...rest };
    },
  };
}

/**
 * A view's REST object schema on its own (no OpenAPI component, no `object`): for a nested shape
 * another schema extends or embeds inline, such as an emitter's credential status.
 */
export function restSchemaOf(view: z.ZodType): z.ZodObject {
  return z.object(restShape(view));
}

function restShape(view: z.ZodType, object?: string): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  const entries = Object.entries(viewShape(view));
  for (const [key, s] of entries) {
    const f = viewField(s);
    if (f.meta.rest === false) continue;
    let t = restType(f.inner, f.meta.restId);
    if (f.nullable && !f.meta.restOmitNull) t = t.nullable();
    const desc = f.meta.restDescription ?? f.meta.description;
    if (desc) t = t.describe(desc);
    if (f.optional || f.meta.restOmitNull) t = t.optional();
    shape[camelToSnake(key)] = t;
    if (key === 'id' && object) shape.object = z.literal(object);
  }
  if (object && !('object' in shape)) return { object: z.literal(object), ...shape };
  return shape;
}

function restType(s: z.ZodType, restId?: string): z.ZodType {
  switch (kindOf(s)) {
    case 'date':
      return z.string();
    case 'enum':
      return z.enum(enumValues(s) as [string, ...string[]]);
    case 'array': {
      const el = viewField(elementOf(s));
      let t = restType(el.inner, el.meta.restId);
      if (el.nullable) t = t.nullable();
      return z.array(t);
    }
    case 'object': {
      const o = z.object(restShape(s));
      return restId ? o.meta({ id: restId }) : o;
    }
    default:
      // The same type without the view's metadata (which is for the doors, not the OpenAPI document).
      return z.core.clone(s, (s as unknown as { _zod: { def: z.core.$ZodTypeDef } })._zod.def, { parent: false }) as z.ZodType;
  }
}

/** Writes a view value as the REST resource: declared fields only, snake_case keys, ISO dates. */
function writer(view: z.ZodType): (v: unknown) => unknown {
  const fields = Object.entries(viewShape(view))
    .map(([key, s]) => ({ key, out: camelToSnake(key), f: viewField(s) }))
    .filter((x) => x.f.meta.rest !== false)
    .map((x) => ({ ...x, write: valueWriter(x.f.inner) }));
  return (v) => {
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const x of fields) {
      const value = o[x.key];
      if (value === undefined || (value === null && x.f.meta.restOmitNull)) {
        if (!x.f.optional && !x.f.meta.restOmitNull) out[x.out] = null;
        continue;
      }
      out[x.out] = value === null ? null : x.write(value);
    }
    return out;
  };
}

function valueWriter(s: z.ZodType): (v: unknown) => unknown {
  switch (kindOf(s)) {
    case 'date':
      return (v) => (v instanceof Date ? v.toISOString() : new Date(v as string).toISOString());
    case 'array': {
      const el = valueWriter(viewField(elementOf(s)).inner);
      return (v) => (v as unknown[]).map((x) => (x === null ? null : el(x)));
    }
    case 'object':
      return writer(s);
    default:
      return (v) => v;
  }
}
