import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SigningKeyCache } from '../../../src/integrations/signer/jws-signer';

const pkcs8 = (k: KeyObject) => k.export({ format: 'der', type: 'pkcs8' });
const pairs = [0, 1, 2].map(() => generateKeyPairSync('rsa', { modulusLength: 2048 }));

describe('SigningKeyCache', () => {
  it('loads once per key and returns the same KeyObject afterwards', () => {
    const cache = new SigningKeyCache(10);
    const loader = jest.fn(() => pkcs8(pairs[0].privateKey));
    const first = cache.get('em1:00:1', loader);
    const second = cache.get('em1:00:1', loader);
    expect(second).toBe(first);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(first.type).toBe('private');
    expect(first.asymmetricKeyType).toBe('rsa');
    expect(createPublicKey(first).export({ format: 'der', type: 'spki' }).equals(pairs[0].publicKey.export({ format: 'der', type: 'spki' }))).toBe(true);
  });

  it('wipes the decrypted DER returned by the loader', () => {
    const der = pkcs8(pairs[0].privateKey);
    new SigningKeyCache().get('k', () => der);
    expect(der.every((b) => b === 0)).toBe(true);
  });

  it('evicts the least recently used entry beyond maxSize', () => {
    const cache = new SigningKeyCache(2);
    const loads: string[] = [];
    const load = (name: string, i: number) => () => {
      loads.push(name);
      return pkcs8(pairs[i].privateKey);
    };
    cache.get('a', load('a', 0));
    cache.get('b', load('b', 1));
    cache.get('a', load('a', 0)); // a is now the most recent
    cache.get('c', load('c', 2)); // evicts b
    expect(cache.size).toBe(2);
    cache.get('a', load('a', 0));
    cache.get('b', load('b', 1)); // reloaded, evicts c
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('invalidates by prefix', () => {
    const cache = new SigningKeyCache();
    const loader = jest.fn(() => pkcs8(pairs[0].privateKey));
    for (const k of ['em1:00:1', 'em1:01:1', 'em10:00:1', 'em2:00:1']) cache.get(k, loader);
    expect(cache.invalidate('em1:')).toBe(2);
    expect(cache.size).toBe(2);
    cache.get('em1:00:1', loader);
    cache.get('em10:00:1', loader);
    expect(loader).toHaveBeenCalledTimes(5);
  });

  it('does not cache when the loader fails or returns something that is not PKCS#8', () => {
    const cache = new SigningKeyCache();
    expect(() => cache.get('x', () => { throw new Error('sin credenciales'); })).toThrow('sin credenciales');
    expect(() => cache.get('x', () => Buffer.from('basura'))).toThrow();
    expect(cache.size).toBe(0);
  });

  it.each([0, -1, 1.5])('refuses maxSize %p', (n) => {
    expect(() => new SigningKeyCache(n)).toThrow(RangeError);
  });
});
