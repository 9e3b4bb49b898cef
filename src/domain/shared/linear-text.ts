/**
 * Text operations that a regular expression would do with a quantifier at its end (`/\/+$/`,
 * `/0+$/`, a thousands lookahead), written as single passes: a backtracking engine tries such a
 * pattern at every starting position, which is quadratic on a long run of the repeated character
 * followed by anything else (ADR 0050; the lint rule regexp/no-super-linear-move finds them).
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
