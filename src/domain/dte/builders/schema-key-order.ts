/**
 * Orders the keys of a built document as the official schema's `properties` list them (recursively
 * through objects and arrays), so the JSON reads like MH's specification.
 */
type Schema = { properties?: Record<string, unknown>; items?: unknown };

export function orderBySchema(value: unknown, schema: unknown): unknown {
  const s = (schema ?? {}) as Schema;
  if (Array.isArray(value)) return value.map((v) => orderBySchema(v, s.items));
  if (value === null || typeof value !== 'object' || !s.properties) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(s.properties)) {
    if (key in source) out[key] = orderBySchema(source[key], s.properties[key]);
  }
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out;
}
