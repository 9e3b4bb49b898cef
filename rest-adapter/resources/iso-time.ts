/**
 * A timestamp as the GraphQL `DateTimeISO` scalar writes it (ISO 8601 UTC), or null: resources are
 * serialized the same from a GraphQL result (already text) and from a service's answer (`Date`).
 */
export function isoTime(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(String(v))).toISOString();
}
