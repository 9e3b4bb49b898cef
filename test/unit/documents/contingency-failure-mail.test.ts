import { contingencyFailureMail } from '../../../src/services/contingency/contingency-failure-mail';

const base = { emitter_name: 'Ferretería <El Roble>', emitter_nit: '06141010101010', last_error: 'El MH rechazó el evento de contingencia: RECHAZADO [motivo] X' };

describe('contingencyFailureMail', () => {
  it.each([
    ['00', 1, 'El MH rechazó el evento de contingencia de Ferretería <El Roble> (pruebas)', '1 documento sigue en contingencia, sin sello del MH.'],
    ['01', 3, 'El MH rechazó el evento de contingencia de Ferretería <El Roble> (producción)', '3 documentos siguen en contingencia, sin sello del MH.'],
  ])('environment %s, %i held', (environment, held, subject, line) => {
    const m = contingencyFailureMail({ ...base, environment, documents_held: held });
    expect(m.subject).toBe(subject);
    expect(m.text.split('\n\n')).toEqual([
      `El Ministerio de Hacienda rechazó el evento de contingencia de Ferretería <El Roble> (NIT 06141010101010) en el ambiente de ${environment === '01' ? 'producción' : 'pruebas'}.`,
      'Respuesta del MH: El MH rechazó el evento de contingencia: RECHAZADO [motivo] X',
      line,
      'Corrija la causa y reintente cualquiera de esos documentos (panel: Documentos → Reintentar, o POST /v1/documents/{id}/retry): el servicio envía un nuevo evento con todos los documentos retenidos y después los lotes. El MH recibe el evento hasta 24 horas después de terminada la contingencia.\n',
    ]);
    expect(m.html).toContain('Ferretería &lt;El Roble&gt;');
    expect(m.html).not.toContain('<El Roble>');
  });
});
