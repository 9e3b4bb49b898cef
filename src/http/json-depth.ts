/**
 * The deepest JSON a request may carry: REST bodies, GraphQL bodies (variables, extensions) over
 * HTTP and over graphql-ws. Deeper values are refused before anything walks them recursively
 * (request hashing, variable coercion), so no input can overflow the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Nesting depth of a parsed JSON value, without recursion; stops counting past `MAX_JSON_DEPTH`. */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > MAX_JSON_DEPTH) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, d + 1]);
  }
  return max;
}

export function tooDeepMessage(): string {
  return `El JSON supera la profundidad máxima de ${MAX_JSON_DEPTH} niveles.`;
}
