import { toPositional } from '../../../src/services/shared/sql';

describe('toPositional', () => {
  it.each([
    ['select 1', 'select 1'],
    ['select * from t where a = ? and b = ?', 'select * from t where a = $1 and b = $2'],
    ['update t set a = ?, b = ?::jsonb where id = any(?::text[])', 'update t set a = $1, b = $2::jsonb where id = any($3::text[])'],
    ['select data \\? ? from t', 'select data ? $1 from t'],
    ['select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?', 'select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11'],
  ])('%s', (input, expected) => {
    expect(toPositional(input)).toBe(expected);
    expect(toPositional(input)).toBe(expected); // cached
  });
});
