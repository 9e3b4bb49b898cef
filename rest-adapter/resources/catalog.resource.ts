import { z } from 'zod';

export const catalogSummaryResource = z.object({
  object: z.literal('catalog'),
  code: z.string().describe('CAT-001 … CAT-033'),
  name: z.string(),
  version: z.string(),
  entries_count: z.number().int(),
});

export const catalogEntryResource = z.object({
  id: z.string().describe('Identificador estable dentro del catálogo; úselo en starting_after.'),
  code: z.string(),
  name: z.string(),
  section: z.string().nullable(),
  department: z.string().nullable(),
  notes: z.string().nullable(),
});

export const catalogResource = catalogSummaryResource.extend({
  data: z.array(catalogEntryResource),
  has_more: z.boolean(),
});

type Gql = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL results are untyped JSON; the route's response schema types what leaves

export function serializeCatalogSummary(c: Gql): z.infer<typeof catalogSummaryResource> {
  return { object: 'catalog', code: c.code, name: c.name, version: c.version, entries_count: c.entriesCount };
}
