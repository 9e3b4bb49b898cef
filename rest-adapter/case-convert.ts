import { BoundedMemo } from '../src/domain/shared/bounded-memo';

/**
 * REST speaks snake_case, GraphQL and the services camelCase. The conversion is mechanical:
 * `unit_price` ↔ `unitPrice`, `iva_1` ↔ `iva1`, `no_sujeta` ↔ `noSujeta`.
 */
export function snakeToCamel(key: string): string {
  return remembered(camelOf, key, (k) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()));
}

export function camelToSnake(key: string): string {
  return remembered(snakeOf, key, (k) => k.replace(/([A-Z])/g, (_m, c: string) => `_${c.toLowerCase()}`).replace(/([a-z])(\d)/g, '$1_$2'));
}

// Field names repeat on every request: each conversion is kept, for names of at most 64 characters
// (a body's keys are the caller's: a longer one is converted each time).
const camelOf = new BoundedMemo<string>(4096);
const snakeOf = new BoundedMemo<string>(4096);

function remembered(memo: BoundedMemo<string>, key: string, convert: (key: string) => string): string {
  return key.length <= 64 ? memo.get(key, convert) : convert(key);
}

const SNAKE_KEY = /^[a-z][a-z0-9_]*$/;

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
  // The path of the value being walked, as segments (`.key` or `[i]`); joined only for a bad key.
  const trail: string[] = path ? [path] : [];
  const walk = (v: unknown, depth: number): unknown => {
    if (Array.isArray(v)) {
      return v.map((x, i) => {
        trail.push(`[${i}]`);
        const out = walk(x, depth + 1);
        trail.pop();
        return out;
      });
    }
    if (v === null || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const k in v as Record<string, unknown>) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      const val = (v as Record<string, unknown>)[k];
      trail.push(trail.length ? `.${k}` : k);
      if (!SNAKE_KEY.test(k)) badKeys.push(trail.join(''));
      out[snakeToCamel(k)] = depth === 0 && opts.opaque?.includes(k) ? val : walk(val, depth + 1);
      trail.pop();
    }
    return out;
  };
  return { value: walk(input, 0), badKeys };
}

/** Deep camelCase → snake_case of object keys. */
export function camelKeysToSnake(input: unknown): unknown {
  if (Array.isArray(input)) return input.map(camelKeysToSnake);
  if (input === null || typeof input !== 'object' || input instanceof Date) return input;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) out[camelToSnake(k)] = camelKeysToSnake(v);
  return out;
}
