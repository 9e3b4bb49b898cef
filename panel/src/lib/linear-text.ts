/**
 * Single-pass text helpers (the service keeps the same in src/domain/shared/linear-text.ts): a
 * regular expression ending in a quantifier is tried at every starting position, which is quadratic
 * on a long run of the repeated character (ADR 0050).
 */

/** `text` without the run of `char` at its end (`trimTrailing('a///', '/')` → `'a'`). */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** Digits grouped by thousands with `separator` (`'1234567'` → `'1,234,567'`); other text is returned as it is. */
export function groupThousands(digits: string, separator = ','): string {
  if (digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}
