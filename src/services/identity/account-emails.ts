import type { MailMessage } from '../../integrations/mail/mailer.port';
import type { ServiceDeps } from '../shared/service-deps';
import { USER_LINK_VALIDITY } from './user-tokens';

/** The panel's page that opens an e-mailed link; the token travels after `#` (never in logs, proxies or Referer). */
export function panelLink(deps: ServiceDeps, page: 'invitacion' | 'restablecer-contrasena', token: string): string {
  return `${deps.baseUrl().replace(/\/$/, '')}/panel/${page}#${token}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function message(deps: ServiceDeps, to: string, subject: string, lines: string[], link: string, action: string, validity: string): MailMessage {
  const text = `${lines.join('\n\n')}\n\n${link}\n\nEl enlace vale ${validity} y se usa una sola vez. Si usted no esperaba este correo, ignórelo.`;
  const html = `<p>${lines.map(escapeHtml).join('</p><p>')}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>El enlace vale ${validity} y se usa una sola vez. Si usted no esperaba este correo, ignórelo.</p>`;
  return { from: deps.config.mail.from, to: [to], subject, text, html, attachments: [] };
}

export function invitationEmail(deps: ServiceDeps, to: string, invitedBy: string, link: string): MailMessage {
  return message(deps, to, 'Invitación al panel de facturación electrónica', [`${invitedBy} le invitó a usar el panel de facturación electrónica de su empresa.`, 'Para entrar, elija su contraseña en este enlace:'], link, 'Aceptar la invitación', USER_LINK_VALIDITY.invite);
}

export function passwordResetEmail(deps: ServiceDeps, to: string, link: string): MailMessage {
  return message(deps, to, 'Restablecer su contraseña', ['Recibimos una solicitud para restablecer la contraseña de su usuario del panel de facturación electrónica.', 'Para elegir una contraseña nueva, abra este enlace:'], link, 'Restablecer la contraseña', USER_LINK_VALIDITY.reset);
}
