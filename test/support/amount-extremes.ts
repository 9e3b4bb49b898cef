/**
 * The amount fields of the documented request bodies (docs/document-types.md), and bodies that put
 * one of them at an extreme: the largest and smallest values a request may state, and two lines whose
 * sum leaves MH's limits.
 */
type Json = Record<string, any>;

/** Request keys that hold an amount, a quantity or a rate (decimal strings). */
export const AMOUNT_KEYS: ReadonlySet<string> = new Set([
  'quantity', 'unit_price', 'discount', 'freight', 'insurance', 'amount', 'depreciation', 'taxable_amount', 'gravada', 'exenta',
  'no_sujeta', 'exports', 'perception', 'operations_amount', 'non_perception_amount', 'commission', 'commission_percent', 'renta', 'iva1',
  'global_discount',
]);

/** The largest and smallest values of a decimal amount field (MH: < 100,000,000,000, up to 8 decimals). */
export const EXTREMES = ['99999999999.99999999', '99999999999.99', '99999999999', '0', '0.00000001', '0.01', '-0.01', '99999999999.999999999', '100000000000'];

/** JSON paths (`items.0.unit_price`) of every decimal-string amount in a body. */
export function amountPaths(body: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(body)) return body.flatMap((v, i) => amountPaths(v, [...prefix, i]));
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body as Json).flatMap(([k, v]) =>
    typeof v === 'string' && AMOUNT_KEYS.has(k) && /^-?\d+(\.\d+)?$/.test(v) ? [[...prefix, k]] : amountPaths(v, [...prefix, k]),
  );
}

export function withValue(body: Json, path: (string | number)[], value: unknown): Json {
  const copy = structuredClone(body);
  let at: any = copy;
  for (const p of path.slice(0, -1)) at = at[p];
  at[path[path.length - 1]] = value;
  return copy;
}

/** The body with the line holding `path` twice, both at `value` (their sum leaves the limit while each fits). */
export function doubledLine(body: Json, path: (string | number)[], value: string): Json | null {
  const index = path.findIndex((p) => typeof p === 'number');
  if (index < 0) return null;
  const copy = withValue(body, path, value);
  let list: any = copy;
  for (const p of path.slice(0, index)) list = list[p];
  list.push(structuredClone(list[path[index] as number]));
  return copy;
}

/** snake_case keys → camelCase (the GraphQL input of the same body). */
export function camelKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(camelKeys);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(Object.entries(v as Json).map(([k, x]) => [k.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), camelKeys(x)]));
}
