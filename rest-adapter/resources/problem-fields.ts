import { z } from 'zod';

/** The members of an RFC 9457 problem as `problem.ts` writes them (Spanish texts, `errors[]` per field). */
export const PROBLEM_FIELDS = {
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  request_id: z.string(),
  errors: z.array(z.object({ path: z.string().nullable(), code: z.string(), message: z.string() })),
};

/**
 * A batch item's refusal (directory imports, document batches): the problem its request alone would
 * have answered, field paths relative to the item. `id` names the schema in the OpenAPI.
 */
export function itemProblemSchema(description: string, id: string) {
  return z.object(PROBLEM_FIELDS).describe(description).meta({ id });
}
