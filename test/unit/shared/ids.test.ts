import { hasPrefix, newId } from '../../../src/domain/shared/ids';

describe('newId', () => {
  it('has the prefix, 10 time characters and 16 random ones, sorts by time, and 2,000 in a row are distinct', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => newId('doc', 1_700_000_000_000 + i));
    for (const id of ids) {
      expect(id).toMatch(/^doc_[0-9a-z]{26}$/);
      expect(hasPrefix(id, 'doc')).toBe(true);
    }
    expect(new Set(ids).size).toBe(2000);
    expect([...ids].sort()).toEqual(ids);
    const sameInstant = Array.from({ length: 600 }, () => newId('evt', 1_700_000_000_000));
    expect(new Set(sameInstant.map((id) => id.slice(14))).size).toBe(600);
  });
});
