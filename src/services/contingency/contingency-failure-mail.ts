const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail to the account's owners when MH refused a contingency event (Spanish, usted). */
export function contingencyFailureMail(n: { emitter_name: string; emitter_nit: string; environment: string; last_error: string | null; documents_held: number }): { subject: string; text: string; html: string } {
  const env = n.environment === '01' ? 'producción' : 'pruebas';
  const docs = n.documents_held === 1 ? '1 documento sigue' : `${n.documents_held} documentos siguen`;
  const subject = `El MH rechazó el evento de contingencia de ${n.emitter_name} (${env})`;
  const lines = [
    `El Ministerio de Hacienda rechazó el evento de contingencia de ${n.emitter_name} (NIT ${n.emitter_nit}) en el ambiente de ${env}.`,
    `Respuesta del MH: ${n.last_error ?? 'sin detalle'}`,
    `${docs} en contingencia, sin sello del MH.`,
    'Corrija la causa y reintente cualquiera de esos documentos (panel: Documentos → Reintentar, o POST /v1/documents/{id}/retry): el servicio envía un nuevo evento con todos los documentos retenidos y después los lotes. El MH recibe el evento hasta 24 horas después de terminada la contingencia.',
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="es"><body>${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`,
  };
}
