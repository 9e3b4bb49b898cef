import { hasPrefix, newId, newSequentialId } from '../../../src/domain/shared/ids';

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

describe('newSequentialId', () => {
  it.each([
    ['the same millisecond', () => [1_700_000_000_000, 1_700_000_000_000, 1_700_000_000_000]],
    ['the same millisecond after another one in between', () => [1_700_000_000_000, 1_700_000_000_005, 1_700_000_000_000]],
  ])('ids drawn for %s sort in the order they were drawn', (_label, times) => {
    const ids = times().map((t) => newSequentialId('dev', t));
    for (const id of ids) expect(id).toMatch(/^dev_[0-9a-z]{26}$/);
    const sameMs = ids.filter((id) => id.slice(4, 14) === ids[0].slice(4, 14));
    expect([...sameMs].sort()).toEqual(sameMs);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries over when the last random digit is at its top (5,000 in one millisecond stay ordered)', () => {
    const ids = Array.from({ length: 5000 }, () => newSequentialId('dev', 1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(5000);
  });
});
