/**
 * Results of a pure computation kept per key, at most `max` of them: past that the oldest goes (a
 * hit is only a read: this sits on hot paths). For work every request repeats on the same few inputs
 * (a field name's case, a password's fingerprint, an opened secret). A computation that throws keeps
 * nothing.
 */
export class BoundedMemo<V> {
  readonly #entries = new Map<string, V>();

  constructor(private readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError('BoundedMemo: max debe ser un entero ≥ 1.');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string, compute: (key: string) => V): V {
    if (this.#entries.has(key)) return this.#entries.get(key) as V;
    const value = compute(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as string);
    return value;
  }
}
