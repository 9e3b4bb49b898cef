import { containsPattern, RECEIVER_TEXT, receiverTextMatch } from '../../../src/persistence/documents/receiver-text-match';

const R = RECEIVER_TEXT;
/** Each pattern folded as the column is (dte_search_text: lower case, accents and dashes off; ADR 0040). */
const F = 'like dte_search_text(?)';

describe('receiverTextMatch', () => {
  it.each([
    ['one word: asked as it is', 'quintanilla', `${R} ${F}`, ['%quintanilla%']],
    ['short text', 'de', `${R} ${F}`, ['%de%']],
    ['words all shorter than three characters: the whole only', 'a b', `${R} ${F}`, ['%a b%']],
    ['two words: each to the index, the whole checked apart', 'Sofía Mejía', `(${R} ${F} and ${R} ${F} and (${R} || '') ${F})`, ['%Sofía%', '%Mejía%', '%Sofía Mejía%']],
    ['short words are not asked apart', 'Sofía M', `(${R} ${F} and (${R} || '') ${F})`, ['%Sofía%', '%Sofía M%']],
    ['runs of spaces kept in the whole', 'Ana  Cruz', `(${R} ${F} and ${R} ${F} and (${R} || '') ${F})`, ['%Ana%', '%Cruz%', '%Ana  Cruz%']],
    ['accents and a dashed number are left for the fold', 'María 0614-0101', `(${R} ${F} and ${R} ${F} and (${R} || '') ${F})`, ['%María%', '%0614-0101%', '%María 0614-0101%']],
    ['wildcards taken literally in every part', '100% a_b', `(${R} ${F} and ${R} ${F} and (${R} || '') ${F})`, ['%100\\%%', '%a\\_b%', '%100\\% a\\_b%']],
  ])('%s', (_label, q, sql, params) => {
    expect(receiverTextMatch(q)).toEqual({ sql, params });
  });

  it('escapes the backslash too', () => {
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
