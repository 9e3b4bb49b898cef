import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { CertificateError } from './certificate-error';

/** Loads an unencrypted PKCS#8 DER private key; any failure is `certificate_unreadable`. */
export function loadPkcs8(der: Buffer): KeyObject {
  try {
    return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    throw new CertificateError('certificate_unreadable', 'La llave privada del certificado no es legible (PKCS#8).');
  }
}

/** Loads a SubjectPublicKeyInfo DER public key; any failure is `certificate_unreadable`. */
export function loadSpki(der: Buffer): KeyObject {
  try {
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    throw new CertificateError('certificate_unreadable', 'La llave pública del certificado no es legible (X.509 SPKI).');
  }
}

/** MH signs with RS512, so only RSA keys can be used. */
export function assertRsa(key: KeyObject): void {
  if (key.asymmetricKeyType !== 'rsa') {
    throw new CertificateError(
      'certificate_key_unsupported',
      `La llave del certificado es de tipo ${key.asymmetricKeyType ?? 'desconocido'}; el MH exige una llave RSA.`,
    );
  }
}

/** Signs a random challenge with the private key and verifies it with the public key. */
export function assertKeyPairMatches(privateKey: KeyObject, publicKey: KeyObject): void {
  let ok = false;
  try {
    const challenge = randomBytes(32);
    ok = verify('sha512', challenge, publicKey, sign('sha512', challenge, privateKey));
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new CertificateError(
      'certificate_key_mismatch',
      'La llave privada no corresponde a la llave pública del certificado.',
    );
  }
}

export function exportPkcs8(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'pkcs8' });
}

export function exportSpki(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' });
}

/** Digits only; a NIT has 14 digits, or 9 when it is the DUI. Null otherwise. */
export function normalizeNit(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = raw.replace(/\D/g, '');
  return digits.length === 14 || digits.length === 9 ? digits : null;
}

export function missingNit(detail: string): CertificateError {
  return new CertificateError('certificate_missing_nit', `El certificado no indica un NIT válido (14 o 9 dígitos): ${detail}.`);
}
