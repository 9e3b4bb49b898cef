import type { CertificateWarning, ParsedCertificate } from './certificate.types';

export const EXPIRY_WARNING_DAYS = 30;
const DAY_MS = 86_400_000;

type Validity = Pick<ParsedCertificate, 'validFrom' | 'validUntil'>;

/** True when the certificate has an end date and `now` is past it. */
export function isExpired(parsed: Validity, now: Date = new Date()): boolean {
  return parsed.validUntil !== null && now.getTime() > parsed.validUntil.getTime();
}

/** Non-blocking problems to show next to the credential status (Spanish messages). */
export function certificateWarnings(parsed: Validity, now: Date): CertificateWarning[] {
  const warnings: CertificateWarning[] = [];
  const { validFrom, validUntil } = parsed;
  if (validFrom && now.getTime() < validFrom.getTime()) {
    warnings.push({
      code: 'certificate_not_yet_valid',
      message: `El certificado aún no es válido: su vigencia comienza el ${day(validFrom)}.`,
    });
  }
  if (validUntil && isExpired(parsed, now)) {
    warnings.push({ code: 'certificate_expired', message: `El certificado venció el ${day(validUntil)}.` });
  } else if (validUntil && validUntil.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS) {
    const days = Math.max(0, Math.ceil((validUntil.getTime() - now.getTime()) / DAY_MS));
    warnings.push({
      code: 'certificate_expires_soon',
      message: `El certificado vence el ${day(validUntil)} (${days === 1 ? 'queda 1 día' : `quedan ${days} días`}); genere uno nuevo en el portal del MH.`,
    });
  }
  return warnings;
}

function day(d: Date): string {
  return d.toISOString().slice(0, 10);
}
