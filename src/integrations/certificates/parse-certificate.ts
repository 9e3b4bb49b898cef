import { CertificateError } from './certificate-error';
import type { ParsedCertificate } from './certificate.types';
import { looksLikeMhXml, parseMhXmlCertificate } from './parse-mh-xml-certificate';
import { looksLikeDer, parsePkcs12Certificate } from './parse-pkcs12-certificate';

export { CertificateError, type CertificateErrorCode } from './certificate-error';
export type { CertificateFormat, CertificateWarning, ParsedCertificate } from './certificate.types';
export { certificateWarnings, isExpired, EXPIRY_WARNING_DAYS } from './certificate-warnings';

/** Real files are a few KB; anything far larger is refused before parsing. */
export const MAX_CERTIFICATE_BYTES = 1024 * 1024;

/**
 * Reads an issuer certificate in either accepted format and checks it fully: MH XML
 * (`<CertificadoMH>`, the `.crt` from MH's console) or PKCS#12 (.p12/.pfx).
 * Throws CertificateError with code certificate_unreadable, certificate_password_invalid,
 * certificate_key_mismatch, certificate_key_unsupported or certificate_missing_nit.
 */
export function parseCertificate(file: Buffer, password: string): ParsedCertificate {
  if (!Buffer.isBuffer(file) || file.length === 0 || file.length > MAX_CERTIFICATE_BYTES) throw unreadable();
  const pass = typeof password === 'string' ? password : '';
  const text = asText(file);
  if (looksLikeMhXml(text)) return parseMhXmlCertificate(text, pass);
  if (looksLikeDer(file)) return parsePkcs12Certificate(file, pass);
  const decoded = base64Body(text);
  if (decoded && looksLikeDer(decoded)) return parsePkcs12Certificate(decoded, pass);
  throw unreadable();
}

function asText(file: Buffer): string {
  if (file[0] === 0xff && file[1] === 0xfe) return file.subarray(2).toString('utf16le');
  const text = file.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A PKCS#12 sent as base64 text (optionally PEM-armoured), as some tools export it. */
function base64Body(text: string): Buffer | null {
  const body = text.replace(/-----(BEGIN|END) [A-Z0-9 #]+-----/g, '').replace(/\s+/g, '');
  return body.length >= 16 && /^[A-Za-z0-9+/]+={0,2}$/.test(body) ? Buffer.from(body, 'base64') : null;
}

function unreadable(): CertificateError {
  return new CertificateError(
    'certificate_unreadable',
    'El archivo no es un certificado del MH (XML <CertificadoMH>) ni un PKCS#12 (.p12/.pfx).',
  );
}
