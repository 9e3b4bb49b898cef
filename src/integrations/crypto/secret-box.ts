import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { BoundedMemo } from '../../domain/shared/bounded-memo';
import { CryptoError } from './crypto-error';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const B64URL = /^[A-Za-z0-9_-]*$/;
/** Opened texts `openTextRemembered` keeps. */
const REMEMBERED_MAX = 256;

/**
 * AES-256-GCM encryption of secrets at rest (certificate keys, passwords).
 * Sealed format: `v1.<b64url iv>.<b64url tag>.<b64url ciphertext>`, a fresh random 12-byte IV per seal.
 * Optional `aad` binds a sealed value to its context (for example `emitter:<id>:00:certificate`):
 * opening with a different `aad` fails like tampering.
 */
export class SecretBox {
  readonly #key: Buffer;
  /** Keys a value may still be sealed with during a rotation (DTE_MASTER_KEY_PREVIOUS): opened, never used to seal. */
  readonly #previous: Buffer[];
  readonly #remembered = new BoundedMemo<string>(REMEMBERED_MAX);

  constructor(masterKey: Buffer, previousKeys: Buffer[] = []) {
    for (const k of [masterKey, ...previousKeys]) {
      if (!Buffer.isBuffer(k) || k.length !== 32) throw new CryptoError('secret_box_key_invalid', 'La llave maestra debe tener exactamente 32 bytes.');
    }
    this.#key = Buffer.from(masterKey);
    this.#previous = previousKeys.map((k) => Buffer.from(k));
  }

  /** Whether `sealed` opens with the current key (a rotation skips it). */
  sealedWithCurrentKey(sealed: string, aad?: string): boolean {
    try {
      this.openWith(this.#key, parse(sealed), aad);
      return true;
    } catch {
      return false;
    }
  }

  seal(plain: string | Buffer, aad?: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv, { authTagLength: TAG_BYTES });
    if (aad !== undefined) cipher.setAAD(Buffer.from(aad, 'utf8'));
    const data = typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain;
    const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** Opens with the current key, else with each previous key (a rotation under way). */
  open(sealed: string, aad?: string): Buffer {
    const parts = parse(sealed);
    for (const key of [this.#key, ...this.#previous]) {
      try {
        return this.openWith(key, parts, aad);
      } catch {
        // the next key
      }
    }
    throw new CryptoError(
      'sealed_secret_tampered',
      'No se pudo descifrar el secreto: fue alterado o se cifró con otra llave maestra (DTE_MASTER_KEY).',
    );
  }

  private openWith(key: Buffer, parts: SealedParts, aad: string | undefined): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', key, parts.iv, { authTagLength: TAG_BYTES });
    if (aad !== undefined) decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
  }

  /** A 32-byte key for another purpose (HKDF-SHA256 of the master key with `label`), e.g. signing links. */
  deriveKey(label: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, Buffer.alloc(0), Buffer.from(`dte/${label}`, 'utf8'), 32));
  }

  openText(sealed: string, aad?: string): string {
    return this.open(sealed, aad).toString('utf8');
  }

  /**
   * `openText` for a small secret read on every request (an issuer's MH password): the opened text is
   * kept in this box's memory, keyed by the sealed text and its `aad`, so a changed secret (a new
   * seal, a fresh IV) is opened again. Memory only, never logged; a failure is not kept.
   */
  openTextRemembered(sealed: string, aad?: string): string {
    return this.#remembered.get(`${aad ?? ''}\n${sealed}`, () => this.openText(sealed, aad));
  }
}

interface SealedParts {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

function parse(sealed: string): SealedParts {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  if (parts.length !== 4 || parts[0] !== VERSION || !parts.slice(1).every((p) => B64URL.test(p))) {
    throw new CryptoError('sealed_secret_malformed', 'El secreto cifrado no tiene un formato reconocido.');
  }
  const iv = Buffer.from(parts[1], 'base64url');
  const tag = Buffer.from(parts[2], 'base64url');
  const ciphertext = Buffer.from(parts[3], 'base64url');
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new CryptoError('sealed_secret_malformed', 'El secreto cifrado no tiene un formato reconocido.');
  }
  return { iv, tag, ciphertext };
}
