import type { CredentialStatus } from '../api/emitters.api';
import { countOf, daysUntil, formatDate } from '../lib/format';
import { Badge } from './badge';
import { Alert } from './states';

/** The service warns 30 days before a certificate expires (e-mail and `credential.expiring`); the panel too. */
export const EXPIRY_WARNING_DAYS = 30;

function inDays(days: number): string {
  return days === 0 ? 'menos de un día' : countOf(days, 'día', 'días');
}

/** Whole days until the certificate expires (negative once it has), or null when it is far off or unknown. */
export function expiringInDays(credential: CredentialStatus | undefined, now = new Date()): number | null {
  if (!credential?.certificateLoaded || !credential.certificateValidUntil) return null;
  const days = daysUntil(credential.certificateValidUntil, now);
  return days <= EXPIRY_WARNING_DAYS ? days : null;
}

/** An environment's credentials in one badge, wherever they appear: missing, refused by MH, expired, expiring, ready. */
export function CredentialBadge({ credential }: { credential: CredentialStatus | undefined }) {
  if (!credential?.certificateLoaded) return <Badge tone="neutral">Sin credenciales</Badge>;
  const days = expiringInDays(credential);
  const until = credential.certificateValidUntil ? formatDate(credential.certificateValidUntil) : '';
  if (days !== null && days < 0) return <Badge tone="danger" title={`Venció el ${until}.`}>Certificado vencido</Badge>;
  if (!credential.mhLoginOk) return <Badge tone="danger">Error con el MH</Badge>;
  if (days !== null) {
    return (
      <Badge tone="warning" title={`Vence el ${until}: cargue uno nuevo antes de esa fecha.`}>
        El certificado vence en {inDays(days)}
      </Badge>
    );
  }
  return <Badge tone="success">Listas</Badge>;
}

/** The warning of the credentials screen: an expired certificate, or one that expires within 30 days. */
export function ExpiryAlert({ credential }: { credential: CredentialStatus }) {
  const days = expiringInDays(credential);
  if (days === null) return null;
  const until = formatDate(credential.certificateValidUntil);
  if (days < 0) return <Alert tone="danger" title="El certificado venció">Venció el {until}. Cargue uno vigente para seguir emitiendo.</Alert>;
  return (
    <Alert tone="warning" title={`El certificado vence en ${inDays(days)}`}>
      Vence el {until}. Solicite uno nuevo al MH y cárguelo aquí antes de esa fecha.
    </Alert>
  );
}
