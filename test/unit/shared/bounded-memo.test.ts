import { BoundedMemo } from '../../../src/domain/shared/bounded-memo';

describe('BoundedMemo', () => {
  it('computes a key once and answers it from memory after', () => {
    const memo = new BoundedMemo<string>(4);
    const calls: string[] = [];
    const upper = (k: string) => {
      calls.push(k);
      return k.toUpperCase();
    };
    expect([memo.get('a', upper), memo.get('a', upper), memo.get('b', upper)]).toEqual(['A', 'A', 'B']);
    expect(calls).toEqual(['a', 'b']);
  });

  it('keeps at most max entries, dropping the oldest', () => {
    const memo = new BoundedMemo<number>(2);
    let n = 0;
    const count = () => ++n;
    memo.get('a', count); // 1
    memo.get('b', count); // 2
    memo.get('a', count); // a hit: nothing changes
    memo.get('c', count); // 3, a (the oldest) goes
    expect(memo.size).toBe(2);
    expect([memo.get('b', count), memo.get('c', count), memo.get('a', count)]).toEqual([2, 3, 4]);
  });

  it('keeps nothing when the computation throws', () => {
    const memo = new BoundedMemo<string>(2);
    expect(() => memo.get('x', () => { throw new Error('no'); })).toThrow('no');
    expect(memo.size).toBe(0);
    expect(memo.get('x', () => 'ok')).toBe('ok');
  });

  it.each([0, -1, 1.5])('refuses a bound of %p', (max) => {
    expect(() => new BoundedMemo(max)).toThrow(RangeError);
  });
});
