import { type AddressClass, classifyHostname, classifyIp, describeClass, isAllowedClass } from './ip-classification';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export type UrlVerdict =
  | { ok: true; url: URL; hostname: string; literal: boolean }
  | { ok: false; code: 'invalid_format' | 'webhook_url_not_allowed'; message: string };

/** The host of a URL without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Checks a webhook URL before any resolution: https (http only with `allowPrivate`), no user
 * information, and a host that is not a private, loopback, link-local or metadata literal or name.
 * A host name that passes still has to resolve only to allowed addresses (`checkResolvedAddress`).
 */
export function checkWebhookUrl(text: string, allowPrivate: boolean): UrlVerdict {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, code: 'invalid_format', message: 'La URL no es válida; por ejemplo https://erp.example.com/webhooks/dte.' };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    return { ok: false, code: 'webhook_url_not_allowed', message: 'La URL del webhook debe usar https.' };
  }
  if (url.username || url.password) {
    return { ok: false, code: 'webhook_url_not_allowed', message: 'La URL del webhook no debe incluir usuario ni contraseña.' };
  }
  const hostname = bareHostname(url);
  if (!hostname) return { ok: false, code: 'invalid_format', message: 'La URL no tiene un nombre de servidor.' };
  const literal = classifyIp(hostname);
  const cls = literal ?? classifyHostname(hostname);
  if (cls && !isAllowedClass(cls, allowPrivate)) return { ok: false, code: 'webhook_url_not_allowed', message: notPublicMessage(hostname, null, cls) };
  return { ok: true, url, hostname, literal: literal !== null };
}

/** A resolved address of the URL's host: allowed, or the reason in Spanish. */
export function checkResolvedAddress(hostname: string, address: string, allowPrivate: boolean): { ok: true } | { ok: false; message: string; cls: AddressClass } {
  const cls = classifyIp(address) ?? 'reserved';
  return isAllowedClass(cls, allowPrivate) ? { ok: true } : { ok: false, cls, message: notPublicMessage(hostname, address, cls) };
}

function notPublicMessage(hostname: string, address: string | null, cls: AddressClass): string {
  const what = address && address !== hostname ? `${hostname} resuelve a ${address}, que ${describeClass(cls)}` : `${hostname} ${describeClass(cls)}`;
  return `La URL del webhook debe ser pública: ${what}.`;
}
