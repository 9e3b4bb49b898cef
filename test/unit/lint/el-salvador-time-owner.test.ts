/**
 * El Salvador time (UTC−6, no daylight saving) is converted in one module,
 * src/domain/mh-rules/el-salvador-time.ts. Any other file of src/ that computes the −06:00 offset by
 * hand (six hours in milliseconds or seconds, the offset text, an hour shifted by six) fails here:
 * it imports `localDateTime`, `instantOfLocal`, `formatMhDateTime` … instead.
 */
import { findingsInSnippet, findingsInTree } from '../../support/source-files';

const OWNER = 'src/domain/mh-rules/el-salvador-time.ts';

const OFFSET_BY_HAND = new RegExp(
  [
    // 6 h as a product: 6 * 60 * 60 [* 1000], 6 * 3600 [* 1000], 6 * 3_600_000, 6 * 36e5, 6 * 60 * 60_000 …
    String.raw`\b6\s*\*\s*(?:60\s*\*\s*60(?:_?000)?|3_?600(?:_?000)?|36e5|60\s*\*\s*60\s*\*\s*1e3)\b`,
    // … or written out: 21600 s, 21600000 ms, 360 min (Date#getTimezoneOffset of El Salvador)
    String.raw`\b21_?600(?:_?000)?\b`,
    String.raw`getTimezoneOffset\(\)`,
    // the offset as text: '-06:00', "-0600", '-06'
    String.raw`['"\`][+-]06(?::?00)?['"\`]`,
    // an hour shifted by six: getUTCHours() - 6, setUTCHours(h + 6)
    String.raw`UTCHours\([^)]*\)\s*[-+]\s*6\b|setUTCHours\([^)]*[-+]\s*6\b`,
  ].join('|'),
  'g',
);

describe('El Salvador time has one owner', () => {
  it('no file of src/ but el-salvador-time.ts computes the −06:00 offset by hand', () => {
    expect(findingsInTree(['src'], (f) => f === OWNER, OFFSET_BY_HAND)).toEqual([]);
  });

  it.each([
    ['milliseconds by product', 'const SV_OFFSET_MS = 6 * 60 * 60 * 1000;', 1],
    ['hours in seconds', 'new Date(d.getTime() - 6 * 3600 * 1000)', 1],
    ['a literal', 'const OFFSET = 21_600_000;', 1],
    ['the offset text', "new Date(`${date}T00:00:00${'-06:00'}`)", 1],
    ['a shifted hour', 'const h = d.getUTCHours() - 6;', 1],
    ['the machine’s own zone', 'd.getTimezoneOffset()', 1],
    ['six minutes', 'const WAIT_MS = 6 * 60_000;', 0],
    ['an ISO example in a message', "'use ISO 8601 (p. ej. 2026-01-31T10:15:00-06:00)'", 0],
    ['a comment', '// UTC−6: 6 * 3600 * 1000', 0],
  ])('the check finds %s', (_label, code, count) => {
    expect(findingsInSnippet(code, OFFSET_BY_HAND)).toHaveLength(count);
  });
});
