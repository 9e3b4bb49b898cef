import { GroupedWrites } from '../../../src/persistence/grouped-writes';

/** A write that records its groups and answers when the test lets it. */
function recorder(opts: { retryAlone?: boolean } = {}) {
  const groups: [string, number[]][] = [];
  const gates: (() => void)[] = [];
  const writes = new GroupedWrites<number, number>(async (key, items) => {
    groups.push([key, items]);
    await new Promise<void>((open) => gates.push(open));
    if (items.includes(13)) throw new Error('trece');
    return items.map((n) => n * 10);
  }, 3, opts);
  const openNext = async () => {
    while (!gates.length) await new Promise((r) => setImmediate(r));
    gates.shift()!();
  };
  return { groups, writes, openNext };
}

describe('GroupedWrites', () => {
  it('writes one item at once, and takes what arrived meanwhile in the next group (at most maxGroup)', async () => {
    const { groups, writes, openNext } = recorder();
    const first = writes.submit('a', 1);
    const rest = [2, 3, 4, 5].map((n) => writes.submit('a', n));
    expect(groups).toEqual([['a', [1]]]);
    await openNext();
    await openNext();
    await openNext();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
    expect(groups).toEqual([['a', [1]], ['a', [2, 3, 4]], ['a', [5]]]);
  });

  it('keeps keys apart: a write of one key does not hold another', async () => {
    const { groups, writes, openNext } = recorder();
    const a = writes.submit('a', 1);
    const b = writes.submit('b', 2);
    expect(groups).toEqual([['a', [1]], ['b', [2]]]);
    await openNext();
    await openNext();
    expect([await a, await b]).toEqual([10, 20]);
  });

  it("a failed write rejects its own group only, and the next group still goes", async () => {
    const { groups, writes, openNext } = recorder();
    const first = writes.submit('a', 1);
    const failing = [12, 13].map((n) => writes.submit('a', n));
    await openNext();
    expect(await first).toBe(10);
    const next = writes.submit('a', 7);
    await openNext();
    for (const f of failing) await expect(f).rejects.toThrow('trece');
    await openNext();
    expect(await next).toBe(70);
    expect(groups).toEqual([['a', [1]], ['a', [12, 13]], ['a', [7]]]);
  });
});

describe('GroupedWrites with retryAlone', () => {
  it('writes a failed group again item by item: only the faulty item fails', async () => {
    const { groups, writes, openNext } = recorder({ retryAlone: true });
    const first = writes.submit('a', 1);
    const group = Promise.allSettled([12, 13, 14].map((n) => writes.submit('a', n)));
    await openNext();
    await openNext();
    for (let i = 0; i < 3; i++) await openNext();
    expect(await first).toBe(10);
    const settled = await group;
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([120, 'trece', 140]);
    expect(groups).toEqual([['a', [1]], ['a', [12, 13, 14]], ['a', [12]], ['a', [13]], ['a', [14]]]);
  });
});
