/**
 * One list of document statuses: the state machine (src/domain/documents) owns every list of them
 * (sealed, final, awaiting the seal, booked …). Elsewhere in src/ a list is imported from there, and
 * SQL that needs one in its text builds it from those constants (`statusListSql`), so no list of
 * status literals may appear: not as an array or a Set, not as SQL `in (…)`.
 */
import { DOCUMENT_STATUSES } from '../../../src/domain/documents';
import { statusListSql } from '../../../src/persistence/documents/document-queries';
import { findingsInSnippet, findingsInTree } from '../../support/source-files';

const OWNER = 'src/domain/documents/';

/**
 * Files allowed to write a list of status literals, and why. Empty: SQL is built from the
 * constants by `statusListSql` (src/persistence/documents/document-queries.ts), whose text holds none.
 */
const ALLOWED: Record<string, string> = {};

const status = `(?:${DOCUMENT_STATUSES.join('|')})`;
const literal = `(?:'${status}'|"${status}")`;
/** `['processed', 'voided']`, `new Set(["a", "b"])`, `array['a','b']`, and SQL `in ('voided', 'rejected')`. */
const LIST = new RegExp(`\\[\\s*${literal}(?:\\s*,\\s*${literal})+\\s*,?\\s*\\]|\\bin\\s*\\(\\s*${literal}(?:\\s*,\\s*${literal})+\\s*\\)`, 'gi');

describe('document status lists live in the state machine', () => {
  it('no file of src/ outside src/domain/documents writes a list of status literals', () => {
    expect(findingsInTree(['src'], (f) => f.startsWith(OWNER) || f in ALLOWED, LIST)).toEqual([]);
  });

  it.each([
    ['an array', "if (['processed', 'voided'].includes(s)) {}", 1],
    ['a Set over lines', "const F = new Set([\n  'processed',\n  'rejected',\n  'voided',\n]);", 1],
    ['SQL in (…) in a template', 'const q = `select id from documents where status not IN (\'voided\', \'rejected\')`;', 1],
    ['SQL array[…]', "const q = `status = any(array['signed','sending'])`;", 1],
    ['one status', "if (s === 'processed') {}", 0],
    ['a list built from the constants', "const S = new Set([...SEALED_STATUSES, 'error']);", 0],
    ['other statuses', "const E = ['open', 'recovering', 'failed'];", 0],
    ['a comment', "// status not in ('voided', 'rejected')", 0],
  ])('the check finds %s', (_label, code, count) => {
    expect(findingsInSnippet(code, LIST)).toHaveLength(count);
  });

  it('SQL lists come from the constants, checked', () => {
    expect(statusListSql(['rejected', 'voided'])).toBe("'rejected', 'voided'");
    expect(() => statusListSql(["x'; drop table documents; --" as never])).toThrow(/desconocido/);
    expect(() => statusListSql([])).toThrow(/vacía/);
  });
});
