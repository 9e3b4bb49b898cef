/**
 * Where the browser panel lives and the pages that e-mailed or handed-out links open. A secret
 * (password-reset or invitation token, embed token) always travels after `#`: browsers never send
 * the fragment to a server, so it stays out of access logs, proxies and `Referer`.
 */
import { EMBED_PAGE_PATH } from '../../services/embed/embed-token';
import { trimTrailing } from '../../domain/shared/linear-text';

export const PANEL_BASE_PATH = '/panel';

export const PANEL_PAGES = {
  /** The documents list, the first screen after login. */
  documents: '/panel/documentos',
  /** Set a new password from an e-mailed single-use link: `…/restablecer-contrasena#<token>`. */
  passwordReset: '/panel/restablecer-contrasena',
  /** Accept an invitation to an account and choose a password: `…/invitacion#<token>`. */
  invitation: '/panel/invitacion',
  /** The read-only embed view: `…/embed/<embed session id>#<token>` (the id is not secret; it lets the page's CSP name the account's allowed frame ancestors). */
  embed: EMBED_PAGE_PATH,
} as const;

/** An absolute link to a panel page carrying a secret after `#`. */
export function panelLink(baseUrl: string, page: string, token: string, ref?: string): string {
  return `${trimTrailing(baseUrl, '/')}${page}${ref ? `/${encodeURIComponent(ref)}` : ''}#${token}`;
}
