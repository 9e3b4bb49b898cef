import { createPublicKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { CertificateError } from './certificate-error';
import {
  assertKeyPairMatches,
  assertRsa,
  exportPkcs8,
  exportSpki,
  loadPkcs8,
  missingNit,
  normalizeNit,
} from './certificate-key-checks';
import type { ParsedCertificate } from './certificate.types';

const OID_SERIAL_NUMBER = '2.5.4.5';
const OID_COMMON_NAME = '2.5.4.3';
const MAC_ERROR = /mac could not be verified/i;
const PASSWORD_ERRORS = /invalid password|wrong password|failed to decrypt|mac could not be verified/i;

interface CertCandidate {
  cert: forge.pki.Certificate;
  publicKey: KeyObject;
}

/** True when the bytes start like a DER SEQUENCE (every PKCS#12 file does). */
export function looksLikeDer(file: Buffer): boolean {
  return file.length > 4 && file[0] === 0x30;
}

/**
 * PKCS#12 (.p12/.pfx): decrypted with the password via node-forge; the private key and the
 * certificate whose public key matches it are taken. NIT from subject serialNumber, else CN.
 */
export function parsePkcs12Certificate(file: Buffer, password: string): ParsedCertificate {
  const pfx = openPfx(file, password);
  const bags = pfx.safeContents.flatMap((s) => s.safeBags);
  const keyBag = bags.find((b) => b.type === forge.pki.oids.pkcs8ShroudedKeyBag || b.type === forge.pki.oids.keyBag);
  if (!keyBag) throw unreadable('no contiene una llave privada');
  const privateKey = loadPkcs8(keyDerOf(keyBag));
  assertRsa(privateKey);

  const certBags = bags.filter((b) => b.type === forge.pki.oids.certBag);
  if (!certBags.length) throw unreadable('no contiene el certificado');
  const candidates = certBags.flatMap((b): CertCandidate[] => (b.cert ? [{ cert: b.cert, publicKey: publicKeyOf(b.cert) }] : []));
  if (!candidates.length) {
    throw new CertificateError('certificate_key_unsupported', 'El certificado no usa una llave RSA; el MH exige RSA.');
  }
  const ownSpki = exportSpki(createPublicKey(privateKey));
  const chosen = candidates.find((c) => exportSpki(c.publicKey).equals(ownSpki)) ?? candidates[0];
  assertKeyPairMatches(privateKey, chosen.publicKey);

  const { cert } = chosen;
  const nit = normalizeNit(attributeOf(cert, OID_SERIAL_NUMBER)) ?? normalizeNit(attributeOf(cert, OID_COMMON_NAME));
  if (!nit) throw missingNit('ni el serialNumber ni el CN del sujeto contienen un NIT');

  return {
    format: 'pkcs12',
    nit,
    privateKeyPkcs8Der: exportPkcs8(privateKey),
    publicKeySpkiDer: exportSpki(chosen.publicKey),
    validFrom: cert.validity.notBefore ?? null,
    validUntil: cert.validity.notAfter ?? null,
    subject: subjectOf(cert),
  };
}

function openPfx(file: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  try {
    return forge.pkcs12.pkcs12FromAsn1(readDer(file), false, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (!MAC_ERROR.test(message) && /[^\x00-\x7f]/.test(password)) {
      // The MAC (when present) already passed: it uses the password as BMPString, which forge does right.
      // PBES2 (OpenSSL 3's default) wants the password's UTF-8 bytes, but forge passes raw chars,
      // so a non-ASCII password fails there — usually as a padding error, but about once in 256 the
      // wrong key leaves valid padding and the failure is garbage ASN.1. Retry with UTF-8 bytes,
      // minus the already-checked MAC, whatever the failure was.
      try {
        return forge.pkcs12.pkcs12FromAsn1(withoutMac(readDer(file)), false, forge.util.encodeUtf8(password));
      } catch {
        // fall through to the original error
      }
    }
    if (PASSWORD_ERRORS.test(message)) {
      throw new CertificateError('certificate_password_invalid', 'La contraseña del certificado PKCS#12 es incorrecta.');
    }
    throw new CertificateError('certificate_unreadable', 'El archivo no es un certificado del MH (XML) ni un PKCS#12 (.p12/.pfx) legible.');
  }
}

function readDer(file: Buffer): forge.asn1.Asn1 {
  try {
    return forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')), false);
  } catch {
    throw new CertificateError('certificate_unreadable', 'El archivo no es un certificado del MH (XML) ni un PKCS#12 (.p12/.pfx).');
  }
}

/** PFX ::= SEQUENCE { version, authSafe, macData OPTIONAL } — drop macData. */
function withoutMac(pfx: forge.asn1.Asn1): forge.asn1.Asn1 {
  if (Array.isArray(pfx.value) && pfx.value.length === 3) pfx.value = pfx.value.slice(0, 2);
  return pfx;
}

function keyDerOf(bag: forge.pkcs12.Bag): Buffer {
  const asn1 = bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1;
  if (!asn1) throw unreadable('la llave privada no es legible');
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

function publicKeyOf(cert: forge.pki.Certificate): KeyObject {
  const der = forge.asn1.toDer(forge.pki.publicKeyToAsn1(cert.publicKey)).getBytes();
  return createPublicKey({ key: Buffer.from(der, 'binary'), format: 'der', type: 'spki' });
}

function attributeOf(cert: forge.pki.Certificate, oid: string): string | null {
  const attr = cert.subject.attributes.find((a) => a.type === oid);
  return typeof attr?.value === 'string' ? attr.value : null;
}

function subjectOf(cert: forge.pki.Certificate): string | null {
  const parts = cert.subject.attributes
    .filter((a) => typeof a.value === 'string')
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`);
  return parts.length ? parts.join(', ') : null;
}

function unreadable(detail: string): CertificateError {
  return new CertificateError('certificate_unreadable', `El PKCS#12 no es legible: ${detail}.`);
}
