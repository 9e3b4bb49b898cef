import { formatMhDate, localDateTime } from '../../domain/mh-rules/el-salvador-time';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail to the account's owners about one certificate close to its end (Spanish, usted, El Salvador dates). */
export function expiryMail(n: { emitter_name: string; emitter_nit: string; environment: string; valid_until: Date; days_left: number }): { subject: string; text: string; html: string } {
  const env = n.environment === '01' ? 'producción' : 'pruebas';
  const local = localDateTime(n.valid_until);
  const when = `${formatMhDate(local.date)} ${local.time.slice(0, 5)}`;
  const days = n.days_left === 1 ? '1 día' : `${n.days_left} días`;
  const subject = `El certificado de ${n.emitter_name} (${env}) vence en ${days}`;
  const lines = [
    `El certificado de firma de ${n.emitter_name} (NIT ${n.emitter_nit}) para el ambiente de ${env} vence el ${when} (hora de El Salvador), en ${days}.`,
    'Después de esa fecha no se podrán firmar ni transmitir documentos con él.',
    'Descargue el certificado renovado del Ministerio de Hacienda y súbalo en el panel (Emisores → Credenciales) o con PUT /v1/emitters/{id}/credentials.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="es"><body>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`,
  };
}
