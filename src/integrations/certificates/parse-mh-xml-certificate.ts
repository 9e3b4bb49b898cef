import { createHash, timingSafeEqual } from 'node:crypto';
import { CertificateError } from './certificate-error';
import {
  assertKeyPairMatches,
  assertRsa,
  exportPkcs8,
  exportSpki,
  loadPkcs8,
  loadSpki,
  missingNit,
  normalizeNit,
} from './certificate-key-checks';
import type { ParsedCertificate } from './certificate.types';
import { readMhDate } from './mh-date-parser';
import { at, childOf, findFirst, readXml, textOf, XmlRefused, type XmlNode } from './mh-xml-reader';

/** A certificate from MH's console is about 5 KB; far larger is no certificate (and bounds the parser's work). */
export const MAX_MH_XML_BYTES = 64 * 1024;

const ROOT = /<\s*(?:[A-Za-z_][\w.-]*:)?CertificadoMH[\s/>]/i;
const SHA512_HEX = /^[0-9a-fA-F]{128}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** True when the text is an MH `<CertificadoMH>` document (the `.crt` downloaded from MH's console). */
export function looksLikeMhXml(text: string): boolean {
  return /^\s*</.test(text) && ROOT.test(text);
}

/**
 * MH XML certificate: the key is stored unencrypted; `privateKey/clave` is the SHA-512 hex of the
 * private-key password, compared in constant time (the password decrypts nothing).
 */
export function parseMhXmlCertificate(text: string, password: string): ParsedCertificate {
  if (Buffer.byteLength(text, 'utf8') > MAX_MH_XML_BYTES) throw unreadable(`el archivo XML supera ${MAX_MH_XML_BYTES / 1024} KB (un certificado del MH ocupa unos 5 KB)`);
  const root = findFirst(readTree(text), 'CertificadoMH');
  if (!root) throw unreadable('no es un documento <CertificadoMH>');

  const privateNode = childOf(root, 'privateKey');
  const privateDer = base64Of(encodedOf(privateNode), 'privateKey/encodied');
  const publicDer = base64Of(encodedOf(childOf(root, 'publicKey')), 'publicKey/encodied');
  const clave = textOf(at(privateNode, 'clave'));
  if (!clave || !SHA512_HEX.test(clave)) throw unreadable('falta privateKey/clave o no es un SHA-512');

  const privateKey = loadPkcs8(privateDer);
  const publicKey = loadSpki(publicDer);

  const expected = Buffer.from(clave, 'hex');
  const actual = createHash('sha512').update(password, 'utf8').digest();
  if (!timingSafeEqual(expected, actual)) {
    throw new CertificateError('certificate_password_invalid', 'La contraseña de la llave privada del certificado es incorrecta.');
  }

  assertRsa(privateKey);
  assertRsa(publicKey);
  assertKeyPairMatches(privateKey, publicKey);
  const basic = at(root, 'certificado', 'basicEstructure');
  const embedded = embeddedPublicKey(basic);
  if (embedded && !embedded.equals(publicKey)) {
    throw new CertificateError(
      'certificate_key_mismatch',
      'La llave pública del certificado no coincide con la de su estructura (subjectPublicKeyInfo).',
    );
  }

  const nit = normalizeNit(textOf(childOf(root, 'nit')));
  if (!nit) throw missingNit('el elemento <nit> falta o no tiene 14 o 9 dígitos');

  return {
    format: 'mh-xml',
    nit,
    privateKeyPkcs8Der: exportPkcs8(privateKey),
    publicKeySpkiDer: exportSpki(publicKey),
    validFrom: readMhDate(at(basic, 'validity', 'notBefore')),
    validUntil: readMhDate(at(basic, 'validity', 'notAfter')),
    subject: subjectOf(at(basic, 'subject')),
  };
}

function readTree(text: string): XmlNode {
  try {
    return readXml(text);
  } catch (err) {
    if (err instanceof XmlRefused) throw unreadable(err.reason);
    throw err;
  }
}

function encodedOf(keyNode: XmlNode | null): string | null {
  // `encodied` is MH's spelling; `encoded` tolerated.
  return textOf(childOf(keyNode, 'encodied')) ?? textOf(childOf(keyNode, 'encoded'));
}

function base64Of(value: string | null, where: string): Buffer {
  const compact = value?.replace(/\s+/g, '') ?? '';
  if (!compact || !BASE64.test(compact)) throw unreadable(`falta ${where} o no es base64`);
  return Buffer.from(compact, 'base64');
}

/** `subjectPublicKeyInfo/subjectPublicKey` when it holds a readable SPKI; ignored otherwise. */
function embeddedPublicKey(basic: XmlNode | null) {
  const value = textOf(at(basic, 'subjectPublicKeyInfo', 'subjectPublicKey'))?.replace(/\s+/g, '');
  if (!value || !BASE64.test(value)) return null;
  try {
    return loadSpki(Buffer.from(value, 'base64'));
  } catch {
    return null;
  }
}

const SUBJECT_LABELS: [string, string][] = [
  ['commonName', 'CN'],
  ['givenName', 'givenName'],
  ['surname', 'surname'],
  ['organizationName', 'O'],
  ['organizationUnitName', 'OU'],
  ['organizationIdentifier', 'organizationIdentifier'],
  ['countryName', 'C'],
  ['description', 'description'],
];

function subjectOf(subject: XmlNode | null): string | null {
  if (!subject) return null;
  const parts: string[] = [];
  for (const [element, label] of SUBJECT_LABELS) {
    const value = textOf(childOf(subject, element));
    if (value) parts.push(`${label}=${value}`);
  }
  return parts.length ? parts.join(', ') : null;
}

function unreadable(detail: string): CertificateError {
  return new CertificateError('certificate_unreadable', `El certificado del MH no es legible: ${detail}.`);
}
