import type { z } from 'zod';
import { elementOf, kindOf, viewField, viewShape } from '../../src/domain/shared/view-schema';

/**
 * The GraphQL selection of every field of a view (nested objects and lists included), so a test asks
 * GraphQL for exactly what the view declares. `resolvedApart`: fields the view marks `gql: false` that
 * GraphQL resolves apart under the same name (a document's `items` and `payment`), selected too.
 */
export function selectionOf(view: z.ZodType, resolvedApart: readonly string[] = []): string {
  return Object.entries(viewShape(view))
    .filter(([key, s]) => viewField(s).meta.gql !== false || resolvedApart.includes(key))
    .map(([key, s]) => {
      const nested = objectOf(viewField(s).inner);
      return nested ? `${key} { ${selectionOf(nested)} }` : key;
    })
    .join(' ');
}

/** The object a view field holds, directly or as a list's element; null for a scalar. */
export function objectOf(s: z.ZodType): z.ZodType | null {
  const kind = kindOf(s);
  if (kind === 'object') return s;
  if (kind === 'array') return objectOf(viewField(elementOf(s)).inner);
  return null;
}

/** A GraphQL `Document` result as the view it was mapped from (enum values in lower case, as the view holds them). */
export function documentViewOf(gql: Record<string, unknown>): Record<string, unknown> {
  return { ...gql, status: String(gql.status).toLowerCase() };
}

/** A GraphQL `Emitter` result as the view it was mapped from (`numbering` in lower case, as the view holds it). */
export function emitterViewOf(gql: Record<string, unknown>): Record<string, unknown> {
  return { ...gql, numbering: String(gql.numbering).toLowerCase() };
}
