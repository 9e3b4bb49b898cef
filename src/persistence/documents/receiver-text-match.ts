/**
 * The receiver's name and document number as one folded text (lower case, accents and dashes off):
 * the generated column `receiver_search` that `documents_receiver_search_idx` indexes (ADR 0040).
 */
export const RECEIVER_TEXT = 'd.receiver_search';

/** A LIKE pattern that matches `text` anywhere, its `\`, `%` and `_` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The pattern folded as the column is (dte_search_text), so «Maria» meets «María» and a dashed NIT the plain one. */
const FOLDED_PATTERN = 'dte_search_text(?)';

/** Shortest word asked of the trigram index on its own (a shorter one has no inner trigram). */
const MIN_INDEXED_WORD = 3;

/**
 * `q` against the receiver's name and document number of the document aliased `d`: the whole text, as
 * typed, anywhere in it, regardless of case, accents and dashes.
 *
 * Text of several words is also asked word by word (each word of three or more characters), which
 * the whole implies, and the whole is then checked on an expression the index does not serve
 * (`|| ''`). The trigram index is then asked only for the words' own trigrams: asked for the whole, it
 * also looks up the ones that mark where a word starts and ends inside it ("  m", " me", "ia "),
 * which most names hold, and at 1,000,000 documents that lookup alone went from 7.4 to 2.4 ms for a
 * common full name. One word is asked as it is. `column` names another folded column (the
 * directory's customers and products search the same way).
 */
export function receiverTextMatch(q: string, column: string = RECEIVER_TEXT): { sql: string; params: string[] } {
  const whole = containsPattern(q);
  const words = q.split(/\s+/).filter((w) => w.length >= MIN_INDEXED_WORD);
  if (!/\s/.test(q) || words.length === 0) return { sql: `${column} like ${FOLDED_PATTERN}`, params: [whole] };
  return {
    sql: `(${words.map(() => `${column} like ${FOLDED_PATTERN}`).join(' and ')} and (${column} || '') like ${FOLDED_PATTERN})`,
    params: [...words.map(containsPattern), whole],
  };
}
