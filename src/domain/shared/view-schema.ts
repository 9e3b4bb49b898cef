import type { z } from 'zod';

/**
 * What a resource's output declaration (its *view*, a zod object in camelCase) may say about a field
 * beyond its type, through `.meta({...})` — read by the doors that derive their shapes from it: the
 * GraphQL object type (src/graphql/common/view-object-type.ts) and the REST resource
 * (rest-adapter/resources/view-resource.ts). ADR 0062.
 */
export interface ViewFieldMeta {
  /** Name of a nested object's type (GraphQL type name; REST keeps it inline). */
  id?: string;
  /**
   * The field's GraphQL scalar where the zod type does not say it (`ID`; `String` for an enum GraphQL
   * shows as text), or false: not on GraphQL (a field GraphQL resolves apart).
   */
  gql?: 'ID' | 'JSON' | 'String' | false;
  /**
   * An enum's GraphQL enum: its registered name (`DocumentStatus`, registered by the GraphQL layer with
   * `registerViewEnum`, so the domain names it without importing GraphQL), or the enum object itself.
   */
  gqlEnum?: string | object;
  /** Descriptions for one door only (default: the field's `.describe()` for both). */
  gqlDescription?: string;
  restDescription?: string;
  /** False: not in the REST resource (a field GraphQL resolves apart, say). */
  rest?: false;
  /** REST leaves the field out when it is null (an optional property, not a nullable one). */
  restOmitNull?: true;
  /** A nested object REST shows as its own OpenAPI component (`$ref`) of this name; default inline. */
  restId?: string;
  /** False: not in the webhook summary. True: in it (the document's summary picks its fields). */
  summary?: boolean;
}

/** A view field with its wrappers (nullable, optional) taken off, and what they said. */
export interface ViewField {
  inner: z.ZodType;
  nullable: boolean;
  optional: boolean;
  meta: ViewFieldMeta & { description?: string };
}

interface Def {
  type: string;
  innerType?: z.ZodType;
}

function defOf(s: z.ZodType): Def {
  return (s as unknown as { _zod: { def: Def } })._zod.def;
}

/** The zod type name of a schema (`string`, `object`, `array`, `enum`…). */
export function kindOf(s: z.ZodType): string {
  return defOf(s).type;
}

/** Unwraps `.nullable()` / `.optional()` and merges the metadata found on every layer (outer first). */
export function viewField(s: z.ZodType): ViewField {
  let meta: ViewFieldMeta & { description?: string } = {};
  let nullable = false;
  let optional = false;
  let cur: z.ZodType = s;
  for (;;) {
    meta = { ...((cur as unknown as { meta(): object | undefined }).meta() ?? {}), ...meta };
    const d = defOf(cur);
    if (d.type === 'nullable') nullable = true;
    else if (d.type === 'optional') optional = true;
    else break;
    cur = d.innerType!;
  }
  return { inner: cur, nullable, optional, meta };
}

/** The fields of a view object, in declaration order. */
export function viewShape(s: z.ZodType): Record<string, z.ZodType> {
  return (s as unknown as { shape: Record<string, z.ZodType> }).shape;
}

/** An array's element schema. */
export function elementOf(s: z.ZodType): z.ZodType {
  return (defOf(s) as unknown as { element: z.ZodType }).element;
}

/** An enum's values. */
export function enumValues(s: z.ZodType): string[] {
  return Object.values((defOf(s) as unknown as { entries: Record<string, string> }).entries);
}

/** Whether a number schema is an integer (`z.int()` or `.int()`). */
export function isInteger(s: z.ZodType): boolean {
  const d = defOf(s) as unknown as { format?: string; checks?: { _zod: { def: { format?: string } } }[] };
  return d.format === 'safeint' || !!d.checks?.some((c) => c._zod.def.format === 'safeint');
}

/** The fields of a view marked `summary: true`, in declaration order (the webhook summary). */
export function summaryFields(s: z.ZodType): string[] {
  return Object.entries(viewShape(s))
    .filter(([, f]) => viewField(f).meta.summary === true)
    .map(([k]) => k);
}
