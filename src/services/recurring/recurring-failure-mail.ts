import { formatMhDate } from '../../domain/mh-rules/el-salvador-time';
import type { MailMessage } from '../ports/mailer.port';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail to an account owner about one occurrence of a recurring document that was refused (Spanish, usted, El Salvador dates). */
export function recurringFailureMail(
  from: string,
  to: string,
  f: { emitterName: string; environment: string; occurrenceOn: string; recurringId: string; message: string; errors: { path: string; message: string }[]; panelUrl: string },
): MailMessage {
  const env = f.environment === '01' ? 'producción' : 'pruebas';
  const subject = `No se emitió la factura recurrente del ${formatMhDate(f.occurrenceOn)} de ${f.emitterName}`;
  const details = f.errors.filter((e) => e.message !== f.message).map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));
  const lines = [
    `La emisión del ${formatMhDate(f.occurrenceOn)} de la factura recurrente ${f.recurringId} de ${f.emitterName} (ambiente de ${env}) fue rechazada y no se emitió ningún documento.`,
    `Motivo: ${f.message}`,
    ...details,
    'Esta emisión no se reintenta. Corrija la causa (por ejemplo, las credenciales del emisor o la plantilla) y, si la necesita, emita el documento a mano; las próximas emisiones siguen su calendario.',
    `Historial de emisiones: ${f.panelUrl}`,
  ];
  return {
    from,
    to: [to],
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="es"><body>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`,
    attachments: [],
  };
}
