/**
 * What a change changed, for its audit entry (ADR 0043): the names of the fields whose value is not
 * the same after it (compared as JSON), in the order given. Pure.
 */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T & string)[]): string[] {
  return fields.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}
