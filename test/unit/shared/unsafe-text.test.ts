import { findUnsafeText, mayHoldUnsafeText, unsafeTextReason } from '../../../src/domain/shared/unsafe-text';

describe('text PostgreSQL cannot store', () => {
  it.each<[string, string, string | null]>([
    ['plain', 'Panadería La Espiga', null],
    ['emoji (a valid surrogate pair)', 'Café ☕ 😀', null],
    ['NUL', 'a\u0000b', 'nul'],
    ['lone high surrogate', 'a\uD83D', 'lone_surrogate'],
    ['lone low surrogate', '\uDE00b', 'lone_surrogate'],
    ['reversed pair', '\uDE00\uD83D', 'lone_surrogate'],
    ...[0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c): [string, string, string | null] => [`bidirectional control U+${c.toString(16)}`, `a${String.fromCodePoint(c)}b`, 'bidi_control']),
    ['the marks U+200E/U+200F stay allowed', 'a\u200eb\u200f', null],
    ['Arabic or Hebrew text stays allowed', 'שלום مرحبا', null],
  ])('%s', (_label, text, reason) => {
    expect(unsafeTextReason(text)).toBe(reason);
  });

  it.each([
    ['no escape', '{"name":"Panadería La Espiga","items":[{"d":"Café ☕ 😀"}]}', false],
    ['a surrogate pair written as escapes (a false alarm, walked)', '{"name":"caf\\u00e9 \\n \\ud83d\\ude00"}', true],
    ['NUL escape', '{"name":"a\\u0000b"}', true],
    ['lone surrogate escape, upper case', '{"name":"\\uD83D"}', true],
    ['low surrogate escape, lower case', '{"name":"\\ude00"}', true],
    ['in a key', '{"k\\u0000":1}', true],
    ['an escaped backslash before u0000 (a false alarm, walked)', '{"name":"\\\\u0000"}', true],
    ['an escape that cannot be unsafe', '{"name":"\\u00e9\\u20ac"}', false],
    ['a bidirectional-control escape', '{"name":"a\\u202Eb"}', true],
    ['an isolate escape, lower case', '{"name":"a\\u2066b"}', true],
    ['a raw bidirectional control', `{"name":"a${String.fromCodePoint(0x202e)}b"}`, true],
  ])('a JSON text may hold unsafe text: %s', (_label, text, may) => {
    expect(mayHoldUnsafeText(text)).toBe(may);
    // Never a false "no": whenever the parsed value holds unsafe text, the text says it may.
    if (findUnsafeText(JSON.parse(text)).length) expect(may).toBe(true);
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
