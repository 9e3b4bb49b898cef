/**
 * Parse once: a door that has already validated a body with a use case's own zod schema marks the
 * parsed value, and the use case skips parsing it again. Only the exact object the schema produced
 * carries the mark (a WeakMap entry, never a property), so anything built or copied elsewhere — a
 * GraphQL input turned into plain data, a job's payload — is parsed as before.
 */
const parsedBy = new WeakMap<object, object>();

/** Records that `value` is the output of `schema`. */
export function markParsed(schema: object, value: unknown): void {
  if (value !== null && typeof value === 'object') parsedBy.set(value, schema);
}

/** True when `value` is exactly what `schema` produced (and was marked so by the door that parsed it). */
export function wasParsedBy(schema: object, value: unknown): boolean {
  return value !== null && typeof value === 'object' && parsedBy.get(value) === schema;
}
