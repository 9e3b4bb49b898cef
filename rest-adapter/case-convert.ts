/**
 * REST speaks snake_case, GraphQL and the services camelCase. The conversion is mechanical:
 * `unit_price` ↔ `unitPrice`, `iva_1` ↔ `iva1`, `no_sujeta` ↔ `noSujeta`.
 */
export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/([A-Z])/g, (_m, c: string) => `_${c.toLowerCase()}`).replace(/([a-z])(\d)/g, '$1_$2');
}

/**
 * `items[0].unitPrice` → `items[0].unit_price`. A header name (`Idempotency-Key`, capitalised, never a
 * camelCase field) is kept as it is.
 */
export function camelPathToSnake(path: string): string {
  if (/^[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$/.test(path)) return path;
  return path.replace(/[A-Za-z][A-Za-z0-9]*/g, (seg) => camelToSnake(seg));
}

export interface ConvertOptions {
  /** Top-level keys (snake_case) whose values are passed through untouched, such as `raw`. */
  opaque?: readonly string[];
}

export interface ConvertResult {
  value: unknown;
  /** snake_case paths of keys that are not snake_case (camelCase keys are not accepted over REST). */
  badKeys: string[];
}

/** Deep snake_case → camelCase of object keys; arrays and scalars kept. */
export function snakeKeysToCamel(input: unknown, opts: ConvertOptions = {}, path = ''): ConvertResult {
  const badKeys: string[] = [];
  const walk = (v: unknown, p: string, depth: number): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${p}[${i}]`, depth + 1));
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
      const childPath = p ? `${p}.${k}` : k;
      if (!/^[a-z][a-z0-9_]*$/.test(k)) badKeys.push(childPath);
      const camel = snakeToCamel(k);
      out[camel] = depth === 0 && opts.opaque?.includes(k) ? val : walk(val, childPath, depth + 1);
    }
    return out;
  };
  return { value: walk(input, path, 0), badKeys };
}

/** Deep camelCase → snake_case of object keys. */
export function camelKeysToSnake(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(camelKeysToSnake);
  if (input === null || typeof input !== 'object' || input instanceof Date) return input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) out[camelToSnake(k)] = camelKeysToSnake(v);
  return out;
}
