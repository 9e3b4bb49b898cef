import { NoticeCache, readThrough, type ChangeNotice, type ChangeNotices } from '../../../src/services/shared/notice-cache';

/** A channel driven by the test: notices, a lost and a regained listening connection. */
function fakeChanges() {
  const listeners: ((e: ChangeNotice) => void)[] = [];
  const resets: (() => void)[] = [];
  let up = true;
  const changes: ChangeNotices = {
    subscribe: (fn) => (listeners.push(fn), () => undefined),
    onReset: (fn) => (resets.push(fn), () => undefined),
    listening: () => up,
    close: async () => undefined,
  };
  return { changes, notify: (id: string) => listeners.forEach((fn) => fn({ id })), lose: () => ((up = false), resets.forEach((fn) => fn())) };
}

function setup(maxEntries = 10) {
  const ch = fakeChanges();
  let now = 0;
  const cache = new NoticeCache<string>(ch.changes, { ttlMs: 1_000, maxEntries }, () => now);
  return { ch, cache, advance: (ms: number) => (now += ms) };
}

describe('NoticeCache: entries grouped by what a notice names', () => {
  const cases: { label: string; act: (s: ReturnType<typeof setup>) => void; kept: Record<string, boolean> }[] = [
    { label: 'every entry is served until something happens', act: () => undefined, kept: { 'emt_1/a': true, 'emt_1/b': true, 'emt_2/a': true } },
    { label: 'a notice drops every entry of its group, and only those', act: (s) => s.ch.notify('emt_1'), kept: { 'emt_1/a': false, 'emt_1/b': false, 'emt_2/a': true } },
    { label: "a forget by this process drops the group's entries too", act: (s) => s.cache.forget('emt_2'), kept: { 'emt_1/a': true, 'emt_1/b': true, 'emt_2/a': false } },
    { label: 'a notice naming nothing cached drops nothing', act: (s) => s.ch.notify('emt_9'), kept: { 'emt_1/a': true, 'emt_1/b': true, 'emt_2/a': true } },
    { label: 'entries expire at the TTL', act: (s) => s.advance(1_000), kept: { 'emt_1/a': false, 'emt_1/b': false, 'emt_2/a': false } },
    { label: 'nothing is served once the listening connection is lost', act: (s) => s.ch.lose(), kept: { 'emt_1/a': false, 'emt_1/b': false, 'emt_2/a': false } },
  ];
  it.each(cases)('$label', ({ act, kept }) => {
    const s = setup();
    for (const key of Object.keys(kept)) s.cache.set(key, key.split('/')[0], `value of ${key}`, s.cache.generation());
    act(s);
    expect(Object.fromEntries(Object.keys(kept).map((k) => [k, s.cache.get(k) !== null]))).toEqual(kept);
  });

  it('past maxEntries the oldest entry leaves, and its group forgets it', () => {
    const s = setup(2);
    s.cache.set('k1', 'g1', 'v1', s.cache.generation());
    s.cache.set('k2', 'g2', 'v2', s.cache.generation());
    s.cache.set('k3', 'g1', 'v3', s.cache.generation());
    expect([s.cache.get('k1'), s.cache.get('k2'), s.cache.get('k3')]).toEqual([null, 'v2', 'v3']);
    s.ch.notify('g1');
    expect([s.cache.get('k2'), s.cache.get('k3')]).toEqual(['v2', null]);
  });
});

describe('readThrough', () => {
  it('loads on a miss and keeps the value; the next read does not load', async () => {
    const s = setup();
    const load = jest.fn(async () => 'fresh');
    expect(await readThrough(s.cache, 'k', 'g', load)).toBe('fresh');
    expect(await readThrough(s.cache, 'k', 'g', load)).toBe('fresh');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing for a null answer (an unknown emitter is asked again)', async () => {
    const s = setup();
    const load = jest.fn(async () => null);
    await readThrough(s.cache, 'k', 'g', load);
    await readThrough(s.cache, 'k', 'g', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a value whose read raced a notice (read before a change, answered after it)', async () => {
    const s = setup();
    expect(await readThrough(s.cache, 'k', 'g', async () => (s.ch.notify('g'), 'old'))).toBe('old');
    expect(s.cache.get('k')).toBeNull();
  });

  it('without a cache (embedded database) it always loads', async () => {
    const load = jest.fn(async () => 'v');
    await readThrough(null, 'k', 'g', load);
    await readThrough(undefined, 'k', 'g', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
