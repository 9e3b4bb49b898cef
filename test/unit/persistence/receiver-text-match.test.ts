import { containsPattern, RECEIVER_TEXT, receiverTextMatch } from '../../../src/persistence/documents/receiver-text-match';

const R = RECEIVER_TEXT;

describe('receiverTextMatch', () => {
  it.each([
    ['one word: asked as it is', 'quintanilla', `${R} ilike ?`, ['%quintanilla%']],
    ['short text', 'de', `${R} ilike ?`, ['%de%']],
    ['words all shorter than three characters: the whole only', 'a b', `${R} ilike ?`, ['%a b%']],
    ['two words: each to the index, the whole checked apart', 'Sofía Mejía', `(${R} ilike ? and ${R} ilike ? and (${R} || '') ilike ?)`, ['%Sofía%', '%Mejía%', '%Sofía Mejía%']],
    ['short words are not asked apart', 'Sofía M', `(${R} ilike ? and (${R} || '') ilike ?)`, ['%Sofía%', '%Sofía M%']],
    ['runs of spaces kept in the whole', 'Ana  Cruz', `(${R} ilike ? and ${R} ilike ? and (${R} || '') ilike ?)`, ['%Ana%', '%Cruz%', '%Ana  Cruz%']],
    ['wildcards taken literally in every part', '100% a_b', `(${R} ilike ? and ${R} ilike ? and (${R} || '') ilike ?)`, ['%100\\%%', '%a\\_b%', '%100\\% a\\_b%']],
  ])('%s', (_label, q, sql, params) => {
    expect(receiverTextMatch(q)).toEqual({ sql, params });
  });

  it('escapes the backslash too', () => {
    expect(containsPattern('a\\b')).toBe('%a\\\\b%');
  });
});
