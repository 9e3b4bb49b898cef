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

/**
 * Where a value deeper than MAX_JSON_DEPTH is too deep: the names of the members that hold the
 * deepest part, at most `levels` of them from the top (`["variables", "items"]` for a GraphQL body, a
 * REST body's field). Null when the value is within the limit. Only walked for a refused value.
 */
export function tooDeepPath(value: unknown, levels = 2): string[] | null {
  if (jsonDepth(value) <= MAX_JSON_DEPTH) return null;
  const path: string[] = [];
  let current = value;
  // A member at depth d (the top is 1) is too deep when its own depth exceeds MAX_JSON_DEPTH - d + 1.
  for (let allowed = MAX_JSON_DEPTH - 1; path.length < levels && current !== null && typeof current === 'object' && !Array.isArray(current); allowed--) {
    const member = Object.entries(current as Record<string, unknown>).find(([, v]) => jsonDepth(v) > allowed);
    if (!member) break;
    path.push(member[0]);
    current = member[1];
  }
  return path;
}

/** The refusal of JSON nested too deep, naming where (`"variables.items"`, `"items"`) when known. */
export function tooDeepMessage(where?: string): string {
  return where
    ? `"${where}" supera la profundidad máxima de ${MAX_JSON_DEPTH} niveles de JSON.`
    : `El JSON supera la profundidad máxima de ${MAX_JSON_DEPTH} niveles.`;
}
