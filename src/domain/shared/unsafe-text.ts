/**
 * Text the service does not take: the NUL character (U+0000, refused by PostgreSQL in `text` and
 * `jsonb`), lone UTF-16 surrogates (not Unicode scalar values; `jsonb` refuses their escapes), and the
 * bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), which make a
 * PDF, a book or a screen show text in another order than the one stored and sealed (a name that reads
 * differently from what MH received). Every door refuses them in paths, query parameters, bodies and
 * GraphQL arguments before anything reaches a service, naming the field (400/422) — so no text field
 * that reaches a DTE, a PDF or a book can hold one.
 */
export type UnsafeTextReason = 'nul' | 'lone_surrogate' | 'bidi_control';

export interface UnsafeTextHit {
  /** Dotted path with indices as received (`receiver.name`, `items[2].description`); '' for the value itself. */
  path: string;
  reason: UnsafeTextReason;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export function unsafeTextReason(text: string): UnsafeTextReason | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  if (BIDI_CONTROL.test(text)) return 'bidi_control';
  return null;
}

export function unsafeTextMessage(reason: UnsafeTextReason): string {
  if (reason === 'nul') return 'El texto contiene el carácter nulo (U+0000), que no se admite.';
  if (reason === 'lone_surrogate') return 'El texto contiene un sustituto UTF-16 suelto (no es Unicode válido), que no se admite.';
  return 'El texto contiene un control de dirección bidireccional (U+202A–U+202E o U+2066–U+2069), que haría mostrar el texto en otro orden que el guardado; no se admite.';
}

/** `\u0000`, a `\uD800`–`\uDFFF` or a bidirectional-control escape (any case of its hex digits), or a raw bidirectional control. */
const UNSAFE_ESCAPE = /\\u(?:0000|[dD][89abcdefABCDEF]|202[a-eA-E]|206[6-9])|[\u202A-\u202E\u2066-\u2069]/;

/**
 * Whether a JSON text can decode to unsafe text. JSON admits neither a raw NUL nor any raw control
 * character inside a string, and text decoded from UTF-8 holds no lone surrogate (an invalid
 * sequence decodes to U+FFFD), so NUL and surrogates come only from a `\u` escape; a bidirectional
 * control may also come raw. False
 * spares the walk of findUnsafeText; true may be a false alarm (an escaped backslash before `u0000`).
 */
export function mayHoldUnsafeText(jsonText: string): boolean {
  return UNSAFE_ESCAPE.test(jsonText);
}

/** A key shown in a path with the characters that made it unsafe replaced by U+FFFD. */
function printableKey(key: string): string {
  return unsafeTextReason(key) ? key.replace(/[\u0000\uD800-\uDFFF\u202A-\u202E\u2066-\u2069]/g, '\uFFFD') : key;
}

function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const k = printableKey(key);
  return parent ? `${parent}.${k}` : k;
}

/**
 * Every string and object key inside a JSON-like value, walked without recursion (a hostile value
 * cannot overflow the stack); returns up to `limit` hits in document order.
 */
export function findUnsafeText(value: unknown, rootPath = '', limit = 10): UnsafeTextHit[] {
  const hits: UnsafeTextHit[] = [];
  // Each entry: a value, its path, and why its own key is unsafe (reported before its content).
  const stack: [unknown, string, UnsafeTextReason | null][] = [[value, rootPath, null]];
  while (stack.length && hits.length < limit) {
    const [v, path, keyReason] = stack.pop()!;
    if (keyReason) hits.push({ path, reason: keyReason });
    if (typeof v === 'string') {
      const reason = unsafeTextReason(v);
      if (reason) hits.push({ path, reason });
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const children: [unknown, string, UnsafeTextReason | null][] = Array.isArray(v)
      ? v.map((child, i) => [child, childPath(path, i), null])
      : Object.entries(v as Record<string, unknown>).map(([k, child]) => [child, childPath(path, k), unsafeTextReason(k)]);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return hits.slice(0, limit);
}
