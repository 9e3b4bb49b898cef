export type CertificateFormat = 'mh-xml' | 'pkcs12';

/** A certificate that passed every check: readable, right password, key pair consistent, NIT present. */
export interface ParsedCertificate {
  format: CertificateFormat;
  /** Digits only: 14, or 9 for a DUI-based NIT. */
  nit: string;
  /** Unencrypted PKCS#8 DER of the RSA private key. Secret: seal it before storing, never log it. */
  privateKeyPkcs8Der: Buffer;
  /** SubjectPublicKeyInfo DER of the public key (not secret). */
  publicKeySpkiDer: Buffer;
  validFrom: Date | null;
  validUntil: Date | null;
  /** Readable subject, e.g. `CN=…, O=…`; null when the file has none. */
  subject: string | null;
}

export interface CertificateWarning {
  code: 'certificate_expired' | 'certificate_expires_soon' | 'certificate_not_yet_valid';
  message: string;
}
