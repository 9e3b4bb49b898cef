import { findUnsafeText, unsafeTextReason } from '../../../src/domain/shared/unsafe-text';

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['plain', 'Panadería La Espiga', null],
    ['emoji (a valid surrogate pair)', 'Café ☕ 😀', null],
    ['NUL', 'a\u0000b', 'nul'],
    ['lone high surrogate', 'a\uD83D', 'lone_surrogate'],
    ['lone low surrogate', '\uDE00b', 'lone_surrogate'],
    ['reversed pair', '\uDE00\uD83D', 'lone_surrogate'],
  ])('%s', (_label, text, reason) => {
    expect(unsafeTextReason(text)).toBe(reason);
  });

  it('walks objects and arrays in document order, keys included, without recursion', () => {
    const value = { name: 'ok', items: [{ d: 'x' }, { d: 'y\u0000' }], ['k\u0000']: 1, tail: '\uD800' };
    expect(findUnsafeText(value)).toEqual([
      { path: 'items[1].d', reason: 'nul' },
      { path: 'k\uFFFD', reason: 'nul' },
      { path: 'tail', reason: 'lone_surrogate' },
    ]);
    let deep: unknown = 'z\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(1);
  });
});
