import type { MailMessage } from '../ports/mailer.port';
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

/** A notice without a link: what happened, when, and what to do if it was not the user. */
export function securityNoticeEmail(deps: ServiceDeps, to: string, subject: string, lines: string[]): MailMessage {
  const tail = 'Si no fue usted, cambie su contraseña y avise al propietario de la cuenta. Este es un aviso de seguridad automático; no lo responda.';
  const text = `${[...lines, tail].join('\n\n')}`;
  const html = `<p>${[...lines, tail].map(escapeHtml).join('</p><p>')}</p>`;
  return { from: deps.config.mail.from, to: [to], subject, text, html, attachments: [] };
}

export function loginLockedEmail(deps: ServiceDeps, to: string, failures: number, minutes: number): MailMessage {
  return securityNoticeEmail(deps, to, 'Su usuario del panel quedó bloqueado por intentos fallidos', [
    `Hubo ${failures} intentos fallidos de iniciar sesión con su usuario (${to}) en los últimos ${minutes} minutos, desde una o varias direcciones.`,
    `Por seguridad, su usuario no admite inicios de sesión durante hasta ${minutes} minutos, ni siquiera con la contraseña correcta. Luego podrá entrar de nuevo.`,
  ]);
}

export function passwordChangedEmail(deps: ServiceDeps, to: string, at: Date): MailMessage {
  return securityNoticeEmail(deps, to, 'Se cambió la contraseña de su usuario del panel', [
    `La contraseña de su usuario del panel de facturación electrónica (${to}) se cambió el ${at.toISOString().replace('T', ' ').slice(0, 16)} (UTC).`,
    'Las demás sesiones abiertas de su usuario se cerraron.',
  ]);
}

/** The second factor turned on or off, or a recovery code spent, or the account's requirement changed. */
export function secondFactorNoticeEmail(deps: ServiceDeps, to: string, change: 'enabled' | 'disabled' | 'recovery_code_used' | 'required' | 'not_required', at: Date): MailMessage {
  const when = `${at.toISOString().replace('T', ' ').slice(0, 16)} (UTC)`;
  const subjects = {
    enabled: 'Activó la verificación en dos pasos',
    disabled: 'Desactivó la verificación en dos pasos',
    recovery_code_used: 'Se usó un código de recuperación de su usuario',
    required: 'Su cuenta ahora exige la verificación en dos pasos',
    not_required: 'Su cuenta ya no exige la verificación en dos pasos',
  } as const;
  const lines = {
    enabled: `Desde el ${when}, su usuario del panel (${to}) pide un código de su aplicación de autenticación después de la contraseña. Guarde sus códigos de recuperación en un lugar seguro.`,
    disabled: `Desde el ${when}, su usuario del panel (${to}) ya no pide el código de su aplicación de autenticación.`,
    recovery_code_used: `El ${when} se inició sesión con su usuario del panel (${to}) usando uno de sus códigos de recuperación, que ya no vale.`,
    required: `Desde el ${when}, el propietario exige la verificación en dos pasos a todos los usuarios de la cuenta: si usted aún no la tiene, la activará al iniciar sesión.`,
    not_required: `Desde el ${when}, la cuenta ya no exige la verificación en dos pasos; quien la tenga activada la conserva.`,
  } as const;
  return securityNoticeEmail(deps, to, subjects[change], [lines[change]]);
}
