/** Stable codes for certificate problems (upload validation and signing set-up). */
export type CertificateErrorCode =
  | 'certificate_unreadable'
  | 'certificate_password_invalid'
  | 'certificate_key_mismatch'
  | 'certificate_key_unsupported'
  | 'certificate_missing_nit';

/** A certificate file that cannot be used. Messages are Spanish and never echo the password or key. */
export class CertificateError extends Error {
  constructor(
    readonly code: CertificateErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}
