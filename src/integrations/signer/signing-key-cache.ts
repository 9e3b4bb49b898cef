import { createPrivateKey, type KeyObject } from 'node:crypto';

/**
 * In-memory LRU of signing keys, keyed by an arbitrary string such as
 * `${emitterId}:${environment}:${credentialVersion}`. Keys are built from decrypted PKCS#8 DER and
 * live only in this process; the DER buffer the loader returns is zero-filled once the key exists.
 */
export class SigningKeyCache {
  readonly #entries = new Map<string, KeyObject>();

  constructor(readonly maxSize = 100) {
    if (!Number.isInteger(maxSize) || maxSize < 1) throw new RangeError('SigningKeyCache: maxSize debe ser un entero ≥ 1.');
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The cached key, or the key built from `loader()` (unencrypted PKCS#8 DER), then cached. */
  get(key: string, loader: () => Buffer): KeyObject {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit;
    }
    const der = loader();
    let created: KeyObject;
    try {
      created = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    } finally {
      der.fill(0);
    }
    this.#entries.set(key, created);
    while (this.#entries.size > this.maxSize) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    return created;
  }

  /** Drops every entry whose key starts with `prefix` (e.g. `${emitterId}:`); returns how many. */
  invalidate(prefix: string): number {
    let removed = 0;
    for (const key of [...this.#entries.keys()]) {
      if (key.startsWith(prefix)) {
        this.#entries.delete(key);
        removed++;
      }
    }
    return removed;
  }

  clear(): void {
    this.#entries.clear();
  }
}
