import Bowser from 'bowser';

/**
 * A session's device in words, from its User-Agent («Chrome 140 en Linux», «Safari en iOS»): what a
 * person recognises in «Sesiones activas». Not proof of anything — the User-Agent is the client's word.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Dispositivo desconocido';
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    return 'Dispositivo desconocido';
  }
  const browser = parsed.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split('.')[0]}` : ''}` : null;
  const os = parsed.os.name ?? null;
  if (browser && os) return `${browser} en ${os}`;
  return browser ?? os ?? 'Dispositivo desconocido';
}
